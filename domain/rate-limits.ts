import { formatGBP } from './money.ts';

/**
 * Every throttle, rate limit and holding cap of the shop in one place, with the defaults the
 * owner gets. The server reads overrides from the environment (server/config.ts); the
 * storefront may read the holding caps to say them before the shopper hits them.
 */

/** At most `limit` attempts per key within a fixed window of `windowMs`. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Per account, per address (IP), per session and per recipient. Brute force on one account is
 * slowed hard; one address (an office, a NAT) gets more room. Everything that mails or holds
 * stock is limited per address and per session, and a mail to a stranger's address per address
 * mailed, so the shop cannot be made to spam anyone.
 */
export const DEFAULT_RATE_LIMITS = {
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  staffLoginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  staffLoginPerIp: { limit: 20, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 30, windowMs: HOUR },
  resetPerAccount: { limit: 3, windowMs: HOUR },
  resetPerIp: { limit: 20, windowMs: HOUR },
  verifyEmailPerAccount: { limit: 3, windowMs: HOUR },
  verifyEmailPerIp: { limit: 20, windowMs: HOUR },
  ordersPerIp: { limit: 20, windowMs: HOUR },
  ordersPerSession: { limit: 10, windowMs: HOUR },
  ordersPerEmail: { limit: 10, windowMs: DAY },
  enquiriesPerIp: { limit: 10, windowMs: HOUR },
  enquiriesPerSession: { limit: 5, windowMs: HOUR },
  newsletterPerIp: { limit: 10, windowMs: HOUR },
  newsletterPerSession: { limit: 5, windowMs: HOUR },
  newsletterPerEmail: { limit: 3, windowMs: DAY },
  discountCodesPerIp: { limit: 30, windowMs: HOUR },
  discountCodesPerSession: { limit: 10, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;
export type RateLimits = Record<RateLimitName, RateRule>;

/**
 * What an order that is not paid yet may hold, and what one buyer (an email address, or an IP
 * address) may hold in unpaid orders at once: unpaid stock is off sale until it expires.
 */
export interface HoldingLimits {
  /** Pieces of one size in one unpaid order. */
  orderMaxPiecesPerSize: number;
  /** Gross value of one unpaid order, in pence. */
  orderMaxPence: number;
  /** Unpaid orders one email address or one IP address may have open at once. */
  unpaidOrdersPerBuyer: number;
  /** Gross value of the unpaid orders one email address or IP address may have open, in pence. */
  unpaidPencePerBuyer: number;
}

export const DEFAULT_HOLDING_LIMITS: HoldingLimits = {
  orderMaxPiecesPerSize: 40,
  orderMaxPence: 2_500_000,
  unpaidOrdersPerBuyer: 3,
  unpaidPencePerBuyer: 5_000_000,
};

const UNIT_MS = { s: 1000, m: MINUTE, h: HOUR, d: DAY } as const;

/** "5/15m" → 5 attempts per 15 minutes; null for anything else (the caller keeps its default). */
export function parseRateRule(text: string | undefined): RateRule | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(text ?? '');
  if (!match) return null;
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  return windowMs > 0 ? { limit: Number(match[1]), windowMs } : null;
}

/** The environment variable that overrides a rate limit: ordersPerIp → RATE_LIMIT_ORDERS_PER_IP. */
export const rateLimitVariable = (name: string) =>
  `RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The environment variable of a holding cap: orderMaxPence → HOLD_LIMIT_ORDER_MAX_PENCE. */
export const holdingLimitVariable = (name: string) =>
  `HOLD_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The messages a shopper reads when a limit refuses them (429 or 422). */
export const LIMIT_MESSAGES = {
  tooManyAttempts: 'Too many attempts. Please try again later.',
  tooManyRequests: 'Too many requests from your connection. Please try again later.',
  tooManyCodes:
    'Too many codes tried that did not work. Please wait before trying another code, or place your order without one.',
  orderTooManyPieces: (max: number) =>
    `An unpaid order can hold at most ${max} pieces of one size. For a larger quantity please contact us for a quote.`,
  orderTooValuable: (max: string) =>
    `An unpaid order can be worth at most ${max}. For a larger order please contact us for a quote.`,
  tooManyUnpaid: (max: number) =>
    `You already have ${max} unpaid orders. Please pay for or cancel one before placing another.`,
  unpaidTooValuable: (max: string) =>
    `Your unpaid orders would be worth more than ${max}. Please pay for one before placing another.`,
} as const;

/** What a buyer already holds in unpaid orders (by their email address). */
export interface HeldByBuyer {
  orders: number;
  pence: number;
}

/**
 * Why a new unpaid order would hold more than the caps allow, or null when it may be placed:
 * too many pieces of one size, too much value in the order, or, with what the buyer already
 * holds unpaid, too many orders or too much value.
 */
export function holdingRefusal(
  order: { lines: { variationId: number; pieces: number }[]; totalPence: number },
  held: HeldByBuyer,
  limits: HoldingLimits,
): string | null {
  const piecesBySize = new Map<number, number>();
  for (const line of order.lines)
    piecesBySize.set(line.variationId, (piecesBySize.get(line.variationId) ?? 0) + line.pieces);
  if ([...piecesBySize.values()].some((pieces) => pieces > limits.orderMaxPiecesPerSize))
    return LIMIT_MESSAGES.orderTooManyPieces(limits.orderMaxPiecesPerSize);
  if (order.totalPence > limits.orderMaxPence)
    return LIMIT_MESSAGES.orderTooValuable(formatGBP(limits.orderMaxPence));
  if (held.orders + 1 > limits.unpaidOrdersPerBuyer)
    return LIMIT_MESSAGES.tooManyUnpaid(limits.unpaidOrdersPerBuyer);
  if (held.pence + order.totalPence > limits.unpaidPencePerBuyer)
    return LIMIT_MESSAGES.unpaidTooValuable(formatGBP(limits.unpaidPencePerBuyer));
  return null;
}
