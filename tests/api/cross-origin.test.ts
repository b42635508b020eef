import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { pathSpellings } from '#tests/setup/path-spellings.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';

const OWN = 'http://shop.test';

let t: TestApp;
let owner: StaffBrowser;
const shopper = () => new ApiShopper(t.app);
let signedIn: ApiShopper;
let variation: { productId: number; variationId: number };

beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_ORIGIN: OWN } });
  ({ owner } = await staffOfEveryRole(t.app));
  signedIn = shopper();
  const registered = await signedIn.call(
    'POST',
    '/api/auth/register',
    { email: 'quarry@example.co.uk', password: 'granite-slab-42', first_name: 'Q', last_name: 'R' },
    { origin: OWN },
  );
  expect(registered.status).toBe(201);
  const rows = await queryRows<{ product_id: number; id: number }>(
    t.app.services.db,
    sql`SELECT product_id, id FROM variations WHERE stock_quantity > 10 AND option NOT ILIKE '%sample%' ORDER BY id LIMIT 1`,
  );
  const row = rows[0]!;
  variation = { productId: row.product_id, variationId: row.id };
});
afterAll(async () => {
  await t?.close();
});

/** Ways a foreign page (or a crafted request) may say where it comes from. */
const FOREIGN_HEADERS: Record<string, Record<string, string>> = {
  'another origin': { origin: 'https://evil.example' },
  'another port of our host': { origin: 'http://shop.test:8080' },
  'another scheme': { origin: 'https://shop.test' },
  'a null origin (sandboxed frame, data: page)': { origin: 'null' },
  'Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
  'Sec-Fetch-Site same-site (another port)': { 'sec-fetch-site': 'same-site' },
  'a Referer of another port': { referer: 'http://shop.test:8080/page' },
  'an unreadable Referer': { referer: 'not a url' },
};

async function count(table: string): Promise<number> {
  const result = await queryRows<{ n: number }>(
    t.app.services.db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return result[0]!.n;
}

describe('cross-origin writes, on any path and method', () => {
  it('refuses a shopper basket write from every foreign source on every spelling of the path', async () => {
    const before = await count('cart_items');
    const statuses = new Set<number>();
    for (const [label, headers] of Object.entries(FOREIGN_HEADERS)) {
      for (const url of pathSpellings('/api/cart/add')) {
        const answer = await signedIn.call(
          'POST',
          url,
          { product_id: variation.productId, variation_id: variation.variationId, quantity: 1 },
          headers,
        );
        expect(answer.status, `${label} ${url}`).toBe(403);
        statuses.add(answer.status);
      }
    }
    expect(statuses).toEqual(new Set([403]));
    expect(await count('cart_items')).toBe(before);
  });

  it('refuses a staff account made through the owner cookie from another port, however encoded', async () => {
    const before = await count('staff');
    for (const [label, headers] of Object.entries(FOREIGN_HEADERS)) {
      for (const url of pathSpellings('/api/admin/staff')) {
        const answer = await owner.call(
          'POST',
          url,
          {
            email: `x${Math.random()}@evil.example`,
            name: 'x',
            role: 'owner',
            password: 'Carrara-marble-12',
          },
          headers,
        );
        expect(answer.status, `${label} ${url}`).toBe(403);
      }
    }
    expect(await count('staff')).toBe(before);
  });

  it('refuses every unsafe method, including ones no route knows', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL'] as const) {
      for (const url of ['/api/auth/account', '/%61pi/auth/account', '/wp-json/wp/v2/pages', '/']) {
        const answer = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { cookie: signedIn.cookie, origin: 'http://shop.test:3001' },
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await count("customers WHERE email = 'quarry@example.co.uk'")).toBe(1);
  });

  it('lets the shop itself and non-browser clients write', async () => {
    const own = { origin: OWN };
    const bySite = { 'sec-fetch-site': 'same-origin' };
    const typed = { 'sec-fetch-site': 'none' };
    const byReferer = { referer: `${OWN}/basket` };
    for (const headers of [own, bySite, typed, byReferer, {}]) {
      const answer = await shopper().add(variation.productId, variation.variationId, 1);
      expect(answer.status).toBe(200);
      const withHeaders = await shopper().call(
        'POST',
        '/api/cart/add',
        { product_id: variation.productId, variation_id: variation.variationId, quantity: 1 },
        headers,
      );
      expect(withHeaders.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('keeps the JSON-only rule on encoded paths: a form body is 415 wherever it is sent', async () => {
    for (const url of pathSpellings('/api/cart/add').concat(pathSpellings('/api/admin/imports'))) {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: owner.cookie,
          origin: OWN,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'product_id=1&variation_id=1&quantity=1',
      });
      expect([405, 415], url).toContain(answer.statusCode);
      if (url.startsWith('/api/') || url.startsWith('/%61pi/')) {
        expect(answer.statusCode, url).toBe(415);
      }
    }
  });
});
