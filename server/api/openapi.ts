import type { FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { errorBodySchema } from '#domain/api-schemas.ts';
import { documentedRoutes, route, type DocumentedRoute } from '../http/route.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
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

/** `GET /api/products/slug/{slug}` → `getApiProductsSlugBySlug`, for generated clients. */
function operationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? `by-${param[1]}` : part;
    })
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

/**
 * Answer schemas as JSON Schema (their output side). A schema registered with an `id` (see
 * domain/api-schemas.ts) is written once under components/schemas and referenced by `$ref`.
 */
class AnswerSchemas {
  readonly components: Record<string, JsonSchema> = {};

  ref(schema: z.ZodType): JsonSchema {
    const id = z.globalRegistry.get(schema)?.id;
    const json = this.convert(schema);
    if (!id) return json;
    this.components[id] ??= json;
    return { $ref: `#/components/schemas/${id}` };
  }

  private convert(schema: z.ZodType): JsonSchema {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
    const { $schema: _dialect, $defs, id: _id, ...rest } = json;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.components[name] ??= this.toComponents(def);
    }
    return this.toComponents(rest);
  }

  /** Zod refers to its `$defs`; in the document they live under components/schemas. */
  private toComponents(value: JsonSchema): JsonSchema {
    return JSON.parse(
      JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonSchema;
  }
}

function responses(r: DocumentedRoute, schemas: AnswerSchemas) {
  const { response } = r;
  const answer: Record<string, unknown> = { description: response.description };
  if (response.schema) {
    answer.content = {
      [response.contentType ?? 'application/json']: { schema: schemas.ref(response.schema) },
    };
  } else if (response.contentType) {
    answer.content = { [response.contentType]: { schema: { type: 'string', format: 'binary' } } };
  }
  if (response.headers) {
    answer.headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ]),
    );
  }
  const result: Record<string, unknown> = {};
  for (const status of [response.status ?? 200].flat()) result[String(status)] = answer;
  const errorBody = { schema: schemas.ref(response.errorSchema ?? errorBodySchema) };
  const hasInput = Boolean(r.query || r.params || r.body);
  const errors = new Set([...(hasInput ? [400] : []), ...(response.errors ?? [])]);
  for (const status of [...errors].sort()) {
    result[String(status)] = {
      description: STATUS_CODES[status] ?? 'Error',
      content: { 'application/json': errorBody },
    };
  }
  result.default = {
    description: 'Any other error, e.g. 503 while the database is unavailable (with Retry-After)',
    content: { 'application/json': { schema: schemas.ref(errorBodySchema) } },
  };
  return result;
}

/** The OpenAPI document, built from the same Zod schemas the routes validate and answer with. */
export function openApiDocument() {
  const schemas = new AnswerSchemas();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of documentedRoutes) {
    paths[r.path] ??= {};
    paths[r.path]![r.method.toLowerCase()] = {
      operationId: operationId(r.method, r.path),
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
      responses: responses(r, schemas),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tessera shop API', version: '1.0.0' },
    paths,
    components: { schemas: schemas.components },
  };
}

/** The document's own outline: enough for a client to know what it reads. */
const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});

export async function openApiRoute(app: FastifyInstance) {
  let document: ReturnType<typeof openApiDocument> | null = null;
  route(app, {
    method: 'GET',
    url: '/openapi.json',
    summary: 'This OpenAPI 3.1 document: every route with its parameters, body and answers',
    tags: ['meta'],
    response: { description: 'The OpenAPI document', schema: openApiDocumentSchema },
    handler: async () => (document ??= openApiDocument()),
  });
}
