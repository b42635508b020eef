// The balance of an order edited after payment: staff mail a link for what it still owes, the
// customer sees the order and the amount due through /pay/{token} and chooses a bank transfer,
// staff record the transfer and the order's payment then holds its whole total. A lower total is
// refunded by the edit, and no link is offered. Figures by hand: a 600x400 tile is 0.24 m² a
// piece at £250.00 a m² (£60.00 a piece), VAT inside, delivery free (threshold £1).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { freeDelivery, tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  const db = t.app.services.db;
  [tile] = (await tileSizes(db)) as [typeof tile];
  await workedPrices(db, [tile], { stock: 100, piecesPerPack: 1 });
  await freeDelivery(db);
  t.app.services.invalidateCatalogue();
});
afterAll(async () => {
  await t?.close();
});

/** An order of `pieces` tiles, paid by bank transfer. */
async function paidOrder(pieces: number) {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(tile.product_id, tile.id, pieces)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  const number = placed.body.data.number as string;
  const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
    amount: quote.totals.total.gross,
  });
  expect(paid.body.result).toBe('paid');
  return number;
}

const edit = (number: string, version: number, pieces: number) =>
  manager.call('PUT', `/api/admin/orders/${number}`, {
    version,
    lines: [{ variation_id: tile.id, pieces }],
  });

/** The secret of a link mailed to the customer, read from the mail as they would. */
async function mailedToken(eventKey: string) {
  const [mail] = await rows<{ subject: string; text: string }>(
    sql`SELECT subject, text FROM mail_outbox WHERE kind = 'payment_link' AND event_key = ${eventKey}`,
  );
  return { mail: mail!, token: /\/pay\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]! };
}

const pay = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/pay/${token}/balance`, payload: body });

describe('the balance of an order edited after payment', () => {
  it('is mailed as a link, chosen as a transfer, recorded once, and the link refused once paid', async () => {
    const number = await paidOrder(8);
    // 8 pieces £480.00 paid; up to 10 pieces: £600.00, £120.00 due.
    const up = await edit(number, 1, 10);
    expect(up.body).toMatchObject({ balance_due: '120.00', data: { balance_due: '120.00' } });

    const first = await manager.call('POST', `/api/admin/orders/${number}/balance-link`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ due: '120.00' });
    const second = await manager.call('POST', `/api/admin/orders/${number}/balance-link`);
    expect(second.body.due).toBe('120.00');
    const links = await rows<{ id: number; status: string }>(
      sql`SELECT b.id, b.status FROM balance_links b JOIN orders o ON o.id = b.order_id
          WHERE o.number = ${number} ORDER BY b.id`,
    );
    expect(links.map((l) => l.status)).toEqual(['withdrawn', 'sent']);
    const withdrawn = await mailedToken(`balance:${links[0]!.id}`);
    expect((await t.app.inject({ url: `/api/pay/${withdrawn.token}` })).statusCode).toBe(410);

    const { mail, token } = await mailedToken(`balance:${links[1]!.id}`);
    expect(second.body.link).toContain(`/pay/${token}`);
    expect(mail.subject).toBe(`Your Tessera Stone order ${number}: balance to pay`);
    expect(mail.text).toContain('£120.00 of this is still to pay.');

    // The customer sees the order, what they paid and what is due, exactly.
    const shown = await t.app.inject({ url: `/api/pay/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      order_number: number,
      balance: { paid: '480.00', due: '120.00' },
      totals: { total: { net: '500.00', vat: '100.00', gross: '600.00' } },
      lines: [{ pieces: 10, total: { gross: '600.00' } }],
      payment_methods: ['bank_transfer'],
    });

    // A different amount than the one shown is refused; the right one answers the bank details.
    const wrong = await pay(token, { payment_method: 'bank_transfer', expected_total: '119.99' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('price_changed');
    const chosen = await pay(token, { payment_method: 'bank_transfer', expected_total: '120.00' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({
      order_number: number,
      status: 'awaiting_transfer',
      due: '120.00',
      bank_transfer: { sort_code: '30-94-57', account_number: '48215736', reference: number },
    });
    const again = await pay(token, { payment_method: 'bank_transfer', expected_total: '120.00' });
    expect(again.json()).toEqual(chosen.json());

    // The transfer arrives: only the amount due is accepted, once.
    const short = await manager.call('POST', `/api/admin/orders/${number}/balance-received`, {
      amount: '100.00',
    });
    expect(short.status).toBe(409);
    expect(short.body.error).toBe('The amount received is not the balance due of £120.00');
    const received = await manager.call('POST', `/api/admin/orders/${number}/balance-received`, {
      amount: '120.00',
    });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({
      result: 'paid',
      data: {
        payment_status: 'succeeded',
        balance_due: '0.00',
        payment: { amount: '600.00', refunded: '0.00', refundable: '600.00' },
      },
    });
    expect(received.body.data.history.at(-1)).toMatchObject({
      kind: 'payment',
      note: 'Balance of £120.00 received by bank transfer: paid in full',
    });
    const twice = await manager.call('POST', `/api/admin/orders/${number}/balance-received`, {
      amount: '120.00',
    });
    expect(twice.body).toMatchObject({ result: 'already_paid', data: { balance_due: '0.00' } });
    const [payment] = await rows<{ amount_pence: number }>(
      sql`SELECT p.amount_pence FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE o.number = ${number}`,
    );
    expect(payment!.amount_pence).toBe(60000);

    // The paid link is refused, and no new one is offered.
    const closed = await t.app.inject({ url: `/api/pay/${token}` });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'balance_paid',
      error: 'This balance has been paid: thank you',
    });
    const late = await pay(token, { payment_method: 'bank_transfer', expected_total: '120.00' });
    expect(late.statusCode).toBe(409);
    const none = await manager.call('POST', `/api/admin/orders/${number}/balance-link`);
    expect(none.status).toBe(409);
    expect(none.body.error).toBe('Nothing is due on this order: its payment covers its total');

    const audit = await rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE entity_id = ${number} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'order.mark_paid',
      'order.edit',
      'order.balance_link',
      'order.balance_link',
      'order.balance_paid',
    ]);
  });

  it('a link whose balance changed since it was sent is refused; a lower total is refunded, with no link', async () => {
    const number = await paidOrder(8);
    await edit(number, 1, 10);
    const sent = await manager.call('POST', `/api/admin/orders/${number}/balance-link`);
    const token = /\/pay\/(.+)$/.exec(sent.body.link as string)![1]!;
    // Up again to 12 pieces (£720.00): £240.00 is now due, not the £120.00 the link asks for.
    expect((await edit(number, 2, 12)).body.balance_due).toBe('240.00');
    const stale = await pay(token, { payment_method: 'bank_transfer', expected_total: '120.00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(
      'The amount due on this order has changed: please call us for a new link',
    );

    // Down to 6 pieces (£360.00): £120.00 of the £480.00 paid is refunded by the edit itself.
    const down = await edit(number, 3, 6);
    expect(down.body).toMatchObject({
      refunded: '120.00',
      balance_due: '0.00',
      data: { payment: { amount: '480.00', refunded: '120.00', refundable: '360.00' } },
    });
    const none = await manager.call('POST', `/api/admin/orders/${number}/balance-link`);
    expect(none.status).toBe(409);
  });
});
