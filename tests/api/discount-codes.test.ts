import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let editor: StaffBrowser;
/** Two sizes sold by the item at hand-picked prices, of products in different categories. */
let a: { productId: number; variationId: number; categoryId: number };
let b: { productId: number; variationId: number; categoryId: number };

async function pickSize(notCategory: number) {
  const [row] = await queryRows<{ product_id: number; id: number; category_id: number }>(
    t.app.services.db,
    sql`SELECT v.product_id, v.id, p.category_ids[1] AS category_id
        FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.option ~ '^\\d+x\\d+' AND v.stock_quantity > 10
          AND cardinality(p.category_ids) = 1 AND p.category_ids[1] <> ${notCategory}
        ORDER BY v.id LIMIT 1`,
  );
  return { productId: row!.product_id, variationId: row!.id, categoryId: row!.category_id };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, editor } = await staffOfEveryRole(t.app));
  a = await pickSize(0);
  b = await pickSize(a.categoryId);
  // Sold by the item, so a line's price is price × pieces and the figures can be worked by hand.
  const db = t.app.services.db;
  await db.execute(
    sql`UPDATE products SET unit = 'each' WHERE id IN (${a.productId}, ${b.productId})`,
  );
  await db.execute(sql`UPDATE variations SET price_pence = 1999 WHERE id = ${a.variationId}`);
  await db.execute(sql`UPDATE variations SET price_pence = 1001 WHERE id = ${b.variationId}`);
});
afterAll(async () => {
  await t?.close();
});

const london = (offsetDays: number) => {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T12:00`;
};

async function createCode(body: Record<string, unknown>) {
  const answer = await owner.call('POST', '/api/admin/discount-codes', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as { id: number; version: number; uses: number };
}

async function shopperWith(lines: [typeof a, number][]) {
  const shopper = new ApiShopper(t.app);
  for (const [size, pieces] of lines) {
    expect((await shopper.add(size.productId, size.variationId, pieces)).status).toBe(200);
  }
  return shopper;
}

const apply = (shopper: ApiShopper, code: string) =>
  shopper.call('POST', '/api/cart/discount', { code });

async function place(shopper: ApiShopper, quote: CheckoutQuoteJson, email = 'ada@example.co.uk') {
  return shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, {
      email,
      shipping: { ...(checkoutInput('0').shipping as object), email },
    }),
    randomUUID(),
  );
}

describe('discount codes', () => {
  it('staff create, validate and list codes; an editor may not', async () => {
    const bad = await owner.call('POST', '/api/admin/discount-codes', {
      code: 'a b',
      kind: 'percent',
      percent: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      code: 'A code has 3 to 40 letters, digits, hyphens or underscores',
      percent: 'Enter a whole percentage from 1 to 100',
    });
    await createCode({ code: 'save10', kind: 'percent', percent: 10 });
    const taken = await owner.call('POST', '/api/admin/discount-codes', {
      code: 'SAVE10',
      kind: 'fixed',
      amount: '5.00',
    });
    expect(taken.body.fields).toEqual({ code: 'Another discount code already uses this code' });
    expect((await editor.call('GET', '/api/admin/discount-codes')).status).toBe(403);
    const list = await owner.call('GET', '/api/admin/discount-codes');
    expect(list.body.data[0]).toMatchObject({
      code: 'SAVE10',
      description: '10% off',
      uses: 0,
      active: true,
    });
  });

  it('10% off £19.99 + £10.01: £2.00 and £1.00 off, VAT split per line, counted on the order, its page and invoice', async () => {
    const shopper = await shopperWith([
      [a, 1],
      [b, 1],
    ]);
    const cart = await apply(shopper, ' save10 ');
    expect(cart.status).toBe(200);
    expect(cart.body.data).toMatchObject({
      subtotal: '30.00',
      total: '27.00',
      // £17.99 holds £3.00 VAT (1799 − 1499), £9.01 holds £1.50 (901 − 751).
      vat: '4.50',
      discount: {
        code: 'SAVE10',
        description: '10% off',
        applies: true,
        message: null,
        amount: '3.00',
      },
    });
    const quote = await shopper.quote();
    expect(quote.lines.map((l) => [l.discount, l.total])).toEqual([
      ['2.00', { net: '14.99', vat: '3.00', gross: '17.99' }],
      ['1.00', { net: '7.51', vat: '1.50', gross: '9.01' }],
    ]);
    expect(quote.totals.goods).toEqual({ net: '22.50', vat: '4.50', gross: '27.00' });
    expect(quote.totals.discount).toEqual({
      code: 'SAVE10',
      goods: '3.00',
      delivery: '0.00',
      total: '3.00',
    });
    const placed = await place(shopper, quote);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data as OrderJson;
    expect(order.totals.discount).toEqual(quote.totals.discount);
    expect(order.lines.map((l) => l.discount)).toEqual(['2.00', '1.00']);
    const [row] = await queryRows<{
      discount_code: string;
      discount_goods_pence: number;
      goods_vat_pence: number;
    }>(
      t.app.services.db,
      sql`SELECT discount_code, discount_goods_pence, goods_vat_pence FROM orders WHERE number = ${order.number}`,
    );
    expect(row).toEqual({
      discount_code: 'SAVE10',
      discount_goods_pence: 300,
      goods_vat_pence: 450,
    });
    const lines = await queryRows<{ discount_pence: number; gross_pence: number }>(
      t.app.services.db,
      sql`SELECT l.discount_pence, l.gross_pence FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${order.number} ORDER BY l.position`,
    );
    expect(lines).toEqual([
      { discount_pence: 200, gross_pence: 1799 },
      { discount_pence: 100, gross_pence: 901 },
    ]);
    // The order page (the shopper's session) shows the same.
    const page = await shopper.call('GET', `/api/orders/${order.number}`);
    expect(page.body.data.totals.discount).toEqual(quote.totals.discount);
    const [code] = await queryRows<{ uses: number }>(
      t.app.services.db,
      sql`SELECT uses FROM discount_codes WHERE code = 'SAVE10'`,
    );
    expect(code!.uses).toBe(1);
    // The confirmation mail: the goods before the discount, the discount, and the total paid.
    const [mail] = await queryRows<{ text: string }>(
      t.app.services.db,
      sql`SELECT m.text FROM mail_outbox m JOIN orders o ON o.id = m.order_id
          WHERE o.number = ${order.number} AND m.kind = 'order_confirmation'`,
    );
    expect(mail!.text).toContain('Goods: £30.00');
    expect(mail!.text).toContain('Discount (SAVE10): −£3.00');
    expect(mail!.text).toContain(
      `Total price, including VAT and delivery: £${order.totals.total.gross}`,
    );
    // The invoice, once paid, shows the discount and the discounted VAT.
    const paid = await t.app.services.orders.markPaid({
      orderNumber: order.number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: Math.round(Number(order.totals.total.gross) * 100),
      currency: 'GBP',
      actor: 'staff:owner@tessera.test',
    });
    expect(paid).toBe('paid');
    const pdf = await shopper.call('GET', `/api/orders/${order.number}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    const text = (await readPdf(pdf.response.rawPayload)).pages.join(' ');
    expect(text).toContain('Less discount £2.00');
    expect(text).toContain('Discount SAVE10 (included above) -£3.00');
    expect(text).toContain('£14.99 £3.00 £17.99');
  });

  it('refuses unknown, expired, not-yet-valid, below minimum spend and not-for-these-items codes', async () => {
    await createCode({ code: 'OLD', kind: 'percent', percent: 5, ends_at: london(-2) });
    await createCode({ code: 'LATER', kind: 'percent', percent: 5, starts_at: london(3) });
    await createCode({ code: 'FIVER', kind: 'fixed', amount: '5.00', min_spend: '50.00' });
    await createCode({
      code: 'CATONLY',
      kind: 'percent',
      percent: 20,
      category_ids: [b.categoryId],
    });
    const shopper = await shopperWith([[a, 1]]);
    const refusals = await Promise.all(
      ['NOPE', 'OLD', 'LATER', 'FIVER', 'CATONLY'].map((code) => apply(shopper, code)),
    );
    expect(refusals.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect(refusals.map((r) => r.body.reason)).toEqual([
      'unknown',
      'expired',
      'not_yet_valid',
      'min_spend',
      'not_for_items',
    ]);
    expect(refusals[0]!.body.message).toBe('We do not recognise that code: check it and try again');
    expect(refusals[1]!.body.message).toMatch(/^This code expired on \d{1,2} \w+ \d{4}$/);
    expect(refusals[2]!.body.message).toMatch(
      /^This code is valid from \d{1,2} \w+ \d{4}: try again then$/,
    );
    expect(refusals[3]!.body.message).toBe(
      'This code needs a minimum spend of £50.00: your basket comes to £19.99',
    );
    expect(refusals[4]!.body.fields).toEqual({
      code: 'This code does not apply to the items in your basket',
    });
    expect((await shopper.call('GET', '/api/cart')).body.data.discount).toBeUndefined();
  });

  it('a category code takes 20% off only the lines of that category', async () => {
    const shopper = await shopperWith([
      [a, 1],
      [b, 1],
    ]);
    expect((await apply(shopper, 'CATONLY')).status).toBe(200);
    const quote = await shopper.quote();
    // 20% of £10.01 = £2.002 → £2.00; £8.01 holds £1.33 VAT (801 − 668).
    expect(quote.lines.map((l) => [l.discount, l.total])).toEqual([
      ['0.00', { net: '16.66', vat: '3.33', gross: '19.99' }],
      ['2.00', { net: '6.68', vat: '1.33', gross: '8.01' }],
    ]);
  });

  it('a product code takes its percentage off only the lines of that product', async () => {
    await createCode({ code: 'THISONE', kind: 'percent', percent: 10, product_ids: [a.productId] });
    const shopper = await shopperWith([
      [a, 1],
      [b, 1],
    ]);
    expect((await apply(shopper, 'THISONE')).status).toBe(200);
    const quote = await shopper.quote();
    // 10% of £19.99 = £1.999 → £2.00; £17.99 holds £3.00 VAT (1799 − 1499).
    expect(quote.lines.map((l) => [l.discount, l.total])).toEqual([
      ['2.00', { net: '14.99', vat: '3.00', gross: '17.99' }],
      ['0.00', { net: '8.34', vat: '1.67', gross: '10.01' }],
    ]);
    // Without the product in the basket the code has nothing to take off.
    const other = await shopperWith([[b, 1]]);
    const refused = await apply(other, 'THISONE');
    expect([refused.status, refused.body.reason]).toEqual([422, 'not_for_items']);
  });

  it('a fixed amount above the minimum spend, and free delivery', async () => {
    const shopper = await shopperWith([[a, 3]]);
    expect((await apply(shopper, 'FIVER')).body.data).toMatchObject({
      subtotal: '59.97',
      total: '54.97',
    });
    const quote = await shopper.quote();
    expect(quote.lines[0]!.total).toEqual({ net: '45.81', vat: '9.16', gross: '54.97' });
    await createCode({ code: 'SHIPFREE', kind: 'free_delivery' });
    expect((await apply(shopper, 'SHIPFREE')).status).toBe(200);
    const free = await shopper.quote();
    expect(free.totals.delivery.gross).toBe('0.00');
    expect(Number(free.totals.discount!.delivery)).toBeGreaterThan(0);
    expect(free.totals.total.gross).toBe('59.97');
    expect(free.discount).toMatchObject({
      code: 'SHIPFREE',
      description: 'Free delivery',
      applies: true,
    });
    const placed = await place(shopper, free, 'free@example.co.uk');
    expect(placed.status).toBe(201);
    expect(placed.body.data.totals.delivery.gross).toBe('0.00');
  });

  it('a once-per-customer code: the second order by the same email is refused, nothing placed', async () => {
    await createCode({ code: 'ONCE', kind: 'percent', percent: 10, max_uses_per_customer: 1 });
    const first = await shopperWith([[a, 1]]);
    await apply(first, 'ONCE');
    expect((await place(first, await first.quote(), 'once@example.co.uk')).status).toBe(201);
    const second = await shopperWith([[a, 1]]);
    expect((await apply(second, 'ONCE')).status).toBe(200);
    const [before] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM orders`,
    );
    const refused = await place(second, await second.quote(), 'ONCE@example.co.uk');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'discount_unavailable',
      message:
        'You have already used this code as many times as it allows: remove the code to place your order without it',
    });
    const [after] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM orders`,
    );
    expect(after!.n).toBe(before!.n);
    // Without the code the order goes through.
    expect((await second.call('DELETE', '/api/cart/discount')).body.data.discount).toBeUndefined();
    expect((await place(second, await second.quote(), 'once@example.co.uk')).status).toBe(201);
  });

  it('a code disabled after it was applied no longer applies, and placing is refused', async () => {
    const code = await createCode({ code: 'GONE', kind: 'percent', percent: 10 });
    const shopper = await shopperWith([[a, 1]]);
    await apply(shopper, 'GONE');
    const quote = await shopper.quote();
    expect(quote.totals.discount?.total).toBe('2.00');
    const disabled = await owner.call('POST', `/api/admin/discount-codes/${code.id}/disable`, {
      version: code.version,
    });
    expect(disabled.body.data).toMatchObject({ active: false, version: code.version + 1 });
    const stale = await owner.call('POST', `/api/admin/discount-codes/${code.id}/enable`, {
      version: code.version,
    });
    expect(stale.status).toBe(409);
    expect((await shopper.call('GET', '/api/cart')).body.data).toMatchObject({
      total: '19.99',
      discount: { code: 'GONE', applies: false, message: 'This code is no longer valid' },
    });
    const refused = await place(shopper, quote);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('discount_unavailable');
  });
});
