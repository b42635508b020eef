import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, type ErrorBody } from '../http/errors.ts';

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const RETRY_AFTER_SECONDS = 5;

/** True when the error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      // 08: connection exception; 57P01-57P03: server shutting down or starting up.
      if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) {
        return true;
      }
    }
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function body(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { code, message, error: message, ...(fields ? { fields } : {}) };
}

/** Fastify's own client errors (bad JSON, media type, size) keep their 4xx with our body. */
const FRAMEWORK_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request', 'Invalid content length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'invalid_request', 'Invalid content type'],
};

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/**
 * What a browser shows when a page cannot be served at all (the shop busy, the database away):
 * the JSON body's message as a page, with a link that tries again.
 */
function errorPage(message: string): string {
  const text = message.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Tessera</title></head><body><main><h1>Tessera</h1><p>${text}</p><p><a href="">Try again</a></p></main></body></html>`;
}

/** A browser asking for a page (API clients and images get JSON). */
function wantsPage(request: FastifyRequest): boolean {
  return !request.url.startsWith('/api/') && /text\/html/.test(request.headers.accept ?? '');
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError | HttpError | Error,
) {
  const answer = (status: number, errorBody: ErrorBody) =>
    status >= 500 && wantsPage(request)
      ? reply.status(status).type('text/html; charset=utf-8').send(errorPage(errorBody.message))
      : reply.status(status).send(errorBody);
  if (error instanceof HttpError) {
    if (error.headers) reply.headers(error.headers);
    return answer(error.statusCode, error.toBody());
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (known) return reply.status(known[0]).send(body(known[1], known[2]));
  if (error instanceof SyntaxError && (fastifyError.statusCode ?? 0) === 400) {
    return reply.status(400).send(body('invalid_json', 'The request body is not valid JSON'));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return answer(
      503,
      body('service_unavailable', 'The shop is temporarily unavailable. Please retry shortly.'),
    );
  }
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.status(status).send(body('invalid_request', fastifyError.message));
  }
  request.log.error({ err: error }, 'unexpected error');
  return answer(500, body('internal_error', 'Something went wrong on our side.'));
}

/** One error handler for every route: JSON errors of design.md section 5, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error as Error));
  app.setNotFoundHandler((request, reply) => {
    const message = `No route for ${request.method} ${request.url.split('?')[0]}`;
    return reply.status(404).send(body('not_found', message));
  });
});
