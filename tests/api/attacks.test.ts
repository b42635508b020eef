import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** Classic injection payloads: SQL (quotes, comments, stacked statements, UNION) and NoSQL-ish. */
const INJECTIONS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  '" OR ""="',
  "'; DROP TABLE products; --",
  '1; DELETE FROM customers',
  "' UNION SELECT password_hash FROM customers --",
  '1 AND SLEEP(5)',
  "'; SELECT pg_sleep(5); --",
  '$where: 1',
  '%27%20OR%201%3D1',
  "\\'",
  "marble' AND '1'='1",
];

let t: TestApp;
let getRoutes: { path: string; query: string[]; params: string[] }[];
beforeAll(async () => {
  t = await createTestApp();
  const openapi = (await t.app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>>;
  };
  getRoutes = Object.entries(openapi.paths)
    .filter(([, methods]) => methods.get)
    .map(([path, methods]) => ({
      path,
      query: methods.get!.parameters.filter((p) => p.in === 'query').map((p) => p.name),
      params: methods.get!.parameters.filter((p) => p.in === 'path').map((p) => p.name),
    }));
});
afterAll(async () => {
  await t?.close();
});

const counts = async () =>
  queryRows<{ products: number; customers: number; sessions: number }>(
    t.database.handle.db,
    sql`SELECT (SELECT count(*) FROM products)::int AS products,
               (SELECT count(*) FROM customers)::int AS customers,
               (SELECT count(*) FROM sessions)::int AS sessions`,
  );

describe('injection payloads in every parameter', () => {
  it('never reach SQL as code: no 5xx, no extra rows, nothing dropped or slept', async () => {
    const before = await counts();
    let requests = 0;
    for (const route of getRoutes) {
      for (const payload of INJECTIONS) {
        const names = [...route.query, ...route.params];
        for (const name of names) {
          let path = route.path;
          for (const param of route.params) {
            path = path.replace(`{${param}}`, encodeURIComponent(param === name ? payload : '1'));
          }
          const query = route.query.includes(name) ? `?${name}=${encodeURIComponent(payload)}` : '';
          // Array-style keys too: `?category[]=…` and `?category[$ne]=…`.
          for (const url of [
            `${path}${query}`,
            `${path}?${name}[]=${encodeURIComponent(payload)}`,
          ]) {
            const response = await t.app.inject(url);
            requests++;
            expect(response.statusCode, url).toBeLessThan(500);
            if (response.statusCode === 200 && /[?&](search|category|slug)=/.test(url)) {
              const body = response.json();
              // "OR 1=1" must not widen a listing to the whole catalogue.
              if (body.meta)
                expect(body.meta.total_products, url).toBeLessThan(before[0]!.products);
            }
          }
        }
      }
    }
    expect(requests).toBeGreaterThan(300);
    expect(await counts()).toEqual(before);
  });

  it('treat payloads in JSON bodies as data', async () => {
    for (const payload of INJECTIONS) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `${payload}@example.com`, password: payload },
      });
      expect([400, 401, 429]).toContain(login.statusCode);
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        payload: { product_id: payload, variation_id: payload },
      });
      expect(add.statusCode).toBe(400);
    }
  });
});

describe('session fixation', () => {
  it('ignores a session token the server never issued, and login issues a new one', async () => {
    const planted = 'tessera_session=attacker-chosen-token-value';
    const verify = await t.app.inject({ url: '/api/verify', headers: { cookie: planted } });
    expect(verify.statusCode).toBe(401);
    const email = `fixation-${Date.now()}@example.co.uk`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { cookie: planted },
      payload: { email, password: 'Honed-Limestone-31' },
    });
    expect(registered.statusCode).toBe(201);
    const issued = String(registered.headers['set-cookie']);
    expect(issued).toMatch(/tessera_session=/);
    expect(issued).not.toContain('attacker-chosen-token-value');
    const stillPlanted = await t.app.inject({ url: '/api/verify', headers: { cookie: planted } });
    expect(stillPlanted.statusCode).toBe(401);
  });
});

describe('security headers in production', () => {
  it('adds HSTS and makes the session cookie __Host- and Secure', async () => {
    const production = await createTestApp({ seed: false, config: { NODE_ENV: 'production' } });
    try {
      const response = await production.app.inject('/api/attributes');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const registered = await production.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: `hsts-${Date.now()}@example.co.uk`, password: 'Riven-Slate-58' },
      });
      const cookie = String(registered.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-tessera_session=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    } finally {
      await production.close();
    }
  });
});

describe('security headers', () => {
  it('every API answer, error or not, carries the protective headers', async () => {
    for (const url of ['/api/attributes', '/api/nothing', '/api/products?page=0', '/healthz']) {
      const response = await t.app.inject(url);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBeDefined();
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    const api = await t.app.inject('/api/attributes');
    const csp = String(api.headers['content-security-policy']);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
  });
});
