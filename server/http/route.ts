import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from './errors.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteContext<Q, P, B> {
  query: Q;
  params: P;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A route's answer for the OpenAPI document: its schema, statuses and the errors it can give. */
export interface ResponseSpec {
  /** What the answer is. */
  description: string;
  /** The JSON answer (its output side); absent only for a binary answer (`contentType`). */
  schema?: z.ZodType;
  /** A non-JSON answer, e.g. 'application/pdf'. */
  contentType?: string;
  /** Status of a successful answer: 200 unless told; several when e.g. a replay answers 200. */
  status?: number | readonly number[];
  /** The 4xx it may answer besides 400 for invalid input (which every route with input gives). */
  errors?: readonly number[];
  /** Response headers worth knowing, name → description (e.g. X-WP-Total). */
  headers?: Record<string, string>;
  /** The error body, when not the shop's own (the WordPress API answers WordPress's). */
  errorSchema?: z.ZodType;
}

export interface RouteSpec<Q, P, B> {
  method: Method;
  url: string;
  summary: string;
  tags?: string[];
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  body?: z.ZodType<B>;
  /** The answer, for the OpenAPI document (and the test that checks real answers against it). */
  response: ResponseSpec;
  handler: (ctx: RouteContext<Q, P, B>) => unknown;
}

export interface DocumentedRoute {
  method: Method;
  path: string;
  summary: string;
  tags: string[];
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: ResponseSpec;
}

/**
 * Every route declared through `route` is listed here, for /api/openapi.json; a route registered
 * otherwise (a raw webhook, the document itself) is pushed here by its module.
 */
export const documentedRoutes: DocumentedRoute[] = [];

function firstMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** PostgreSQL text cannot hold U+0000: such input is refused before it reaches a query. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1),
  );
}

/** Validates with the shared Zod schema; a failure answers 400 naming each bad field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, part: string): T {
  if (containsNul(input)) throw badRequest(`The ${part} must not contain NUL characters`);
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = firstMessages(result.error);
  const first = Object.values(fields)[0] ?? `Invalid ${part}`;
  throw badRequest(first, fields);
}

/**
 * Registers a route whose query, params and body are validated by Zod schemas shared with the
 * storefront, and records it for the OpenAPI document. Handlers stay thin: parse, call, shape.
 */
export function route<Q = unknown, P = unknown, B = unknown>(
  app: FastifyInstance,
  spec: RouteSpec<Q, P, B>,
): void {
  const path = `${app.prefix}${spec.url}`.replace(/:(\w+)/g, '{$1}');
  if (!documentedRoutes.some((r) => r.method === spec.method && r.path === path)) {
    documentedRoutes.push({
      method: spec.method,
      path,
      summary: spec.summary,
      tags: spec.tags ?? [],
      query: spec.query,
      params: spec.params,
      body: spec.body,
      response: spec.response,
    });
  }
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (request, reply) => {
      const query = spec.query
        ? parseOrThrow(spec.query, request.query, 'query')
        : (undefined as Q);
      const params = spec.params
        ? parseOrThrow(spec.params, request.params, 'path')
        : (undefined as P);
      const body = spec.body ? parseOrThrow(spec.body, request.body, 'body') : (undefined as B);
      return spec.handler({ query, params, body, request, reply });
    },
  });
}
