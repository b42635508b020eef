// Pay on account (issue 29, part 2) and the payment registry it is the third entry of: who is
// offered it, what an order on account is (dispatchable, invoiced at once, due by the terms),
// and the credit limit holding when orders on one account are placed at the same moment.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ACCOUNT_MESSAGES, dueOn, paymentDueText } from '#domain/account-terms.ts';
import { londonDay } from '#domain/dashboard.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { productId, size, t, useCheckoutApp } from '#tests/setup/checkout-app.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';

useCheckoutApp();

let signed = 0;
/** A signed-in shopper with two pieces in the basket, and their customer id. */
async function customer(): Promise<{ shopper: ApiShopper; id: number }> {
  signed += 1;
  const shopper = new ApiShopper(t.app, `10.77.0.${signed}`);
  const email = `trade.${signed}.${Date.now()}@example.co.uk`;
  const registered = await shopper.call('POST', '/api/auth/register', {
    email,
    password: 'granite-slab-42',
  });
  expect(registered.status).toBe(201);
  expect((await shopper.add(productId, size.id, 2)).status).toBe(200);
  const [row] = await queryRows<{ id: number }>(
    t.app.services.db,
    sql`SELECT id FROM customers WHERE email = ${email}`,
  );
  return { shopper, id: row!.id };
}

async function openAccount(
  customerId: number,
  account: { limitPence: number | null; kind?: string; days?: number; stopped?: string },
) {
  await t.app.services.db.execute(sql`INSERT INTO trade_accounts
      (customer_id, company, credit_limit_pence, terms_kind, terms_days, stopped_at, stop_reason)
    VALUES (${customerId}, 'Bath Tiling Ltd', ${account.limitPence}, ${account.kind ?? 'days'},
      ${account.days ?? 30}, ${account.stopped ? new Date().toISOString() : null}::timestamptz,
      ${account.stopped ?? null})`);
}

async function placeOnAccount(shopper: ApiShopper) {
  const quote = await shopper.quote();
  return shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, { payment_method: 'account' }),
    randomUUID(),
  );
}

describe('the payment registry', () => {
  it('lists bank transfer, card and account, each with what the checkout shows', () => {
    const { payments } = t.app.services;
    expect(payments.all.map((p) => [p.method, p.name, p.enabled])).toEqual([
      ['bank_transfer', 'bank_transfer', true],
      ['card', 'stripe', false],
      ['account', 'account', true],
    ]);
  });

  it('starts and refunds a bank transfer with nothing to do online', async () => {
    const bank = t.app.services.payments.forMethod('bank_transfer');
    const order = await storeOrderAwaitingPayment(t.app.services.db, {
      paymentMethod: 'bank_transfer',
    });
    expect(await t.app.services.payments.start(order.number, bank)).toEqual({
      providerRef: null,
      client: null,
    });
    expect(await bank.refund(null, 1200, 'key')).toEqual({
      ref: 'manual',
      note: 'paid back by hand',
    });
  });

  it('refuses a card refund while Stripe is not configured', async () => {
    await expect(
      t.app.services.payments.byName('stripe').refund('pi_1', 100, 'key'),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Card refunds need Stripe to be configured',
    });
  });

  it('offers a guest bank transfer only', async () => {
    const guest = new ApiShopper(t.app, '10.77.1.1');
    await guest.add(productId, size.id, 2);
    const quote = await guest.quote();
    expect(quote.payment_methods).toEqual(['bank_transfer']);
    expect(quote.payment_options).toEqual([
      {
        method: 'bank_transfer',
        label: 'Bank transfer',
        description: 'Our bank details and your reference are shown once your order is placed.',
      },
    ]);
  });
});

describe('pay on account', () => {
  it('is not offered without a credit limit, and refused with the reason if sent', async () => {
    const { shopper, id } = await customer();
    await openAccount(id, { limitPence: null });
    expect((await shopper.quote()).payment_methods).toEqual(['bank_transfer']);
    const placed = await placeOnAccount(shopper);
    expect(placed.status).toBe(422);
    expect(placed.body).toMatchObject({ code: 'no_account', message: ACCOUNT_MESSAGES.noAccount });
  });

  it('refuses a stopped account with the reason', async () => {
    const { shopper, id } = await customer();
    await openAccount(id, { limitPence: 1_000_000, stopped: 'invoice 12 overdue' });
    expect((await shopper.quote()).payment_methods).not.toContain('account');
    const placed = await placeOnAccount(shopper);
    expect(placed.status).toBe(422);
    expect(placed.body.message).toBe(
      'Your trade account is on stop (invoice 12 overdue): please choose another way to pay or contact us',
    );
  });

  it('places a dispatchable order, invoiced now and due by the terms', async () => {
    const { shopper, id } = await customer();
    await openAccount(id, { limitPence: 1_000_000, kind: 'end_of_month' });
    const quote = await shopper.quote();
    const option = quote.payment_options.find((o) => o.method === 'account');
    expect(option).toMatchObject({ label: 'Pay on account', available_credit: '10000.00' });
    expect(option!.description).toBe(
      'Available credit £10000.00; invoices due end of the month after invoice.',
    );
    const placed = await placeOnAccount(shopper);
    expect(placed.status).toBe(201);
    const order = placed.body.data;
    expect(order).toMatchObject({
      status: 'processing',
      payment_status: 'on_account',
      payment_method: 'account',
      expires_at: null,
      bank_transfer: null,
    });
    expect(placed.body.payment).toBeNull();
    const due = dueOn(londonDay(new Date()), { kind: 'end_of_month', days: 30 });
    expect(order.invoice).toMatchObject({ due_on: due });
    const read = await shopper.call('GET', `/api/orders/${order.number}`);
    expect(read.body.data.invoice.due_on).toBe(due);
    const [row] = await queryRows<{ due_on: string; tax_point: string }>(
      t.app.services.db,
      sql`SELECT to_char(due_on, 'YYYY-MM-DD') AS due_on, tax_point FROM invoices
          WHERE order_id = (SELECT id FROM orders WHERE number = ${order.number})`,
    );
    expect(row!.due_on).toBe(due);
    // The invoice and the confirmation say when it is due.
    const words = paymentDueText(due);
    const pdf = await shopper.call('GET', `/api/orders/${order.number}/invoice.pdf`);
    expect(pdf.status).toBe(200);
    expect((await readPdf(pdf.response.rawPayload)).pages.join(' ')).toContain(words);
    await expect
      .poll(() =>
        outboxMails(t.config.dataDir, order.email)
          .map((m) => m.text)
          .join('\n'),
      )
      .toContain(`Your order is on your trade account`);
    const mail = outboxMails(t.config.dataDir, order.email).at(-1)!;
    expect(mail.text).toContain(`${words}.`);
    // The credit left counts the order.
    await shopper.add(productId, size.id, 2);
    const after = (await shopper.quote()).payment_options.find((o) => o.method === 'account');
    const left = 1_000_000 - Math.round(Number(order.totals.total.gross) * 100);
    expect(after!.available_credit).toBe((left / 100).toFixed(2));
  });

  it('refuses an order over the credit left, saying how much is left', async () => {
    const { shopper, id } = await customer();
    await openAccount(id, { limitPence: 100 });
    const placed = await placeOnAccount(shopper);
    expect(placed.status).toBe(409);
    expect(placed.body).toMatchObject({
      code: 'credit_limit',
      message: ACCOUNT_MESSAGES.overLimit(100),
    });
  });

  it('keeps orders placed at once on one account within its limit', async () => {
    const { id } = await customer();
    // £120.00 orders against £500.00: four fit, whatever the order they arrive in.
    await openAccount(id, { limitPence: 50_000, days: 14 });
    const orders = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const order = await storeOrderAwaitingPayment(t.app.services.db);
        await t.app.services.db.execute(sql`UPDATE orders SET customer_id = ${id},
            payment_method = 'account' WHERE id = ${order.id}`);
        return order;
      }),
    );
    const account = t.app.services.payments.forMethod('account');
    const results = await Promise.allSettled(
      orders.map((order) => t.app.services.db.transaction((tx) => account.placed!(tx, order.id))),
    );
    expect(
      results.filter((r) => r.status === 'fulfilled'),
      String(
        (results.find((r) => r.status === 'rejected') as PromiseRejectedResult | undefined)?.reason,
      ),
    ).toHaveLength(4);
    const refusals = results.filter((r) => r.status === 'rejected');
    expect(refusals).toHaveLength(6);
    for (const refusal of refusals) {
      expect(refusal.reason).toMatchObject({
        statusCode: 409,
        message: ACCOUNT_MESSAGES.overLimit(2_000),
      });
    }
    const [counts] = await queryRows<{ placed: number; invoiced: number }>(
      t.app.services.db,
      sql`SELECT count(*) FILTER (WHERE o.status = 'processing')::int AS placed,
            count(i.id)::int AS invoiced
          FROM orders o LEFT JOIN invoices i ON i.order_id = o.id
          WHERE o.customer_id = ${id}`,
    );
    expect(counts).toEqual({ placed: 4, invoiced: 4 });
  });
});
