import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { VariationJson } from '#domain/api-types.ts';
import type { DashboardJson } from '#domain/dashboard.ts';
import { dashboardFigures } from '#server/services/orders/dashboard.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { confirmationMailedAt } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const product = buildCatalogue().products.find(
  (p) =>
    !p.categories.includes('stock-clearance') &&
    p.variations.some((v) => /^\d+x\d+/.test(v.option) && v.inStock),
)!;

let t: TestApp;
let manager: StaffBrowser;
let productId: number;
let size: VariationJson;

const pence = (pounds: string) => Math.round(Number(pounds) * 100);
const pounds = (p: number) => (p / 100).toFixed(2);

interface Placed {
  number: string;
  total: number;
}

/** An order for 30 pieces (more than the £50 refunded), placed by a shopper through the checkout, paid by bank transfer. */
async function place(): Promise<Placed> {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(productId, size.id, 30)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  return { number: placed.body.data.number, total: pence(placed.body.data.totals.total.gross) };
}

async function staffCall(order: Placed, action: string, body: Record<string, unknown>) {
  const answer = await manager.call('POST', `/api/admin/orders/${order.number}/${action}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const orders: Record<'paid' | 'refunded' | 'cancelled' | 'expired' | 'unpaid', Placed> =
  {} as never;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  const answer = await t.app.inject({ url: `/api/products/slug/${product.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => /^\d+x\d+/.test(v.attributes[0]!.option) && v.instock)!;
  await t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = 1000 WHERE id = ${size.id}`,
  );

  orders.paid = await place();
  await staffCall(orders.paid, 'mark-paid', { amount: pounds(orders.paid.total) });
  orders.refunded = await place();
  await staffCall(orders.refunded, 'mark-paid', { amount: pounds(orders.refunded.total) });
  await staffCall(orders.refunded, 'refund', { amount: '50.00', reason: 'Two cracked tiles' });
  orders.cancelled = await place();
  await staffCall(orders.cancelled, 'move', { status: 'cancelled' });
  orders.expired = await place();
  // The sweep skips rows another writer holds (as instances sweeping at once must): let the
  // confirmation's own write to the order land first.
  await vi.waitFor(async () => {
    expect(await confirmationMailedAt(t.app.services.db, orders.expired.number)).not.toBeNull();
  }, 15_000);
  await t.app.services.db.execute(
    sql`UPDATE orders SET expires_at = now() - interval '1 second'
        WHERE number = ${orders.expired.number}`,
  );
  expect(await t.app.services.orders.expireOverdue()).toEqual([orders.expired.number]);
  orders.unpaid = await place();
});
afterAll(async () => {
  await t?.close();
});

describe('the dashboard figures', () => {
  it('today: orders placed, cancelled and expired apart; takings gross, refunds and net', async () => {
    const answer = await manager.call('GET', '/api/admin/dashboard');
    expect(answer.status).toBe(200);
    const figures = answer.body.data as DashboardJson;
    const gross = orders.paid.total + orders.refunded.total;
    const expected = {
      orders_placed: 5,
      orders_cancelled: 1,
      orders_expired: 1,
      orders_net: 3,
      gross_takings: pounds(gross),
      refunds: '50.00',
      net_takings: pounds(gross - 5000),
    };
    expect(figures.today).toEqual(expected);
    expect(figures.month).toEqual(expected);
    expect(figures.sales_by_day.at(-1)).toEqual({ ...expected, day: expect.any(String) });
    expect(figures.awaiting_payment).toBe(1);
    expect(figures.awaiting_dispatch).toBe(2);
  });

  it('counts each figure on its own London day, across midnight in summer time', async () => {
    const db = t.app.services.db;
    const at = (iso: string) => sql`${iso}::timestamptz`;
    const move = async (order: Placed, placedAt: string, paidAt?: string) => {
      await db.execute(sql`UPDATE orders SET placed_at = ${at(placedAt)},
          paid_at = CASE WHEN paid_at IS NULL THEN NULL ELSE ${at(paidAt ?? placedAt)} END
        WHERE number = ${order.number}`);
      if (paidAt) {
        await db.execute(sql`UPDATE order_events SET at = ${at(paidAt)}
          WHERE kind = 'payment' AND to_state = 'succeeded'
            AND order_id = (SELECT id FROM orders WHERE number = ${order.number})`);
      }
    };
    // 23:59:59 BST on the 14th, paid at 00:00 BST on the 15th.
    await move(orders.paid, '2026-07-14T22:59:59Z', '2026-07-14T23:00:00Z');
    // 00:30 BST on the 15th, paid then; refunded at 23:59 BST on the 15th.
    await move(orders.refunded, '2026-07-14T23:30:00Z', '2026-07-14T23:30:00Z');
    await db.execute(sql`UPDATE credit_notes SET issued_at = ${at('2026-07-15T22:59:00Z')}`);
    // 01:30 BST on 1 July.
    await move(orders.cancelled, '2026-07-01T00:30:00Z');
    // 00:30 BST on 1 July: July's, though it is still 30 June in UTC.
    await move(orders.expired, '2026-06-30T23:30:00Z');
    // 23:30 BST on 30 June.
    await move(orders.unpaid, '2026-06-30T22:30:00Z');

    const figures = await dashboardFigures(db, new Date('2026-07-15T12:00:00Z'));
    const gross = orders.paid.total + orders.refunded.total;
    expect(figures.today).toEqual({
      orders_placed: 1,
      orders_cancelled: 0,
      orders_expired: 0,
      orders_net: 1,
      gross_takings: pounds(gross),
      refunds: '50.00',
      net_takings: pounds(gross - 5000),
    });
    expect(figures.month).toEqual({
      orders_placed: 4,
      orders_cancelled: 1,
      orders_expired: 1,
      orders_net: 2,
      gross_takings: pounds(gross),
      refunds: '50.00',
      net_takings: pounds(gross - 5000),
    });
    const day = (d: string) => figures.sales_by_day.find((row) => row.day === d);
    expect(day('2026-07-14')).toMatchObject({ orders_placed: 1, gross_takings: '0.00' });
    expect(day('2026-06-30')).toMatchObject({ orders_placed: 1, orders_net: 1 });
    expect(day('2026-07-01')).toMatchObject({
      orders_placed: 2,
      orders_cancelled: 1,
      orders_expired: 1,
      orders_net: 0,
    });
    expect(figures.sales_by_day.at(-1)!.day).toBe('2026-07-15');
  });

  it('a refund given on a later day lowers that day, not the day of the payment', async () => {
    const figures = await dashboardFigures(t.app.services.db, new Date('2026-07-16T08:00:00Z'));
    expect(figures.today).toMatchObject({ gross_takings: '0.00', refunds: '0.00' });
    const fifteenth = figures.sales_by_day.find((row) => row.day === '2026-07-15')!;
    expect(fifteenth.refunds).toBe('50.00');
  });
});
