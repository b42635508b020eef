import { randomBytes } from 'node:crypto';
import { priceListOf, RETAIL_BUYER } from '#domain/price-for.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import pLimit, { type LimitFunction } from 'p-limit';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import type { ApiAnswer, PageLoadContext } from '#domain/page-load-context.ts';
import { HttpError } from '../http/errors.ts';
import { shopOrigin } from '../http/origin.ts';
import {
  PageCache,
  pageEtag,
  cachedPage,
  renonced,
  revalidatedNonce,
  type CachedPage,
} from './page-cache.ts';

/** The origin of the configured reviews widget script, which pages must allow to load and run. */
export function widgetOrigin(src: string | undefined): string | undefined {
  if (!src) return undefined;
  try {
    return new URL(src).origin;
  } catch {
    return undefined;
  }
}

/** Origins beyond the shop's own that pages may load scripts from and talk to. */
export interface ThirdParties {
  scripts: readonly string[];
  connect: readonly string[];
}

/** Stripe.js and its API, for the card form, when card payments are on. */
export const STRIPE_ORIGINS: ThirdParties = {
  scripts: ['https://js.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export function pagesCsp(
  nonce: string,
  third: ThirdParties = { scripts: [], connect: [] },
): string {
  const extra = (origins: readonly string[]) => origins.map((o) => ` ${o}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra(third.scripts)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${extra([...third.scripts, ...third.connect])}`,
    "media-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Built on the shop's origin, so canonical links and JSON-LD never carry a forged Host. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const url = `${origin}${request.raw.url}`;
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

const RETAIL_LIST = priceListOf(RETAIL_BUYER);
const newNonce = () => randomBytes(16).toString('base64');

/** Pages in progress per render slot beyond which more are refused (503): not served in time. */
const PAGES_PER_SLOT = 65;

/**
 * The loaders' context for one render. It counts the render's API calls, so a page that showed a
 * fallback because a call failed or had not answered in time is known as such. `api` calls carry
 * no session: what a shopper's session shows (basket, account) the browser fetches itself, so
 * the server's HTML is the same for every visitor of one price list and one render can serve them
 * all (a buyer with a group's price list has `api` calls made with their session, so the
 * catalogue answers carry that list's prices, and the page is kept under that list). The few
 * pages that must render one shopper's data (checkout, an order) use `shopperApi`, which marks
 * the render personal: never kept, sent as `no-store`.
 */
function loadContextFor(
  app: FastifyInstance,
  request: FastifyRequest,
  nonce: string,
  config: Config,
  renders: LimitFunction,
  priceList: string,
): { context: PageLoadContext; clean(): boolean; personal(): boolean } {
  let pending = 0;
  let failed = false;
  let personal = false;
  const sessionCookie = request.cookies[app.sessionCookieName];
  const withSession =
    sessionCookie === undefined
      ? undefined
      : `${app.sessionCookieName}=${encodeURIComponent(sessionCookie)}`;
  async function call<T>(path: string, cookie: string | undefined): Promise<ApiAnswer<T>> {
    pending += 1;
    try {
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: {
          'x-forwarded-host': request.host,
          ...(cookie === undefined ? {} : { cookie }),
        },
      });
      if (response.statusCode >= 500) failed = true;
      return {
        status: response.statusCode,
        data: (response.statusCode < 500 ? response.json() : null) as T,
        headers: Object.fromEntries(
          Object.entries(response.headers).map(([k, v]) => [k, String(v)]),
        ),
      };
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      pending -= 1;
    }
  }
  const context: PageLoadContext = {
    cspNonce: nonce,
    config: {
      reviewsWidgetSrc: config.reviewsWidgetSrc,
      mapTileUrl: config.mapTileUrl,
      addressLookup: config.postcodeLookup !== undefined,
    },
    hasSessionCookie: request.cookies[app.sessionCookieName] !== undefined,
    renderTurn: () =>
      new Promise((gotTurn) => {
        void renders(() => new Promise<void>((release) => gotTurn(release)));
      }),
    api: (path) => call(path, priceList === RETAIL_LIST ? undefined : withSession),
    shopperApi: (path) => {
      personal = true;
      return call(path, withSession);
    },
  };
  return { context, clean: () => pending === 0 && !failed, personal: () => personal };
}

/**
 * Every path not served by the API: React Router's server rendering. Built assets are served
 * from build/client, the hashed ones as immutable. Anonymous GETs are kept for
 * `responseCacheTtlMs` and served stale for `pageStaleMs` more while a fresh render is made.
 */
export async function pages(app: FastifyInstance, options: { buildDir: string; config: Config }) {
  const serverEntry = join(options.buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`No storefront build at ${serverEntry}: run "npm run build" first`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(
    build,
    options.config.env === 'production' ? 'production' : 'development',
  );

  await app.register(fastifyStatic, {
    root: join(options.buildDir, 'client'),
    wildcard: false,
    index: false,
    // The build writes brotli and gzip copies of scripts and styles (vite.config.ts).
    preCompressed: true,
    setHeaders: (res, path) => {
      res.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
    },
  });

  const cache = new PageCache({
    ttlMs: options.config.responseCacheTtlMs,
    staleMs: options.config.pageStaleMs,
  });
  // A saved product, page or menu shows on every page: none kept from before may be served.
  app.changes.on((change) => change !== 'sessions' && cache.clear());
  const widget = widgetOrigin(options.config.reviewsWidgetSrc);
  const stripe = options.config.stripe ? STRIPE_ORIGINS : { scripts: [], connect: [] };
  const thirdParties: ThirdParties = {
    scripts: [...(widget ? [widget] : []), ...stripe.scripts],
    connect: stripe.connect,
  };
  // Only rendering, which is CPU-bound, takes turns: loaders waiting on a slow source (a hung
  // content store) hold no slot, so they cannot hold up other pages.
  const renders = pLimit(options.config.renderConcurrency);
  const maxInProgress = PAGES_PER_SLOT * renders.concurrency;
  let inProgress = 0;

  /** What every visitor of a price list may share: GETs, keyed by price list, origin and path. */
  const cacheKeyOf = (request: FastifyRequest, priceList: string): string | null =>
    cache.enabled && request.method === 'GET'
      ? `${priceList} ${request.protocol}://${request.host}${request.url}`
      : null;

  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    renderedNonce?: string,
  ) {
    const revalidated = revalidatedNonce(request.headers['if-none-match'], page.hash);
    const nonce = revalidated ?? renderedNonce ?? newNonce();
    for (const [key, value] of page.headers) reply.header(key, value);
    reply
      .header('content-security-policy', pagesCsp(nonce, thirdParties))
      .header('etag', pageEtag(page.hash, nonce))
      .header('cache-control', 'private, no-cache');
    if (revalidated) return reply.status(304).send();
    return reply.status(200).send(renonced(page, nonce));
  }

  /** Stale-while-revalidate: one render in the background. */
  function refresh(request: FastifyRequest, key: string) {
    if (!cache.claimRefresh(key)) return;
    void app
      .inject({
        method: 'GET',
        url: request.url,
        // With the session: a group's page is rendered again with the group's prices.
        headers: {
          host: request.host,
          'cache-control': 'no-cache',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        },
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'page refresh failed'))
      .finally(() => cache.releaseRefresh(key));
  }

  await app.register(async (scope) => {
    // Pages read no bodies themselves: React Router gets the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/*', { config: { refusesWrites: true } }, async (request, reply) => {
      // No route has an action: anything but a read is refused here, before React Router,
      // which would log a stack for each (a scanner sends thousands).
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        throw new HttpError(405, 'method_not_allowed', 'Pages are only read', undefined, {
          allow: 'GET, HEAD',
        });
      }
      const priceList = priceListOf(await app.services.buyers.forRequest(request));
      const key = cacheKeyOf(request, priceList);
      // A client asking for a fresh page (Cache-Control: no-cache) gets one, and it is kept.
      if (key !== null && !/no-cache/i.test(request.headers['cache-control'] ?? '')) {
        const hit = cache.lookup(key);
        if (hit) {
          if (hit.stale) refresh(request, key);
          reply.header('x-cache', hit.stale ? 'stale' : 'hit');
          return sendPage(request, reply, hit.page);
        }
      }
      if (inProgress >= maxInProgress) {
        throw new HttpError(503, 'busy', 'The shop is busy. Please retry shortly.', undefined, {
          'retry-after': '2',
        });
      }
      inProgress += 1;
      try {
        return await render(request, reply, key, priceList);
      } finally {
        inProgress -= 1;
      }
    });

    async function render(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string | null,
      priceList: string,
    ) {
      const nonce = newNonce();
      const load = loadContextFor(app, request, nonce, options.config, renders, priceList);
      const response = await handle(
        toFetchRequest(request, reply, shopOrigin(options.config, request)),
        load.context as never,
      );
      // A page made from the shopper's session is theirs alone: no cache may keep it.
      if (load.personal()) response.headers.set('cache-control', 'no-store');
      const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
      const keep =
        key !== null &&
        !load.personal() &&
        response.status === 200 &&
        response.body !== null &&
        response.headers.getSetCookie().length === 0 &&
        // A route that says its page is not to be stored (the account area) is not kept.
        !/no-store|private/i.test(response.headers.get('cache-control') ?? '');
      if (keep) {
        const body = await response.text();
        const page = cachedPage(body, nonce, headers);
        // A render that saw a failing or unfinished API call shows a fallback: never keep one.
        if (load.clean()) cache.store(key, page);
        return sendPage(request, reply, page, nonce);
      }
      reply.status(response.status);
      reply.header('content-security-policy', pagesCsp(nonce, thirdParties));
      for (const [name, value] of headers) reply.header(name, value);
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      if (!response.body) return reply.send();
      const stream = Readable.fromWeb(response.body as NodeReadableStream);
      reply.send(stream);
      // A streamed page is in progress until its last byte (the overload guard counts it).
      await finished(stream).catch(() => undefined);
      return reply;
    }
  });
}
