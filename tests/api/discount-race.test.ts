import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a code limited to 10 uses, 50 shoppers placing orders with it at once', () => {
  it('exactly 10 orders carry it; 40 clear refusals with nothing placed or charged', async () => {
    const { owner } = await staffOfEveryRole(t.app);
    const created = await owner.call('POST', '/api/admin/discount-codes', {
      code: 'FIRST10',
      kind: 'percent',
      percent: 15,
      max_uses: 10,
    });
    expect(created.status).toBe(201);
    const [size] = await queryRows<{ product_id: number; id: number }>(
      t.app.services.db,
      sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
          WHERE p.status = 'publish' AND v.option ~ '^\\d+x\\d+' ORDER BY v.id LIMIT 1`,
    );
    await t.app.services.db.execute(
      sql`UPDATE variations SET stock_quantity = 10000 WHERE id = ${size!.id}`,
    );
    const shoppers = await Promise.all(
      // Each from an address of their own: 50 tries at one instant from one address would meet
      // the limit on codes tried (every try is counted until it turns out right).
      Array.from({ length: 50 }, async (_, i) => {
        const shopper = new ApiShopper(t.app, `10.50.${i}.1`);
        expect((await shopper.add(size!.product_id, size!.id, 1)).status).toBe(200);
        expect((await shopper.call('POST', '/api/cart/discount', { code: 'first10' })).status).toBe(
          200,
        );
        return shopper;
      }),
    );
    const quotes = await Promise.all(shoppers.map((s) => s.quote()));
    for (const quote of quotes) expect(quote.totals.discount?.code).toBe('FIRST10');
    const [before] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM orders`,
    );
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        s.placeOrder(checkoutInput(quotes[i]!.totals.total.gross), randomUUID()),
      ),
    );
    const placed = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 409);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const refusal of refused) {
      expect(refusal.body).toMatchObject({
        code: 'discount_unavailable',
        message: 'This code has been used up: remove the code to place your order without it',
      });
    }
    for (const order of placed) expect(order.body.data.totals.discount.code).toBe('FIRST10');
    const [after] = await queryRows<{ n: number; with_code: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n,
            count(*) FILTER (WHERE discount_code = 'FIRST10')::int AS with_code FROM orders`,
    );
    expect(after!.n - before!.n).toBe(10);
    expect(after!.with_code).toBe(10);
    const [code] = await queryRows<{ uses: number; redemptions: number }>(
      t.app.services.db,
      sql`SELECT uses, (SELECT count(*)::int FROM discount_redemptions r
            WHERE r.code_id = d.id) AS redemptions FROM discount_codes d WHERE code = 'FIRST10'`,
    );
    expect(code).toEqual({ uses: 10, redemptions: 10 });
    const [payments] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM payments`,
    );
    expect(payments!.n).toBe(after!.n);
  });
});
