import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** Requests per run; FUZZ_RUNS raises it for a longer hunt (docs/reliability.md). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);

/** Counting throttled attempts is a defence, not stored data: it may change. */
const VOLATILE_TABLES = new Set(['throttle_counters', 'schema_migrations']);

let t: TestApp;
let routes: { method: string; path: string; params: string[]; query: string[] }[];

beforeAll(async () => {
  t = await createTestApp();
  const openapi = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
  };
  routes = Object.entries(openapi.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      params: operation.parameters.filter((p) => p.in === 'path').map((p) => p.name),
      query: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
  routes.push(
    { method: 'GET', path: '/wp-json/wp/v2/pages', params: [], query: ['slug', '_embed'] },
    { method: 'GET', path: '/wp-json/wp/v2/posts', params: [], query: ['page', 'per_page'] },
    { method: 'GET', path: '/media/stone/{name}', params: ['name'], query: [] },
  );
});

afterAll(async () => {
  await t?.close();
});

/** A fingerprint of every table's rows, to prove malformed requests store nothing. */
async function storedState(): Promise<Record<string, string>> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.handle.db,
    sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const state: Record<string, string> = {};
  for (const { table_name } of tables) {
    if (VOLATILE_TABLES.has(table_name)) continue;
    const [row] = await queryRows<{ digest: string }>(
      t.database.handle.db,
      sql.raw(
        `SELECT count(*) || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS digest FROM "${table_name}" x`,
      ),
    );
    state[table_name] = row!.digest;
  }
  return state;
}

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    '99999999999999999999999',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    "' OR 1=1 --",
    '"; DROP TABLE products; --',
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    '\u0000',
    '🪨',
    'x'.repeat(5000),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

const queryValue = fc.oneof(nasty, fc.array(nasty, { minLength: 2, maxLength: 3 }));

const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ json: JSON.stringify(value) })),
  fc
    .dictionary(
      fc.constantFrom(
        'product_id',
        'variation_id',
        'quantity',
        'm2_quantity',
        'is_sample',
        'email',
        'password',
        'first_name',
        'billing',
        'shipping',
        'role',
        'id',
        'token',
        'kind',
        '__proto__',
        'constructor',
      ),
      fc.oneof(nasty, fc.jsonValue({ maxDepth: 2 })),
    )
    .map((value) => ({ json: JSON.stringify(value) })),
  fc.constantFrom('{"a":', '{"product_id": 1,}', '[', 'nul', '{"x": "\\ud800"}').map((raw) => ({
    json: raw,
  })),
  fc.record({
    raw: nasty,
    type: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=z',
    ),
  }),
  fc.constant({ json: JSON.stringify({ pad: 'x'.repeat(70_000) }) }),
);

const requestArb = fc.record({
  routeIndex: fc.nat(),
  otherMethod: fc.option(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), { freq: 5 }),
  params: fc.array(nasty, { minLength: 3, maxLength: 3 }),
  query: fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'page',
        'per_page',
        'category',
        'search',
        'sort',
        'limit',
        'stone_colour',
        'page[0]',
        'filter[a][b]',
        'slug',
      ),
      fc.string({ maxLength: 12 }),
    ),
    queryValue,
    { maxKeys: 4 },
  ),
  body: bodyArb,
  cookie: fc.option(
    fc.oneof(
      nasty.map((v) => `tessera_session=${encodeURIComponent(v)}`),
      nasty,
    ),
    { freq: 4 },
  ),
  bearer: fc.option(nasty, { freq: 5 }),
});

function toInject(request: FuzzRequest): InjectOptions {
  const route = routes[request.routeIndex % routes.length]!;
  let path = route.path;
  route.params.forEach((name, i) => {
    path = path.replace(`{${name}}`, encodeURIComponent(request.params[i] ?? 'x'));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  const headers: Record<string, string> = {};
  if (request.cookie) headers.cookie = request.cookie.replace(/[\r\n]/g, '');
  if (request.bearer) headers.authorization = `Bearer ${request.bearer.replace(/[\r\n]/g, '')}`;
  const method = (request.otherMethod ?? route.method) as InjectOptions['method'];
  const options: InjectOptions = { method, url: `${path}?${search}`, headers };
  if (request.body && method !== 'GET') {
    if ('json' in request.body) {
      headers['content-type'] = 'application/json';
      options.payload = request.body.json;
    } else {
      headers['content-type'] = request.body.type;
      options.payload = request.body.raw;
    }
  }
  return options;
}

type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer R> ? R : never;

describe('malformed requests across every API route', () => {
  it(`${RUNS} requests: every answer is a non-5xx, errors are JSON, nothing stored changes`, async () => {
    const before = await storedState();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArb, async (request) => {
        const options = toInject(request);
        const response = await t.app.inject(options);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode, `${options.method} ${options.url}`).toBeLessThan(500);
        if (response.statusCode >= 400 && options.method !== 'HEAD') {
          const body = response.json();
          expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          expect(JSON.stringify(body)).not.toMatch(/\.ts:\d+|node_modules|at async /);
        }
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261122) },
    );
    expect(await storedState()).toEqual(before);
    console.log(`fuzz statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  }, 600_000);
});
