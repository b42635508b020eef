import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import {
  confirmationMailedAt,
  pence,
  productId,
  shopperWith,
  size,
  stock,
  t,
  useCheckoutApp,
} from '#tests/setup/checkout-app.ts';

useCheckoutApp();

async function place(shopper: ApiShopper, query?: string, overrides: Record<string, unknown> = {}) {
  const quote = await shopper.quote(query);
  return shopper.placeOrder(checkoutInput(quote.totals.total.gross, overrides), randomUUID());
}

describe('orders after placing', () => {
  async function placedOrder(shopper?: ApiShopper) {
    const buyer = shopper ?? (await shopperWith(5));
    if (shopper) await buyer.add(productId, size.id, 5);
    const { status, body } = await place(buyer);
    expect(status).toBe(201);
    return { buyer, number: body.data.number as string, token: body.token as string };
  }

  it('shows an order to its placing session and its link, and 404 to anyone else', async () => {
    const { buyer, number, token } = await placedOrder();
    expect((await buyer.call('GET', `/api/orders/${number}`)).status).toBe(200);
    const stranger = new ApiShopper(t.app);
    expect((await stranger.call('GET', `/api/orders/${number}`)).status).toBe(404);
    expect((await stranger.call('GET', `/api/orders/${number}?token=wrong`)).status).toBe(404);
    const linked = await stranger.call('GET', `/api/orders/${number}?token=${token}`);
    expect(linked.status).toBe(200);
    expect(linked.body.data.number).toBe(number);
    expect((await stranger.call('GET', '/api/orders/TS-999999')).status).toBe(404);
    expect((await stranger.call('GET', '/api/orders/not-a-number')).status).toBe(400);
  });

  it("lists a signed-in customer's orders, never another's; 401 when signed out", async () => {
    const alice = new ApiShopper(t.app);
    await alice.call('POST', '/api/auth/register', {
      email: 'alice@example.com',
      password: 'stone-floor-42',
    });
    const { number } = await placedOrder(alice);
    const bob = new ApiShopper(t.app);
    await bob.call('POST', '/api/auth/register', {
      email: 'bob@example.com',
      password: 'granite-top-42',
    });
    const list = await alice.call('GET', '/api/orders');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ number, status: 'pending_payment', item_count: 5 }),
    ]);
    expect(list.body.meta).toEqual({
      current_page: 1,
      has_next_page: false,
      total_pages: 1,
      total_products: 1,
      per_page: 10,
    });
    expect((await bob.call('GET', '/api/orders')).body.data).toEqual([]);
    expect((await bob.call('GET', `/api/orders/${number}`)).status).toBe(404);
    expect((await new ApiShopper(t.app).call('GET', '/api/orders')).status).toBe(401);
  });

  it('lets a guest create an account from the order link; the order joins it', async () => {
    const { number, token } = await placedOrder();
    await t.app.services.db.execute(
      sql`UPDATE orders SET email = 'guest-joins@example.com' WHERE number = ${number}`,
    );
    const visitor = new ApiShopper(t.app);
    const bad = await visitor.call('POST', `/api/orders/${number}/account`, {
      token: 'nope',
      password: 'quarry-stone-9',
    });
    expect(bad.status).toBe(404);
    const made = await visitor.call('POST', `/api/orders/${number}/account`, {
      token,
      password: 'quarry-stone-9',
    });
    expect(made.status).toBe(201);
    expect(made.body.customer.email).toBe('guest-joins@example.com');
    const list = await visitor.call('GET', '/api/orders');
    expect(list.body.data.map((o: { number: string }) => o.number)).toEqual([number]);
    const again = await new ApiShopper(t.app).call('POST', `/api/orders/${number}/account`, {
      token,
      password: 'quarry-stone-9',
    });
    expect(again.status).toBe(409);
  });

  it('marks a bank transfer paid once, with a gapless invoice number and a PDF invoice', async () => {
    const first = await placedOrder();
    const second = await placedOrder();
    expect((await first.buyer.call('GET', `/api/orders/${first.number}/invoice.pdf`)).status).toBe(
      404,
    );
    const totals = await Promise.all(
      [first, second].map(
        async (o) =>
          (await o.buyer.call('GET', `/api/orders/${o.number}`)).body.data.totals.total.gross,
      ),
    );
    const results = await Promise.all(
      [first, second, first].map((o, i) =>
        t.app.services.orders.markPaid({
          orderNumber: o.number,
          provider: 'bank_transfer',
          providerRef: null,
          amountPence: pence(totals[i % 2]!),
          currency: 'GBP',
          actor: 'staff:owner@tessera.test',
        }),
      ),
    );
    expect(results.filter((r) => r === 'paid')).toHaveLength(2);
    expect(results.filter((r) => r === 'already_paid')).toHaveLength(1);
    const invoiceNumbers = await queryRows<{ number: number }>(
      t.app.services.db,
      sql`SELECT number FROM invoices ORDER BY number`,
    );
    const numbers = invoiceNumbers.map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const order = (await first.buyer.call('GET', `/api/orders/${first.number}`)).body
      .data as OrderJson;
    expect(order).toMatchObject({
      status: 'paid',
      payment_status: 'succeeded',
      bank_transfer: null,
    });
    expect(order.invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(order.history.map((h) => `${h.kind}:${h.to}:${h.actor}`)).toEqual([
      'status:pending_payment:guest',
      'payment:succeeded:staff:owner@tessera.test',
      'status:paid:staff:owner@tessera.test',
    ]);
    const pdf = await first.buyer.call('GET', `/api/orders/${first.number}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a payment that does not match the total and records it for staff', async () => {
    const { buyer, number } = await placedOrder();
    const result = await t.app.services.orders.markPaid({
      orderNumber: number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: 1,
      currency: 'GBP',
      actor: 'staff:owner@tessera.test',
    });
    expect(result).toBe('amount_mismatch');
    const order = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(order.status).toBe('pending_payment');
    expect(order.history.at(-1)).toMatchObject({ kind: 'note', to: 'payment_mismatch' });
  });

  it('expires unpaid orders after the payment window, gives their stock back, and flags a late payment for refund', async () => {
    const { buyer, number } = await placedOrder();
    // The sweep skips rows another writer holds (as instances sweeping at once must): let the
    // confirmation's own write to the order land first.
    await expect.poll(() => confirmationMailedAt(number)).not.toBeNull();
    const before = await stock();
    expect(await t.app.services.orders.expireOverdue(new Date())).not.toContain(number);
    const expired = await t.app.services.orders.expireOverdue(
      new Date(Date.now() + 8 * 86_400_000),
    );
    expect(expired).toContain(number);
    // Every order that expired gives back what it held, this one's 5 pieces among them.
    const [held] = await queryRows<{ pieces: number }>(
      t.app.services.db,
      sql`SELECT coalesce(sum(l.pieces), 0)::int AS pieces FROM order_lines l
          JOIN orders o ON o.id = l.order_id
          WHERE l.variation_id = ${size.id} AND o.number IN (${sql.join(
            expired.map((n) => sql`${n}`),
            sql`, `,
          )})`,
    );
    expect(held!.pieces).toBeGreaterThanOrEqual(5);
    expect(await stock()).toBe(before + held!.pieces);
    const order = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(order.status).toBe('expired');
    expect(order.history.at(-1)).toMatchObject({
      from: 'pending_payment',
      to: 'expired',
      actor: 'system',
    });
    // Expiring again gives nothing back twice.
    await t.app.services.orders.expireOverdue(new Date(Date.now() + 9 * 86_400_000));
    expect(await stock()).toBe(before + held!.pieces);
    const late = await t.app.services.orders.markPaid({
      orderNumber: number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: pence(order.totals.total.gross),
      currency: 'GBP',
      actor: 'staff:owner@tessera.test',
    });
    expect(late).toBe('flagged_for_refund');
    const after = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(after.status).toBe('expired');
    expect(after.invoice).toBeNull();
  });

  it('moves an order through its life, refusing moves the states do not allow', async () => {
    const { buyer, number } = await placedOrder();
    const orders = t.app.services.orders;
    await expect(orders.move(number, 'dispatched', 'staff:a')).rejects.toThrow(
      /cannot become dispatched/,
    );
    const order = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    await orders.markPaid({
      orderNumber: number,
      provider: 'bank_transfer',
      providerRef: null,
      amountPence: pence(order.totals.total.gross),
      currency: 'GBP',
      actor: 'staff:a',
    });
    await orders.move(number, 'processing', 'staff:a');
    await orders.move(number, 'dispatched', 'staff:a', 'Pallet PX-123 with the carrier');
    await expect(orders.move(number, 'cancelled', 'staff:a')).rejects.toThrow(
      /cannot become cancelled/,
    );
    await orders.move(number, 'delivered', 'staff:a');
    const done = (await buyer.call('GET', `/api/orders/${number}`)).body.data as OrderJson;
    expect(done.status).toBe('delivered');
    expect(done.history.filter((h) => h.kind === 'status').map((h) => h.to)).toEqual([
      'pending_payment',
      'paid',
      'processing',
      'dispatched',
      'delivered',
    ]);
    expect(done.history.find((h) => h.to === 'dispatched')?.note).toBe(
      'Pallet PX-123 with the carrier',
    );
  });

  it('gives the stock back when an order is cancelled before dispatch', async () => {
    const { number } = await placedOrder();
    const before = await stock();
    await t.app.services.orders.move(number, 'cancelled', 'staff:a', 'Customer phoned to cancel');
    expect(await stock()).toBe(before + 5);
  });
});
