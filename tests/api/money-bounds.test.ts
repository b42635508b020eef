// Bounds on money: a basket or order past the configured maxima is refused with a clear 422
// before anything reaches the database; before, a total above about £21.4m overflowed an int4
// column inside the database (a 500) and £10.8m orders were accepted.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let sizes: { productId: number; variationId: number }[];

beforeAll(async () => {
  t = await createTestApp({ config: { ORDER_MAX_LINES: '4' } });
  const rows = await queryRows<{ product_id: number; id: number }>(
    t.app.services.db,
    sql`SELECT product_id, id FROM variations
        WHERE option ~ '^[0-9]+x[0-9]+x[0-9]+$' AND stock_quantity > 0 ORDER BY id LIMIT 6`,
  );
  sizes = rows.map((r) => ({ productId: r.product_id, variationId: r.id }));
  await t.app.services.db.execute(sql`UPDATE variations SET stock_quantity = 100000,
      price_pence = 5000 WHERE id IN ${sql.raw(`(${sizes.map((s) => s.variationId).join(',')})`)}`);
});
afterAll(async () => {
  await t?.close();
});

const setPrice = (variationId: number, pence: number) =>
  t.app.services.db.execute(
    sql`UPDATE variations SET price_pence = ${pence} WHERE id = ${variationId}`,
  );

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return row!.n;
}

describe('bounds on what a basket and an order may hold', () => {
  it('refuses a basket line that takes the basket past £250,000, keeping the basket as it was', async () => {
    const shopper = new ApiShopper(t.app);
    const [first] = sizes;
    await setPrice(first!.variationId, 10_000_000);
    for (const pieces of [10_000, 5_000, 2_000]) {
      const before = await count('cart_items');
      const answer = await shopper.add(first!.productId, first!.variationId, pieces);
      expect(answer.status, String(pieces)).toBe(422);
      expect(answer.body.code).toBe('basket_too_large');
      expect(answer.body.message).toBe(
        'An order may come to at most £250,000.00: please split it, or contact us for a quote',
      );
      expect(await count('cart_items')).toBe(before);
    }
    // Within the bound, the same line is taken.
    expect((await shopper.add(first!.productId, first!.variationId, 1)).status).toBe(200);
    await setPrice(first!.variationId, 5000);
  });

  it('refuses more lines than ORDER_MAX_LINES, and a quantity update past the total', async () => {
    const shopper = new ApiShopper(t.app);
    for (const size of sizes.slice(0, 4)) {
      expect((await shopper.add(size.productId, size.variationId, 1)).status).toBe(200);
    }
    const fifth = await shopper.add(sizes[4]!.productId, sizes[4]!.variationId, 1);
    expect(fifth.status).toBe(422);
    expect(fifth.body.message).toBe(
      'A basket holds at most 4 different items: please place a second order for the rest',
    );
    // More of a line already there is no new line.
    expect((await shopper.add(sizes[0]!.productId, sizes[0]!.variationId, 1)).status).toBe(200);
    const basket = await shopper.call('GET', '/api/cart');
    const line = basket.body.data.line_items.find(
      (l: { variation_id: number }) => l.variation_id === sizes[0]!.variationId,
    );
    await setPrice(sizes[0]!.variationId, 10_000_000);
    const update = await shopper.call('PUT', `/api/cart/${line.id}`, { quantity: 9_000 });
    expect(update.status).toBe(422);
    expect(update.body.code).toBe('basket_too_large');
    const after = await shopper.call('GET', '/api/cart');
    expect(after.body.data.line_items.find((l: { id: number }) => l.id === line.id).quantity).toBe(
      2,
    );
    await setPrice(sizes[0]!.variationId, 5000);
  });

  it('refuses at checkout an order whose prices rose past the bound: 422, not a 500, nothing stored', async () => {
    for (const pricePence of [10_000_000, 3_000_000]) {
      const shopper = new ApiShopper(t.app);
      const size = sizes[5]!;
      await setPrice(size.variationId, 5000);
      expect((await shopper.add(size.productId, size.variationId, 9_000)).status).toBe(200);
      const quote = await shopper.quote();
      // Staff raise the price afterwards: the basket now comes to millions.
      await setPrice(size.variationId, pricePence);
      const before = await count('orders');
      const answer = await shopper.placeOrder(
        checkoutInput(quote.totals.total.gross),
        randomUUID(),
      );
      expect(answer.status).toBe(422);
      expect(answer.body.code).toBe('order_too_large');
      expect(answer.body.message).toMatch(/^An order may come to at most £250,000\.00/);
      expect(await count('orders')).toBe(before);
    }
  });
});
