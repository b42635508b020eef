// A page served from another origin (another port of 127.0.0.1, which browsers count as the same
// site, so SameSite=Lax cookies go along) tries to change the shop through a signed-in shopper's
// and a signed-in owner's browser: fetch() and form posts to several endpoints, plain and with
// encoded paths. The database must show no change.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { queryRows } from '#db/client.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { launchBrowser, openPage } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let attacker: Server;
let attackerUrl: string;
let item: { product_id: number; variation_id: number };

/** The foreign page: every attempt it makes, then `done` in its title. */
function attackPage(target: string): string {
  const cartBody = JSON.stringify({ ...item, quantity: 1 });
  const staffBody = (n: number) =>
    JSON.stringify({
      email: `intruder${n}@evil.example`,
      name: 'Intruder',
      role: 'owner',
      password: 'Carrara-marble-12',
    });
  const fetches = [
    ['/api/cart/add', cartBody],
    ['/%61pi/cart/add', cartBody],
    ['//api/cart/add', cartBody],
    ['/API/cart/add', cartBody],
    ['/api/admin/staff', staffBody(1)],
    ['/%61pi/admin/staff', staffBody(2)],
    ['/api/admin/staff/', staffBody(3)],
    ['/api/newsletter/subscribe', JSON.stringify({ email: 'victim@example.co.uk' })],
    ['/%61pi/auth/logout', '{}'],
  ];
  // text/plain is what a form can send without a preflight; its one field spells out JSON.
  const forms = [
    ['/%61pi/admin/staff', staffBody(4)],
    ['/api/admin/staff', staffBody(5)],
    ['/%61pi/cart/add', cartBody],
    ['/%61pi/newsletter/subscribe', JSON.stringify({ email: 'form-victim@example.co.uk' })],
  ];
  return `<!doctype html><html><head><title>attack</title></head><body><script>
  const target = ${JSON.stringify(target)};
  const fetches = ${JSON.stringify(fetches)};
  const forms = ${JSON.stringify(forms)};
  async function run() {
    const attempts = [];
    for (const [path, body] of fetches) {
      attempts.push(fetch(target + path, { method: 'POST', mode: 'no-cors', credentials: 'include', body }).catch(() => null));
      attempts.push(fetch(target + path, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body }).catch(() => null));
    }
    // Each form posts into a frame of its own; the frame's load is the answer.
    const post = (name, path, fields, enctype) => new Promise((resolve) => {
      const frame = document.createElement('iframe');
      frame.name = name;
      frame.onload = resolve;
      document.body.appendChild(frame);
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = target + path;
      form.enctype = enctype;
      form.target = name;
      for (const [k, v] of fields) {
        const field = document.createElement('input');
        field.name = k;
        field.value = v;
        form.appendChild(field);
      }
      document.body.appendChild(form);
      form.submit();
    });
    forms.forEach(([path, body], i) => {
      attempts.push(post('f' + i, path, [[body.slice(0, -1) + ',"x":"', '"}']], 'text/plain'));
      const fields = Object.entries(JSON.parse(body)).map(([k, v]) => [k, String(v)]);
      attempts.push(post('u' + i, path, fields, 'application/x-www-form-urlencoded'));
    });
    await Promise.all(attempts);
    document.title = 'done';
  }
  run();
  </script></body></html>`;
}

async function state() {
  const [row] = await queryRows<Record<string, number>>(
    shop.app.services.db,
    sql`SELECT (SELECT count(*)::int FROM staff) AS staff,
          (SELECT count(*)::int FROM cart_items) AS cart_items,
          (SELECT coalesce(sum(quantity), 0)::int FROM cart_items) AS pieces,
          (SELECT count(*)::int FROM newsletter_subscribers) AS subscribers,
          (SELECT count(*)::int FROM sessions) AS sessions,
          (SELECT count(*)::int FROM customers) AS customers`,
  );
  return row!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const [row] = await queryRows<{ product_id: number; id: number }>(
    shop.app.services.db,
    sql`SELECT product_id, id FROM variations
        WHERE option ~ '^[0-9]+x[0-9]+x[0-9]+$' AND stock_quantity > 5 ORDER BY id LIMIT 1`,
  );
  item = { product_id: row!.product_id, variation_id: row!.id };
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage(base));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await shop?.close();
});

describe('a page on another origin', () => {
  it("cannot change anything through a signed-in shopper's and owner's browser", async () => {
    const { page, context } = await openPage(browser, undefined, base);
    // The owner signs in to the back office, and a shopper account signs in on the storefront.
    await signInStaff(page, TEST_OWNER);
    await page.goto('/');
    const registered = await page.evaluate(async () => {
      const response = await fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'shopper@example.co.uk', password: 'granite-slab-42' }),
      });
      return response.status;
    });
    expect(registered).toBe(201);
    // The shop's own page may write: the same cookies, the same request, from its own origin.
    const own = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/cart/add', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        return response.status;
      },
      JSON.stringify({ ...item, quantity: 1 }),
    );
    expect(own).toBe(200);
    const cookies = (await context.cookies(base)).map((c) => c.name).sort();
    expect(cookies).toEqual(expect.arrayContaining(['tessera_session', 'tessera_staff']));

    const before = await state();
    const foreign = await context.newPage();
    await foreign.goto(attackerUrl);
    await foreign.waitForFunction(() => document.title === 'done', undefined, { timeout: 60_000 });
    expect(await state()).toEqual(before);
    // Both still signed in: the foreign sign-out did not go through either.
    const stillSignedIn = await page.evaluate(async () => (await fetch('/api/verify')).status);
    expect(stillSignedIn).toBe(200);
    await context.close();
  });
});
