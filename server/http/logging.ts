import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values are secret or personal: link tokens (order link, password reset,
 * unsubscribe, invitation), anything key- or password-like, and the searches and postcodes that
 * name a customer. Their values never reach a log line.
 */
export const SECRET_PARAMS = [
  'token',
  'key',
  'secret',
  'password',
  'code',
  'client_secret',
  'payment_intent_client_secret',
  'session_id',
  'signature',
  'email',
  'phone',
  'postcode',
  'q',
] as const;

/** Path shapes that carry a secret as a segment: the segment after these words. */
const SECRET_PATH = /\/(unsubscribe|confirm|reset-password|invitation|verify|token)\/[^/?#]+/gi;
const REDACTED = '[redacted]';
const secretParams = new Set<string>(SECRET_PARAMS);

/**
 * A URL as a log may show it: secret path segments and the values of secret query parameters
 * replaced, everything else kept (so a log still tells which page and which filters).
 *
 * redactUrl('/api/orders/TS-1001?token=abc') → '/api/orders/TS-1001?token=[redacted]'
 * redactUrl('/newsletter/confirm/abc?x=1') → '/newsletter/confirm/[redacted]?x=1'
 * redactUrl('/api/products?per_page=8') → '/api/products?per_page=8'
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutFragment = hash >= 0 ? url.slice(0, hash) : url;
  const question = withoutFragment.indexOf('?');
  const path = (question >= 0 ? withoutFragment.slice(0, question) : withoutFragment).replace(
    SECRET_PATH,
    (_match, word: string) => `/${word}/${REDACTED}`,
  );
  if (question < 0) return path;
  const query = withoutFragment
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals >= 0 ? pair.slice(0, equals) : pair;
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is still judged by the raw name.
      }
      return secretParams.has(decoded.trim().toLowerCase()) && equals >= 0
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fields of a database error that name things (codes, tables, constraints), never values. */
const DATABASE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;

/** A database error: pg's and PGlite's carry an SQLSTATE and a severity; Drizzle's wrap the query. */
const isDatabaseError = (error: Record<string, unknown>) =>
  'query' in error ||
  'params' in error ||
  (typeof error.severity === 'string' && typeof error.code === 'string');

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/**
 * An error as a log shows it. A database error's message and detail may quote row values ("Failing
 * row contains (…)", "Key (email)=(…)", a query's parameters), so for those only the SQLSTATE,
 * the names of the table, column and constraint, and the stack frames are kept: never values.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!error || typeof error !== 'object') {
    return { type: typeof error, message: String(error), stack: '' };
  }
  const e = error as Record<string, unknown> & Partial<Error>;
  const type = (e.constructor as { name?: string } | undefined)?.name ?? e.name ?? 'Error';
  const database = isDatabaseError(e);
  const fields: Record<string, unknown> = {};
  if (database) {
    for (const field of DATABASE_FIELDS) if (e[field] !== undefined) fields[field] = e[field];
  } else if (typeof e.code === 'string') fields.code = e.code;
  const message = database
    ? `database error${typeof e.code === 'string' ? ` ${e.code}` : ''} (values not logged)`
    : String(e.message ?? '');
  const frames =
    typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type,
    message,
    ...fields,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    ...(e.cause !== undefined && depth < 4 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

/** The request as each log line shows it: method and redacted URL, no headers or body. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/** The server's logger: the level, and serializers that keep secrets and personal data out. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}
