import { UPLOAD_CONTENT_TYPES } from '#domain/admin-catalogue.ts';
import { IMPORT_CONTENT_TYPES } from '#domain/admin-jobs.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError } from '../http/errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin;
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * A product image upload or a product CSV import: a body no cross-site form can send (browsers
 * ask first, and the origin check above still applies).
 */
function isUpload(url: string, contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    (/^\/api\/admin\/products\/\d+\/images(?:\?|$)/.test(url) &&
      (UPLOAD_CONTENT_TYPES as readonly string[]).includes(type)) ||
    (/^\/api\/admin\/imports(?:\?|$)/.test(url) &&
      (IMPORT_CONTENT_TYPES as readonly string[]).includes(type))
  );
}

/**
 * State-changing API requests must be JSON (a form or text/plain body is how a cross-site page
 * forges one) and, when the browser says where they come from, come from our own origin.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { production: boolean; publicOrigin?: string }) => {
    const headers = baseSecurityHeaders(options.production);
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      if (!UNSAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      const origin = requestOrigin(request);
      if (origin !== null) {
        const own = options.publicOrigin ?? `${request.protocol}://${request.host}`;
        if (origin !== own) throw forbidden('Cross-origin request refused');
      }
      const contentType = request.headers['content-type'];
      const hasBody =
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
      if (
        hasBody &&
        !/^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType ?? '') &&
        !isUpload(request.url, contentType)
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
