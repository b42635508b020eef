import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { SHOP_EMAIL } from '#domain/company.ts';
import { orderLimitsFrom, type OrderLimits } from '#domain/limits.ts';
import { retentionDaysFrom } from '#domain/retention.ts';
import {
  DEFAULT_HOLDING_LIMITS,
  DEFAULT_RATE_LIMITS,
  holdingLimitVariable,
  parseRateRule,
  rateLimitVariable,
  type HoldingLimits,
  type RateLimits,
} from '#domain/rate-limits.ts';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PostgreSQL connection string; unset means the embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections of this instance (pages and posts have 3 more of their own). */
  databasePoolSize: number;
  dataDir: string;
  /** Bytes the generated image cache in DATA_DIR/media-cache may hold. */
  mediaCacheBytes: number;
  /** Images made at once (stone textures painted, uploads resized): about one per spare core. */
  mediaRenderConcurrency: number;
  /** Images waiting to be made; one more is answered 503 with Retry-After at once. */
  mediaRenderQueue: number;
  /** The longest an image may expect to wait to be made; longer is answered 503 at once. */
  mediaRenderMaxWaitMs: number;
  /**
   * Whether a product import may fetch images from loopback or private addresses: off in
   * production unless set, so a CSV cannot make the shop probe its own network.
   */
  importFetchPrivate: boolean;
  /**
   * The shop's own origin, e.g. https://shop.example: links in mail and feeds are built from it
   * and state-changing requests must come from it. Always set in production (PUBLIC_ORIGIN, or
   * the bound address of a loopback-only run); elsewhere unset means the request's own.
   */
  publicOrigin: string | undefined;
  logLevel: string;
  seedOnEmpty: boolean;
  /** Session cookies are Secure in production unless this is set (plain-http loopback tests). */
  secureCookies: boolean;
  /** Whether to trust X-Forwarded-* headers from a reverse proxy in front of the instances. */
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** How long catalogue answers are served from the in-process cache; 0 turns it off. */
  responseCacheTtlMs: number;
  /** How long past that TTL an anonymous page is still served while it is re-rendered. */
  pageStaleMs: number;
  /**
   * Pages rendered at once; more wait their turn in order. Renders are CPU-bound: a few at a
   * time finish sooner than many interleaved.
   */
  renderConcurrency: number;
  /** Registers the baseline routes of bench/ under /api/_bench (never in production use). */
  benchRoutes: boolean;
  /** Third-party reviews widget script; the reviews page injects nothing when unset. */
  reviewsWidgetSrc: string | undefined;
  /** Map tile URL template for the contact page, e.g. https://tile.example/{z}/{x}/{y}.png */
  mapTileUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where replies to the shop's mail go (MAIL_REPLY_TO); unset, replies go to MAIL_FROM. */
  mailReplyTo: string | undefined;
  /** The longest one SMTP send may take (MAIL_SEND_TIMEOUT_MS): connecting, greeting, idle. */
  mailSendTimeoutMs: number;
  /** How often each instance looks for mail to send when nothing woke it (MAIL_POLL_MS). */
  mailPollMs: number;
  /** Where the new-order mail goes (SHOP_ORDERS_EMAIL); the shop's address by default. */
  shopOrdersEmail: string;
  /** Days a bank-transfer order waits for its payment before it expires and frees its stock. */
  orderPaymentDays: number;
  /** How often each instance looks for unpaid orders to expire; 0 turns the sweep off. */
  orderExpirySweepMs: number;
  /** Starts and ends scheduled sales at their instants (server/plugins/sale-schedule.ts). */
  saleScheduleSweep: boolean;
  /** Days guest personal data is kept (GUEST_DATA_RETENTION_DAYS, domain/retention.ts). */
  guestDataRetentionDays: number;
  /** How often each instance runs the retention sweep (RETENTION_SWEEP_MS); 0 turns it off. */
  retentionSweepMs: number;
  /** Card payments through Stripe are offered only when both keys are set. */
  stripe: StripeConfig | undefined;
  /** The address service behind "Find address"; without a key there is no lookup. */
  postcodeLookup: PostcodeLookupConfig | undefined;
  /** What one basket or order may hold (ORDER_MAX_LINE_PIECES, ORDER_MAX_LINES, ORDER_MAX_TOTAL_PENCE). */
  orderLimits: OrderLimits;
  /** Throttles and rate limits (domain/rate-limits.ts), each overridable as RATE_LIMIT_NAME=5/15m. */
  rateLimits: RateLimits;
  /** What unpaid orders may hold (domain/rate-limits.ts), each overridable as HOLD_LIMIT_NAME. */
  holdingLimits: HoldingLimits;
}

export interface PostcodeLookupConfig {
  apiKey: string;
  /** The service's base URL; a test points it at a local fake. */
  apiUrl: string;
  timeoutMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** For the browser's Stripe.js; the card form needs it. */
  publishableKey: string | undefined;
  /** Another API origin than Stripe's own (tests point it at their local fake of Stripe). */
  apiUrl: string | undefined;
}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** A count from the environment; empty or not a whole number ≥ 0 gives the fallback. */
function wholeNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) && parsed >= 0
    ? parsed
    : fallback;
}

function port(value: string | undefined): number {
  const parsed = Number(value ?? 3000);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return parsed;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * PUBLIC_ORIGIN, reduced to its origin. Production without it would build links from the
 * request's Host, which anyone can forge, so it refuses to start unless the shop listens on
 * loopback only: then no one else can reach it and its origin is its own bound address.
 */
function publicOrigin(
  value: string | undefined,
  nodeEnv: Config['env'],
  host: string,
  boundPort: number,
): string | undefined {
  if (value) {
    let origin = 'null';
    try {
      origin = new URL(value).origin;
    } catch {
      // reported below
    }
    if (origin === 'null') {
      throw new Error(
        `PUBLIC_ORIGIN must be an origin such as https://shop.example, got "${value}"`,
      );
    }
    return origin;
  }
  if (nodeEnv !== 'production') return undefined;
  if (!LOOPBACK_HOSTS.has(host) || boundPort === 0) {
    throw new Error(
      'PUBLIC_ORIGIN must be set in production (e.g. https://shop.example): links in mail are ' +
        'built from it. Only a run bound to loopback (HOST 127.0.0.1, ::1 or localhost) with a ' +
        'fixed PORT may leave it unset.',
    );
  }
  return `http://${host === '::1' ? '[::1]' : host}:${boundPort}`;
}

function rateLimits(env: Env): RateLimits {
  const entries = Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [
    name,
    parseRateRule(env[rateLimitVariable(name)]) ?? rule,
  ]);
  return Object.fromEntries(entries) as RateLimits;
}

function holdingLimits(env: Env): HoldingLimits {
  const entries = Object.entries(DEFAULT_HOLDING_LIMITS).map(([name, cap]) => [
    name,
    wholeNumber(env[holdingLimitVariable(name)], cap),
  ]);
  return Object.fromEntries(entries) as HoldingLimits;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' || env.NODE_ENV === 'test' ? env.NODE_ENV : 'development';
  const host = env.HOST ?? '127.0.0.1';
  const boundPort = port(env.PORT);
  return {
    env: nodeEnv,
    host,
    port: boundPort,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: Math.max(1, Number(env.DATABASE_POOL_SIZE ?? 20) || 20),
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    mediaCacheBytes: Math.max(1, Number(env.MEDIA_CACHE_MB ?? 512) || 512) * 1024 * 1024,
    mediaRenderConcurrency: Math.max(
      1,
      Number(env.MEDIA_RENDER_CONCURRENCY) || Math.min(4, availableParallelism() - 1),
    ),
    mediaRenderQueue: wholeNumber(env.MEDIA_RENDER_QUEUE, 32),
    mediaRenderMaxWaitMs: wholeNumber(env.MEDIA_RENDER_MAX_WAIT_MS, 4_000),
    importFetchPrivate: flag(env.IMPORT_FETCH_PRIVATE, nodeEnv !== 'production'),
    publicOrigin: publicOrigin(env.PUBLIC_ORIGIN, nodeEnv, host, boundPort),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    seedOnEmpty: flag(env.SEED_ON_EMPTY, true),
    secureCookies: nodeEnv === 'production' && !flag(env.INSECURE_COOKIES, false),
    trustProxy: flag(env.TRUST_PROXY, false),
    bodyLimitBytes: Number(env.BODY_LIMIT_BYTES ?? 64 * 1024),
    responseCacheTtlMs: Number(env.RESPONSE_CACHE_TTL_MS ?? 10_000),
    pageStaleMs: Number(env.PAGE_STALE_MS ?? 60_000),
    renderConcurrency: Math.max(1, Number(env.RENDER_CONCURRENCY ?? 4) || 4),
    benchRoutes: flag(env.BENCH_ROUTES, false),
    reviewsWidgetSrc: env.REVIEWS_WIDGET_SRC || undefined,
    mapTileUrl: env.MAP_TILE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Tessera <hello@tessera.local>',
    mailReplyTo: env.MAIL_REPLY_TO || undefined,
    mailSendTimeoutMs: Math.max(1_000, Number(env.MAIL_SEND_TIMEOUT_MS ?? 60_000) || 60_000),
    mailPollMs: Math.max(100, Number(env.MAIL_POLL_MS ?? 5_000) || 5_000),
    shopOrdersEmail: env.SHOP_ORDERS_EMAIL || SHOP_EMAIL,
    orderPaymentDays: Math.max(1, Number(env.ORDER_PAYMENT_DAYS ?? 7) || 7),
    orderExpirySweepMs:
      nodeEnv === 'test' ? 0 : Math.max(0, Number(env.ORDER_EXPIRY_SWEEP_MS ?? 300_000) || 0),
    saleScheduleSweep: (env.SALE_SCHEDULE_SWEEP ?? (nodeEnv === 'test' ? '0' : '1')) === '1',
    guestDataRetentionDays: retentionDaysFrom(env.GUEST_DATA_RETENTION_DAYS),
    retentionSweepMs:
      nodeEnv === 'test' ? 0 : Math.max(0, Number(env.RETENTION_SWEEP_MS ?? 86_400_000) || 0),
    orderLimits: orderLimitsFrom(env),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
            apiUrl: env.STRIPE_API_URL || undefined,
          }
        : undefined,
    postcodeLookup: env.POSTCODE_LOOKUP_API_KEY
      ? {
          apiKey: env.POSTCODE_LOOKUP_API_KEY,
          apiUrl: env.POSTCODE_LOOKUP_URL || 'https://api.ideal-postcodes.co.uk',
          timeoutMs: wholeNumber(env.POSTCODE_LOOKUP_TIMEOUT_MS, 5_000),
        }
      : undefined,
    rateLimits: rateLimits(env),
    holdingLimits: holdingLimits(env),
  };
}
