// Idempotency-Key on placing an order, as Stripe defines it: the same key and the same request
// answer the order placed first; the same key with another request is refused with 422.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let item: { productId: number; variationId: number };

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await queryRows<{ product_id: number; id: number }>(
    t.app.services.db,
    sql`SELECT v.product_id, v.id FROM variations v
        WHERE v.stock_quantity > 0 AND v.option ~ '^[0-9]+x[0-9]+x[0-9]+$' ORDER BY v.id LIMIT 1`,
  );
  item = { productId: row!.product_id, variationId: row!.id };
  await t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = 100000 WHERE id = ${item.variationId}`,
  );
});
afterAll(async () => {
  await t?.close();
});

async function orderCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.db,
    sql`SELECT count(*)::int AS n FROM orders`,
  );
  return row!.n;
}

async function shopperWith(pieces: number) {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(item.productId, item.variationId, pieces)).status).toBe(200);
  const quote = await shopper.quote();
  return { shopper, total: quote.totals.total.gross };
}

const reversed = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).reverse());

describe('Idempotency-Key on POST /api/checkout/orders', () => {
  it('answers the same order to the same request, however its fields are ordered', async () => {
    const { shopper, total } = await shopperWith(2);
    const key = randomUUID();
    const first = await shopper.placeOrder(checkoutInput(total), key);
    expect(first.status).toBe(201);
    const count = await orderCount();
    for (const body of [checkoutInput(total), reversed(checkoutInput(total))]) {
      const again = await shopper.placeOrder(body, key);
      expect(again.status).toBe(200);
      expect(again.body.data.number).toBe(first.body.data.number);
    }
    expect(await orderCount()).toBe(count);
  });

  it('refuses the same key with another body (422), placing nothing and keeping the first order', async () => {
    const { shopper, total } = await shopperWith(2);
    const key = randomUUID();
    const first = await shopper.placeOrder(checkoutInput(total), key);
    expect(first.status).toBe(201);
    const count = await orderCount();
    const others: Record<string, unknown>[] = [
      { email: 'someone.else@example.co.uk' },
      { shipping: { ...(checkoutInput(total).shipping as object), company: 'Quarry Ltd' } },
      { delivery_option: 'timed_am' },
      { expected_total: '1.00' },
      { shipping: { ...(checkoutInput(total).shipping as object), postcode: 'BS1 4DJ' } },
      { billing_same_as_shipping: false, billing: checkoutInput(total).shipping },
    ];
    for (const override of others) {
      const answer = await shopper.placeOrder(checkoutInput(total, override), key);
      expect(answer.status, JSON.stringify(override)).toBe(422);
      expect(answer.body.code).toBe('idempotency_key_reused');
      expect(answer.body.message).toBe(
        'This Idempotency-Key was used with a different request: send a new key for a new order',
      );
    }
    expect(await orderCount()).toBe(count);
    // The first request still gets its order.
    expect((await shopper.placeOrder(checkoutInput(total), key)).body.data.number).toBe(
      first.body.data.number,
    );
  });

  it('refuses the same key and body for a basket filled since (422)', async () => {
    const { shopper, total } = await shopperWith(2);
    const key = randomUUID();
    expect((await shopper.placeOrder(checkoutInput(total), key)).status).toBe(201);
    // The same basket again: the same total, so the same body, but another basket.
    expect((await shopper.add(item.productId, item.variationId, 2)).status).toBe(200);
    const count = await orderCount();
    const answer = await shopper.placeOrder(checkoutInput(total), key);
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe('idempotency_key_reused');
    expect(await orderCount()).toBe(count);
    // A new key places the new basket.
    expect((await shopper.placeOrder(checkoutInput(total), randomUUID())).status).toBe(201);
  });

  it('does not bind a key to a refused request: after a 409 the corrected request places', async () => {
    const { shopper, total } = await shopperWith(3);
    const key = randomUUID();
    const stale = await shopper.placeOrder(checkoutInput('1.00'), key);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('price_changed');
    const placed = await shopper.placeOrder(checkoutInput(total), key);
    expect(placed.status).toBe(201);
  });

  it('makes one order of identical requests racing, and refuses all but one of different ones', async () => {
    for (let round = 0; round < 3; round++) {
      const same = await shopperWith(1 + round);
      const key = randomUUID();
      const before = await orderCount();
      const racing = await Promise.all(
        Array.from({ length: 4 }, () => same.shopper.placeOrder(checkoutInput(same.total), key)),
      );
      expect(racing.filter((r) => r.status === 201)).toHaveLength(1);
      expect(racing.every((r) => r.status === 201 || r.status === 200)).toBe(true);
      expect(new Set(racing.map((r) => r.body.data.number)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);

      const different = await shopperWith(1 + round);
      const otherKey = randomUUID();
      const emails = ['a@example.co.uk', 'b@example.co.uk', 'c@example.co.uk'];
      const mixed = await Promise.all(
        emails.map((email) =>
          different.shopper.placeOrder(checkoutInput(different.total, { email }), otherKey),
        ),
      );
      expect(mixed.filter((r) => r.status === 201)).toHaveLength(1);
      const refused = mixed.filter((r) => r.status !== 201);
      expect(refused.map((r) => r.status)).toEqual([422, 422]);
      expect(refused.every((r) => r.body.code === 'idempotency_key_reused')).toBe(true);
      expect(await orderCount()).toBe(before + 2);
    }
  });
});
