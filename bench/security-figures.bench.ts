/**
 * Figures for docs/security.md, measured the same way on any tree (run it on main for "before"):
 *
 * - cross-origin writes: a signed-in shopper's and a signed-in owner's cookies sent with the
 *   headers a foreign page's browser adds (another port, another site, a null origin,
 *   Sec-Fetch-Site cross-site / same-site) to several endpoints, each under 13 spellings of its
 *   path (encoded, doubled slashes, another case, trailing dot ...): how many changed state;
 * - money: orders of rising totals placed through the checkout (a price raised after the quote,
 *   as staff might): the largest accepted, and what the first refused one answered.
 *
 *   npm run bench:security
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { pathSpellings } from '#tests/setup/path-spellings.ts';
import { staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp } from '#tests/setup/test-app.ts';

const OWN = 'http://shop.test';
const t = await createTestApp({ config: { PUBLIC_ORIGIN: OWN } });
const db = t.app.services.db;
const rows = async <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
const countOf = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

const [size] = await rows<{ product_id: number; id: number }>(
  sql`SELECT product_id, id FROM variations
      WHERE option ~ '^[0-9]+x[0-9]+x[0-9]+$' AND stock_quantity > 0 ORDER BY id LIMIT 1`,
);
await db.execute(sql`UPDATE variations SET stock_quantity = 1000000 WHERE id = ${size!.id}`);

const { owner } = await staffOfEveryRole(t.app);
const shopper = new ApiShopper(t.app);
await shopper.call(
  'POST',
  '/api/auth/register',
  { email: 'bench@example.co.uk', password: 'granite-slab-42' },
  { origin: OWN },
);

const FOREIGN = [
  { origin: 'http://shop.test:8080' },
  { origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
];
const attacks: {
  who: 'shopper' | 'owner';
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: object;
  table: string;
}[] = [
  {
    who: 'shopper',
    method: 'POST',
    path: '/api/cart/add',
    body: { product_id: size!.product_id, variation_id: size!.id, quantity: 1 },
    table: 'cart_items',
  },
  {
    who: 'shopper',
    method: 'POST',
    path: '/api/newsletter/subscribe',
    body: { email: 'victim@example.co.uk' },
    table: 'newsletter_subscribers',
  },
  {
    who: 'owner',
    method: 'POST',
    path: '/api/admin/staff',
    body: { email: 'x@evil.example', name: 'x', role: 'owner', password: 'Carrara-marble-12' },
    table: 'staff',
  },
];
let tried = 0;
let changed = 0;
for (const attack of attacks) {
  for (const headers of FOREIGN) {
    for (const url of pathSpellings(attack.path)) {
      const before = await countOf(attack.table);
      const cookie = attack.who === 'owner' ? owner.cookie : shopper.cookie;
      const body = attack.path.includes('staff')
        ? { ...attack.body, email: `x${tried}@evil.example` }
        : attack.path.includes('newsletter')
          ? { email: `victim${tried}@example.co.uk` }
          : attack.body;
      await t.app.inject({
        method: attack.method,
        url,
        headers: { cookie, ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      tried += 1;
      if ((await countOf(attack.table)) !== before) changed += 1;
    }
  }
}
console.log(`cross-origin writes: ${changed} of ${tried} changed state`);

// Totals: the price is raised after the quote, so the order reaches the checkout's last check.
let largest = 0;
let refused = '';
for (const pounds of [
  100_000, 250_000, 250_001, 1_000_000, 10_800_000, 21_000_000, 21_500_000, 50_000_000,
]) {
  const buyer = new ApiShopper(t.app);
  await db.execute(sql`UPDATE variations SET price_pence = 100 WHERE id = ${size!.id}`);
  const added = await buyer.add(size!.product_id, size!.id, 5000);
  if (added.status !== 200) {
    refused = `£${pounds.toLocaleString('en-GB')}: basket ${added.status}`;
    break;
  }
  const quote = await buyer.quote();
  const m2 =
    Number(quote.lines?.[0]?.m2 ?? 0) ||
    (
      await rows<{ m2: string }>(
        sql`SELECT m2_quantity AS m2 FROM cart_items ORDER BY id DESC LIMIT 1`,
      )
    )[0]!.m2;
  const price = Math.round((pounds * 100) / Number(m2));
  await db.execute(
    sql`UPDATE variations SET price_pence = ${Math.min(price, 2_147_483_647)} WHERE id = ${size!.id}`,
  );
  const requote = await buyer.quote().catch(() => null);
  const total = requote?.totals.total.gross ?? quote.totals.total.gross;
  const placed = await buyer.placeOrder(checkoutInput(total), randomUUID());
  if (placed.status === 201) largest = Math.max(largest, Number(total));
  else {
    refused = `£${Number(total).toLocaleString('en-GB')}: ${placed.status} ${placed.body?.code ?? ''}`;
    break;
  }
}
console.log(
  `largest order total accepted: £${largest.toLocaleString('en-GB')}; first refused: ${refused}`,
);
await t.close();
