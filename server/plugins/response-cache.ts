import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { priceListOf, RETAIL_BUYER } from '#domain/price-for.ts';

/**
 * Catalogue reads whose answer depends only on the URL and the asker's price list (retail, or a
 * customer group's: prices and trade-only products), never on anything else of who asks.
 */
const CACHEABLE = [
  /^\/api\/products(?:\/|\?|$)/,
  /^\/api\/filtered-products(?:\?|$)/,
  /^\/api\/product\/\d+\/variations(?:\?|$)/,
  /^\/api\/clearance(?:\?|$)/,
  /^\/api\/megamenu(?:\?|$)/,
  /^\/api\/home(?:\?|$)/,
  /^\/api\/attributes(?:\?|$)/,
  /^\/api\/attribute\/\d+\/terms(?:\?|$)/,
];

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  cacheControl: string;
  storedAt: number;
}

const isCacheable = (request: FastifyRequest) =>
  request.method === 'GET' && CACHEABLE.some((pattern) => pattern.test(request.url));

const etagOf = (body: string) =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * A group's answer is for its members only: no shared cache (a CDN, a proxy) may keep it. Every
 * answer varies with the session, so a browser that signs in or out asks again.
 */
function scopeHeaders(reply: FastifyReply, priceList: string) {
  const control = String(reply.getHeader('cache-control') ?? 'no-cache');
  reply.header(
    'cache-control',
    priceList === RETAIL ? control : control.replace('public', 'private'),
  );
  varyOnSession(reply);
}

/** Adds the session's headers to Vary, keeping what is there (Accept-Encoding). */
function varyOnSession(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/cookie/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, Cookie, Authorization` : 'Cookie, Authorization');
}

/** The cache key of a request: its price list and its URL. */
async function keyOf(app: FastifyInstance, request: FastifyRequest): Promise<[string, string]> {
  const priceList = priceListOf(await app.services.buyers.forRequest(request));
  return [priceList, `${priceList} ${request.url}`];
}

const RETAIL = priceListOf(RETAIL_BUYER);

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: Entry) {
  reply.header('etag', entry.etag).header('cache-control', entry.cacheControl);
  varyOnSession(reply);
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  return reply.type(entry.contentType).header('x-cache', 'hit').send(entry.body);
}

/**
 * ETags on every catalogue read, and an in-process cache of their serialised answers for
 * `ttlMs` (0 turns the cache off, not the ETags). The catalogue changes only through imports
 * and re-seeding, so a short TTL bounds staleness across instances without any messaging.
 */
export const responseCachePlugin = fp(
  async (app: FastifyInstance, options: { ttlMs: number; maxBytes?: number }) => {
    // Bounded by weight, not count: answers range from a few hundred bytes to 100 KB.
    const entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (entry) => entry.body.length + 256,
    });
    const fresh = (entry: Entry | undefined) =>
      entry && Date.now() - entry.storedAt < options.ttlMs ? entry : undefined;

    app.decorate('clearResponseCache', () => entries.clear());
    // Answers are keyed by price list, not session: an ended session leaves them right.
    app.changes.on((change) => change !== 'sessions' && entries.clear());

    // After the cookies are read (onRequest): the key needs the session's price list.
    app.addHook('preHandler', async (request, reply) => {
      if (options.ttlMs <= 0 || !isCacheable(request)) return;
      // A client asking for a fresh answer (Cache-Control: no-cache) gets one; it is stored.
      if (/no-cache/i.test(request.headers['cache-control'] ?? '')) return;
      const [, key] = await keyOf(app, request);
      const entry = fresh(entries.get(key));
      if (entry) return sendCached(request, reply, entry);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!isCacheable(request) || reply.statusCode !== 200 || typeof payload !== 'string') {
        return payload;
      }
      if (reply.getHeader('x-cache') === 'hit') return payload;
      const [priceList, key] = await keyOf(app, request);
      scopeHeaders(reply, priceList);
      // The list is part of the tag: a 304 never confirms another list's copy.
      const etag = etagOf(`${priceList}\n${payload}`);
      reply.header('etag', etag);
      if (request.headers['if-none-match'] === etag) {
        reply.status(304);
        return '';
      }
      if (options.ttlMs > 0) {
        entries.set(key, {
          body: payload,
          etag,
          contentType: String(reply.getHeader('content-type') ?? 'application/json'),
          cacheControl: String(reply.getHeader('cache-control') ?? 'no-cache'),
          storedAt: Date.now(),
        });
      }
      return payload;
    });
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    clearResponseCache(): void;
  }
}
