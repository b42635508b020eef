import { UPLOAD_CONTENT_TYPES } from '#domain/admin-images.ts';
import { IMPORT_CONTENT_TYPES } from '#domain/admin-jobs.ts';
import { DOCUMENT_CONTENT_TYPES } from '#domain/uploads.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../http/errors.ts';
import { shopOrigin } from '../http/origin.ts';

/** Headers every answer carries; pages add their own CSP with a per-request nonce. */
export function baseSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export const API_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

/** Methods that only read: a browser sends them cross-site freely, and they change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser says this request comes from a page of another origin. The decision reads
 * headers only, never the path, so no spelling of a path (encoded, doubled slashes, another
 * case) can step around it. Origin first; without it Sec-Fetch-Site, where only `same-origin`
 * and `none` (typed in the address bar) pass: another port of our host is `same-site`, which is
 * another origin. Last the Referer. A request with none of these comes from no browser page
 * (curl, API clients, Stripe's webhooks) and carries no ambient credentials to abuse.
 */
export function isCrossOrigin(headers: FastifyRequest['headers'], own: string): boolean {
  const origin = headers.origin;
  if (origin !== undefined) return origin !== own;
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const referer = headers.referer;
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin !== own;
  } catch {
    return true;
  }
}

/**
 * A product or content image upload, a product CSV import, a trade application's evidence or a
 * quote's drawing: a body no cross-site form can send (browsers ask first, and the origin check
 * still applies). Matched on the route the router chose, not
 * on the raw URL, so an encoded spelling of the path cannot pass as one or dodge the rule.
 */
function isUpload(route: string | undefined, contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    ((route === '/api/admin/products/:id/images' ||
      route === '/api/admin/content/images' ||
      route === '/api/orders/:number/returns/photos') &&
      (UPLOAD_CONTENT_TYPES as readonly string[]).includes(type)) ||
    (route === '/api/admin/imports' &&
      (IMPORT_CONTENT_TYPES as readonly string[]).includes(type)) ||
    (route === '/api/admin/products/:id/documents' && type === 'application/pdf') ||
    ((route === '/api/trade/applications/evidence' || route === '/api/admin/quotes/drawings') &&
      (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type))
  );
}

/**
 * Every state-changing request, on any path, must come from our own origin when a browser says
 * where it comes from, and its body must be JSON (a form or text/plain body is how a cross-site
 * page forges one without asking first). Pages take no bodies: they answer 405 to any write.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean; publicOrigin?: string }) => {
    const headers = baseSecurityHeaders(options.production);
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      if (SAFE_METHODS.has(request.method)) return;
      if (
        isCrossOrigin(request.headers, shopOrigin({ publicOrigin: options.publicOrigin }, request))
      ) {
        throw forbidden('Cross-origin request refused');
      }
      const contentType = request.headers['content-type'];
      const hasBody =
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
      // Pages refuse every write themselves (405) without reading its body.
      const refusesWrites =
        (request.routeOptions.config as { refusesWrites?: boolean } | undefined)?.refusesWrites ===
        true;
      if (
        hasBody &&
        !refusesWrites &&
        !/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '') &&
        !isUpload(request.routeOptions.url, contentType)
      ) {
        throw new HttpError(
          415,
          'unsupported_media_type',
          'Send the request body as application/json',
        );
      }
    });
  },
);
