// The cookie page lists exactly the cookies the shop sets: a whole journey (browse, basket,
// checkout, account, back office) collects every Set-Cookie name and compares them with the list
// the page is rendered from. Cookies the page's script writes are named from the same list.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { SHOP_COOKIES, serverCookieNames } from '#domain/cookies.ts';
import { CONSENT_COOKIE, POSTCODE_COOKIE } from '#domain/cookie-names.ts';
import { checkoutInput } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

it('sets exactly the server cookies the cookie page lists, over a whole journey', async () => {
  const seen = new Set<string>();
  let jar = '';
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: jar ? { cookie: jar } : {},
      ...(payload ? { payload } : {}),
    });
    for (const cookie of response.cookies) {
      seen.add(cookie.name);
      if (cookie.name === 'tessera_session' && cookie.value)
        jar = `tessera_session=${cookie.value}`;
    }
    return response;
  };

  // Browsing: what the pages load (their renders forward the API's Set-Cookie headers).
  for (const url of ['/api/megamenu', '/api/products?per_page=2', '/api/home']) {
    expect((await call('GET', url)).statusCode, url).toBeLessThan(400);
  }
  // Basket and checkout.
  const [size] = await queryRows<{ product_id: number; id: number }>(
    t.app.services.db,
    sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.stock_quantity > 10 ORDER BY v.id LIMIT 1`,
  );
  const added = await call('POST', '/api/cart/add', {
    product_id: size!.product_id,
    variation_id: size!.id,
    quantity: 1,
    is_sample: false,
  });
  expect(added.statusCode).toBe(200);
  const quote = await call('GET', '/api/checkout?country=GB&postcode=BS2%200UX');
  const total = quote.json().data.totals.total.gross as string;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/orders',
    headers: { cookie: jar, 'idempotency-key': randomUUID() },
    payload: checkoutInput(total),
  });
  expect(placed.statusCode).toBe(201);
  for (const cookie of placed.cookies) seen.add(cookie.name);
  // An account: register, sign out, sign in.
  const email = `cookie-${randomUUID().slice(0, 8)}@example.com`;
  expect(
    (await call('POST', '/api/auth/register', { email, password: 'Riven-slate-88' })).statusCode,
  ).toBe(201);
  await call('POST', '/api/auth/logout');
  const login = await call('POST', '/api/auth/login', {
    email,
    password: 'Riven-slate-88',
    remember: true,
  });
  expect(login.statusCode).toBe(200);
  // The back office: staff sign-in with its second step.
  const { owner } = await staffOfEveryRole(t.app);
  expect(owner.cookie).toMatch(/^tessera_staff=/);
  seen.add('tessera_staff');

  expect([...seen].sort()).toEqual(serverCookieNames(false).sort());
  expect(serverCookieNames(true).sort()).toEqual([
    '__Host-tessera_session',
    '__Host-tessera_staff',
  ]);
});

it('names the cookies the browser writes from the same list, each listed once', () => {
  const names = SHOP_COOKIES.map((c) => c.name);
  expect(new Set(names).size).toBe(names.length);
  expect(SHOP_COOKIES.filter((c) => c.setBy === 'browser').map((c) => c.name)).toEqual([
    POSTCODE_COOKIE,
    CONSENT_COOKIE,
  ]);
});
