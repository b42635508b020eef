// Discount codes beyond the basket: guesses throttled per session and address, a guest's code
// kept when they sign in, and an order placed with a code edited before dispatch. Sizes are sold
// by the item at £19.99 and £10.01 so every figure can be worked by hand; delivery is free (the
// free-delivery threshold set to £1).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { tally } from '#tests/setup/burst.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let a: { productId: number; variationId: number };
let b: { productId: number; variationId: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await staffOfEveryRole(t.app));
  const sizes = await rows<{ product_id: number; id: number }>(
    sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.option ~ '^\\d+x\\d+' AND v.stock_quantity > 10
          AND NOT v.made_to_order
        ORDER BY v.id LIMIT 2`,
  );
  [a, b] = sizes.map((s) => ({ productId: s.product_id, variationId: s.id })) as [
    typeof a,
    typeof b,
  ];
  await run(sql`UPDATE products SET unit = 'each' WHERE id IN (${a.productId}, ${b.productId})`);
  await run(sql`UPDATE variations SET price_pence = 1999, regular_price_pence = NULL
    WHERE id = ${a.variationId}`);
  await run(sql`UPDATE variations SET price_pence = 1001, regular_price_pence = NULL
    WHERE id = ${b.variationId}`);
  await run(sql`UPDATE delivery_settings SET free_threshold_pence = 100`);
  t.app.services.invalidateCatalogue();
  for (const body of [
    { code: 'SAVE10', kind: 'percent', percent: 10 },
    { code: 'FIVER', kind: 'fixed', amount: '5.00' },
  ]) {
    expect((await owner.call('POST', '/api/admin/discount-codes', body)).status).toBe(201);
  }
});
afterAll(async () => {
  await t?.close();
});

let block = 0;
/** A shopper from an address of their own, so one test's counters never decide another's. */
async function shopperWith(lines: [typeof a, number][], ip = `10.61.${++block}.1`) {
  const shopper = new ApiShopper(t.app, ip);
  for (const [size, pieces] of lines) {
    expect((await shopper.add(size.productId, size.variationId, pieces)).status).toBe(200);
  }
  return shopper;
}

const apply = (shopper: ApiShopper, code: string) =>
  shopper.call('POST', '/api/cart/discount', { code });

describe('guessing codes', () => {
  it('a burst of 50 wrong codes from one basket: exactly the limit checked, the rest 429, then the right code too until the window passes', async () => {
    const limit = t.config.rateLimits.discountCodesPerSession.limit;
    const shopper = await shopperWith([[a, 1]]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => apply(shopper, `GUESS${i}`)),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 422: limit, 429: 50 - limit });
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.body.message).toBe(
      'Too many codes tried that did not work. Please wait before trying another code, or place your order without one.',
    );
    const right = await apply(shopper, 'SAVE10');
    expect(right.status).toBe(429);
    expect((await shopper.call('GET', '/api/cart')).body.data.discount).toBeUndefined();
    // The window passes: the right code applies.
    await run(sql`UPDATE throttle_counters SET window_started_at = now() - interval '2 hours'
      WHERE key LIKE 'discountCodes:%'`);
    const later = await apply(shopper, 'SAVE10');
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({ total: '17.99', discount: { code: 'SAVE10' } });
  });

  it('codes that apply are not counted; wrong ones from many baskets on one address are', async () => {
    const ip = `10.62.0.1`;
    const limit = t.config.rateLimits.discountCodesPerIp.limit;
    const shopper = await shopperWith([[a, 1]], ip);
    for (let i = 0; i < limit + 5; i++) expect((await apply(shopper, 'SAVE10')).status).toBe(200);
    // Baskets of their own on the same address, three wrong codes each: the address's limit.
    const baskets = await Promise.all(
      Array.from({ length: limit / 3 + 2 }, () => shopperWith([[a, 1]], ip)),
    );
    const answers = await Promise.all(
      baskets.flatMap((basket) => [1, 2, 3].map((n) => apply(basket, `WRONG${n}`))),
    );
    expect(tally(answers.map((r) => r.status))).toEqual({ 422: limit, 429: 6 });
    expect((await apply(shopper, 'FIVER')).status).toBe(429);
  });
});

describe('signing in', () => {
  async function customer(email: string) {
    const shopper = await shopperWith([]);
    const answer = await shopper.call('POST', '/api/auth/register', {
      email,
      password: 'granite-slab-42',
    });
    expect(answer.status).toBe(201);
    await shopper.call('POST', '/api/auth/logout');
    return shopper;
  }
  const login = (shopper: ApiShopper, email: string) =>
    shopper.call('POST', '/api/auth/login', { email, password: 'granite-slab-42' });

  it("keeps the guest's code in the merged basket, checked against the merged lines", async () => {
    await customer('merge@example.co.uk');
    const guest = await shopperWith([[a, 1]]);
    expect((await apply(guest, 'save10')).status).toBe(200);
    expect((await login(guest, 'merge@example.co.uk')).status).toBe(200);
    expect((await guest.add(b.productId, b.variationId, 1)).status).toBe(200);
    expect((await guest.call('GET', '/api/cart')).body.data).toMatchObject({
      subtotal: '30.00',
      total: '27.00',
      discount: { code: 'SAVE10', applies: true, amount: '3.00' },
    });
  });

  it("the customer's own code wins over the guest's; a code disabled meanwhile is dropped", async () => {
    const email = 'own-code@example.co.uk';
    const customerShopper = await customer(email);
    expect((await login(customerShopper, email)).status).toBe(200);
    expect((await customerShopper.add(b.productId, b.variationId, 1)).status).toBe(200);
    expect((await apply(customerShopper, 'FIVER')).status).toBe(200);
    const guest = await shopperWith([[a, 1]]);
    expect((await apply(guest, 'SAVE10')).status).toBe(200);
    expect((await login(guest, email)).status).toBe(200);
    expect((await guest.call('GET', '/api/cart')).body.data).toMatchObject({
      total: '25.00',
      discount: { code: 'FIVER', applies: true, amount: '5.00' },
    });

    const other = 'disabled-code@example.co.uk';
    await customer(other);
    const created = await owner.call('POST', '/api/admin/discount-codes', {
      code: 'SOONGONE',
      kind: 'percent',
      percent: 50,
    });
    const late = await shopperWith([[a, 1]]);
    expect((await apply(late, 'SOONGONE')).status).toBe(200);
    await owner.call('POST', `/api/admin/discount-codes/${created.body.data.id}/disable`, {
      version: created.body.data.version,
    });
    expect((await login(late, other)).status).toBe(200);
    expect((await late.call('GET', '/api/cart')).body.data).toMatchObject({ total: '19.99' });
    expect((await late.call('GET', '/api/cart')).body.data.discount).toBeUndefined();
  });
});

describe('editing an order placed with a code', () => {
  it('keeps the 10% off the new lines: totals, VAT per line, the pennies shared, the new invoice', async () => {
    const shopper = await shopperWith([
      [a, 1],
      [b, 1],
    ]);
    expect((await apply(shopper, 'SAVE10')).status).toBe(200);
    const quote = await shopper.quote();
    const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number = (placed.body.data as OrderJson).number;
    expect(placed.body.data.totals.total.gross).toBe('27.00');
    const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
      amount: '27.00',
    });
    expect(paid.status).toBe(200);

    // Two of £19.99 and one of £10.01: £49.99, 10% = £5.00 (£4.999 rounded once), shared by
    // largest remainder: £3.998 → £4.00 off the first line, £1.001 → £1.00 off the second.
    const edited = await manager.call('PUT', `/api/admin/orders/${number}`, {
      version: 1,
      lines: [
        { variation_id: a.variationId, pieces: 2 },
        { variation_id: b.variationId, pieces: 1 },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.balance_due).toBe('17.99');
    const order = edited.body.data as OrderJson;
    expect(order.lines.map((l) => [l.discount, l.total])).toEqual([
      // £35.98 holds £6.00 VAT (3598 − 2998); £9.01 holds £1.50 (901 − 751).
      ['4.00', { net: '29.98', vat: '6.00', gross: '35.98' }],
      ['1.00', { net: '7.51', vat: '1.50', gross: '9.01' }],
    ]);
    expect(order.totals).toMatchObject({
      goods: { net: '37.49', vat: '7.50', gross: '44.99' },
      total: { net: '37.49', vat: '7.50', gross: '44.99' },
      discount: { code: 'SAVE10', goods: '5.00', delivery: '0.00', total: '5.00' },
    });
    const [stored] = await rows<{ discount_goods_pence: number; total_pence: number }>(
      sql`SELECT discount_goods_pence, total_pence FROM orders WHERE number = ${number}`,
    );
    expect(stored).toEqual({ discount_goods_pence: 500, total_pence: 4499 });
    const lines = await rows<{ discount_pence: number; vat_pence: number }>(
      sql`SELECT l.discount_pence, l.vat_pence FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${number} ORDER BY l.position`,
    );
    expect(lines).toEqual([
      { discount_pence: 400, vat_pence: 600 },
      { discount_pence: 100, vat_pence: 150 },
    ]);
    const invoice = await manager.call('GET', `/api/admin/orders/${number}/invoice.pdf`);
    const text = (await readPdf(invoice.response.rawPayload)).pages.join(' ');
    expect(text).toContain(edited.body.invoice as string);
    expect(text).toContain('Less discount £4.00');
    expect(text).toContain('Discount SAVE10 (included above) -£5.00');
    expect(text).toContain('£29.98 £6.00 £35.98');
    // The use was counted once, by placing; the edit counts none.
    const [code] = await rows<{ uses: number }>(
      sql`SELECT uses FROM discount_codes WHERE code = 'SAVE10'`,
    );
    expect(code!.uses).toBe(1);
  });
});
