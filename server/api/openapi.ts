import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentedRoutes } from '../http/route.ts';

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}

function parameters(schema: z.ZodType | undefined, location: 'query' | 'path') {
  if (!schema) return [];
  const properties = (jsonSchema(schema).properties ?? {}) as Record<string, unknown>;
  const required = new Set((jsonSchema(schema).required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

/** The OpenAPI document, built from the same Zod schemas the routes validate with. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of documentedRoutes) {
    paths[r.path] ??= {};
    paths[r.path]![r.method.toLowerCase()] = {
      summary: r.summary,
      tags: r.tags,
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(r.body) } },
            },
          }
        : {}),
      responses: {
        '200': { description: r.response ?? 'OK' },
        '400': { description: 'Invalid input: { code, message, error, fields? }' },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tessera shop API', version: '1.0.0' },
    paths,
  };
}

export async function openApiRoute(app: FastifyInstance) {
  let document: ReturnType<typeof openApiDocument> | null = null;
  app.get('/openapi.json', async () => (document ??= openApiDocument()));
}
