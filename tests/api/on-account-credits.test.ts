// Refunding and cancelling an order placed on account: no money was taken, so a credit note takes
// what is credited off the trade account's ledger (its statement), whether the invoice is paid
// yet or not. Figures by hand: 4 pieces of a 600x400 tile (0.96 m²) at £250.00 a m² = £240.00,
// delivery free (the free-delivery threshold set to £1), against a £5,000.00 credit limit.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { openTradeAccount, signedUpCustomer } from '#tests/factories/account-invoices.ts';
import { freeDelivery, tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let owner: StaffBrowser;
let tile: { id: number; product_id: number };
let accounts = 0;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, owner } = await staffOfEveryRole(t.app));
  const db = t.app.services.db;
  [tile] = (await tileSizes(db)) as [typeof tile];
  await workedPrices(db, [tile], { stock: 100 });
  await freeDelivery(db);
  // The Trade list's own discounts are not what these figures are about.
  await run(sql`DELETE FROM price_list_rules`);
  t.app.services.invalidateCatalogue();
  t.app.services.buyers.invalidate();
});
afterAll(async () => {
  await t?.close();
});

/** A new trade account with one £240.00 order on it, placed through the checkout. */
async function orderOnAccount() {
  accounts += 1;
  const { shopper, id } = await signedUpCustomer(t.app, `site${accounts}@ashlar-tiling.co.uk`);
  await openTradeAccount(t.app.services.db, id, { creditLimitPence: 500_000 });
  expect((await shopper.add(tile.product_id, tile.id, 4)).status).toBe(200);
  const quote = await shopper.quote();
  expect(quote.totals.total.gross).toBe('240.00');
  const placed = await shopper.placeOrder(
    checkoutInput('240.00', { payment_method: 'account' }),
    randomUUID(),
  );
  expect(placed.status).toBe(201);
  expect(placed.body.data.payment_status).toBe('on_account');
  return { shopper, id, number: placed.body.data.number as string };
}

const statement = async (shopper: ApiShopper) =>
  (await shopper.call('GET', '/api/account/statement')).body.data;

const availableCredit = async (shopper: ApiShopper) =>
  (await shopper.quote()).payment_options.find((o) => o.method === 'account')?.available_credit;

describe('an unpaid order on account', () => {
  it('refunded in part gets a credit note that lowers what the account owes', async () => {
    const { shopper, number } = await orderOnAccount();
    const refund = await manager.call('POST', `/api/admin/orders/${number}/refund`, {
      amount: '40.00',
      reason: 'Two tiles chipped',
    });
    expect(refund.status).toBe(200);
    expect(refund.body.data).toMatchObject({
      payment_status: 'on_account',
      balance_due: '0.00',
      payment: {
        provider: 'account',
        refunds_how: 'Credited to the trade account: it reduces what the account owes.',
        amount: '240.00',
        refunded: '40.00',
        refundable: '200.00',
      },
      credit_notes: [{ number: refund.body.credit_note, amount: '40.00', refund_ref: 'account' }],
    });
    const s = await statement(shopper);
    expect(s).toMatchObject({ balance: '200.00', outstanding: '200.00' });
    expect(s.invoices).toMatchObject([
      { total: '240.00', credited: '40.00', outstanding: '200.00' },
    ]);
    expect(s.lines.map((l: { kind: string; credit: string | null }) => [l.kind, l.credit])).toEqual(
      [
        ['invoice', null],
        ['credit_note', '40.00'],
      ],
    );
    // The credit left counts the order at what it still owes: £5,000.00 − £200.00.
    expect(await availableCredit(shopper)).toBe('4800.00');
    const [mail] = await rows<{ subject: string; text: string }>(
      sql`SELECT subject, text FROM mail_outbox WHERE kind = 'refunded'
          AND event_key = ${refund.body.credit_note}`,
    );
    expect(mail!.subject).toBe(
      `A credit of £40.00 to your trade account for Tessera Stone order ${number}`,
    );
    expect(mail!.text).toContain(
      `We have credited £40.00 to your trade account for order ${number}: Two tiles chipped.`,
    );
    expect(mail!.text).toContain(
      `Your credit note ${refund.body.credit_note} is attached. It reduces what your account owes.`,
    );
    const pdf = await manager.call(
      'GET',
      `/api/admin/orders/${number}/credit-notes/${refund.body.credit_note}.pdf`,
    );
    expect((await readPdf(pdf.response.rawPayload)).pages.join(' ')).toContain(
      'Credited to your trade account: it reduces what the account owes.',
    );
  });

  it('cancelled gets a credit note for what it still owes, and the account owes nothing for it', async () => {
    const { shopper, number } = await orderOnAccount();
    const part = await manager.call('POST', `/api/admin/orders/${number}/refund`, {
      amount: '15.50',
      reason: 'One tile chipped',
    });
    expect(part.status).toBe(200);
    const cancelled = await manager.call('POST', `/api/admin/orders/${number}/move`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      payment: { amount: '240.00', refunded: '240.00', refundable: '0.00' },
    });
    expect(
      cancelled.body.data.credit_notes.map((n: { amount: string; reason: string }) => [
        n.amount,
        n.reason,
      ]),
    ).toEqual([
      ['15.50', 'One tile chipped'],
      ['224.50', 'Order cancelled'],
    ]);
    const stored = await rows<{ amount_pence: number; refund_ref: string }>(
      sql`SELECT c.amount_pence, c.refund_ref FROM credit_notes c JOIN orders o ON o.id = c.order_id
          WHERE o.number = ${number} ORDER BY c.number`,
    );
    expect(stored).toEqual([
      { amount_pence: 1_550, refund_ref: 'account' },
      { amount_pence: 22_450, refund_ref: 'account' },
    ]);
    const s = await statement(shopper);
    expect(s).toMatchObject({ balance: '0.00', outstanding: '0.00' });
    // Nothing was paid on it: the credit notes cleared it, and it says so.
    expect(s.invoices).toMatchObject([
      { credited: '240.00', paid: '0.00', outstanding: '0.00', status: 'credited' },
    ]);
    expect(await availableCredit(shopper)).toBe('5000.00');
    // Nothing more to credit.
    const again = await manager.call('POST', `/api/admin/orders/${number}/refund`, {
      amount: '0.01',
      reason: 'Again',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('At most £0.00 can be refunded');
  });

  it('edited before dispatch owes the new invoice on account, due as the first was', async () => {
    const { shopper, number } = await orderOnAccount();
    const [first] = (await statement(shopper)).invoices;
    const edited = await manager.call('PUT', `/api/admin/orders/${number}`, {
      version: 1,
      lines: [{ variation_id: tile.id, pieces: 2 }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ refunded: '0.00', balance_due: '0.00' });
    expect(edited.body.data).toMatchObject({
      payment_status: 'on_account',
      payment: { amount: '120.00', refunded: '0.00', refundable: '120.00' },
    });
    const s = await statement(shopper);
    expect(s).toMatchObject({ balance: '120.00', outstanding: '120.00' });
    expect(s.invoices).toMatchObject([
      { number: edited.body.invoice, total: '120.00', due_on: first.due_on, outstanding: '120.00' },
    ]);
    expect(await availableCredit(shopper)).toBe('4880.00');
  });
});

describe('a paid order on account', () => {
  it('refunded leaves the account in credit; cancelling it credits nothing more', async () => {
    const { shopper, id, number } = await orderOnAccount();
    const paid = await owner.call(
      'POST',
      `/api/admin/trade/accounts/${id}/payments`,
      { amount: '240.00', received_on: londonDay(new Date()) },
      { 'idempotency-key': randomUUID() },
    );
    expect(paid.status).toBe(201);
    const refund = await manager.call('POST', `/api/admin/orders/${number}/refund`, {
      amount: '60.00',
      reason: 'Returned a pack',
    });
    expect(refund.status).toBe(200);
    expect(refund.body.data).toMatchObject({
      payment_status: 'partially_refunded',
      payment: { refunded: '60.00', refundable: '180.00' },
    });
    // Invoiced £240.00, credited £60.00, paid £240.00: £60.00 in the account's favour.
    expect(await statement(shopper)).toMatchObject({ balance: '-60.00', outstanding: '0.00' });
    const cancelled = await manager.call('POST', `/api/admin/orders/${number}/move`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.credit_notes).toHaveLength(1);
  });
});

describe('an order on account edited after payments', () => {
  const pay = (id: number, amount: string) =>
    owner.call(
      'POST',
      `/api/admin/trade/accounts/${id}/payments`,
      { amount, received_on: londonDay(new Date()) },
      { 'idempotency-key': randomUUID() },
    );
  const editTo = async (number: string, pieces: number) => {
    const version = (await manager.call('GET', `/api/admin/orders/${number}`)).body.data.version;
    const edited = await manager.call('PUT', `/api/admin/orders/${number}`, {
      version,
      lines: [{ variation_id: tile.id, pieces }],
    });
    expect(edited.status).toBe(200);
    return edited.body;
  };

  it('paid in full: the payment moves to the new invoice and what is over stays as credit', async () => {
    const { shopper, id, number } = await orderOnAccount();
    expect((await pay(id, '240.00')).status).toBe(201);
    // 3 pieces: 0.72 m² at £250.00 = £180.00, the new invoice; £60.00 of the £240.00 is over.
    const edited = await editTo(number, 3);
    const s = await statement(shopper);
    expect(s).toMatchObject({ balance: '-60.00', outstanding: '0.00', unallocated: '60.00' });
    expect(s.invoices).toMatchObject([
      {
        number: edited.invoice,
        total: '180.00',
        paid: '180.00',
        outstanding: '0.00',
        status: 'paid',
      },
    ]);
    expect(s.payments).toMatchObject([
      {
        amount: '240.00',
        unallocated: '60.00',
        allocations: [{ invoice_number: edited.invoice, amount: '180.00' }],
      },
    ]);
  });

  it('paid in part: what was paid settles the new invoice, and the order is paid once it covers it', async () => {
    const { shopper, id, number } = await orderOnAccount();
    expect((await pay(id, '150.00')).status).toBe(201);
    // £150.00 paid against £180.00 now owed: £30.00 left to pay, the order still on account.
    const edited = await editTo(number, 3);
    expect(edited.data.payment_status).toBe('on_account');
    expect((await statement(shopper)).invoices).toMatchObject([
      { number: edited.invoice, paid: '150.00', outstanding: '30.00', status: 'open' },
    ]);
    // Down to 2 pieces (£120.00): the £150.00 paid covers it, £30.00 over, and the order is paid.
    const again = await editTo(number, 2);
    expect(again.data.payment_status).toBe('succeeded');
    const s = await statement(shopper);
    expect(s).toMatchObject({ balance: '-30.00', outstanding: '0.00', unallocated: '30.00' });
    expect(s.invoices).toMatchObject([
      { number: again.invoice, total: '120.00', paid: '120.00', status: 'paid' },
    ]);
  });

  it('racing payments and edits leave no payment on a replaced invoice, and none paid twice', async () => {
    const { shopper, id, number } = await orderOnAccount();
    for (const pieces of [3, 2, 4]) {
      const version = (await manager.call('GET', `/api/admin/orders/${number}`)).body.data.version;
      const [paid, edited] = await Promise.all([
        pay(id, '50.00'),
        manager.call('PUT', `/api/admin/orders/${number}`, {
          version,
          lines: [{ variation_id: tile.id, pieces }],
        }),
      ]);
      expect([paid.status, edited.status]).toEqual([201, 200]);
    }
    const stray = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM account_allocations a JOIN invoices i ON i.id = a.invoice_id
          WHERE i.superseded_at IS NOT NULL`,
    );
    expect(stray[0]!.n).toBe(0);
    // Paid £150.00 in all against the last edit's 4 pieces, £240.00: £90.00 owed on balance.
    // Which payment landed before which edit decides how much sits unallocated as credit
    // (a payment over what the invoice then owed); never more than was paid, never on top.
    const s = await statement(shopper);
    expect(s.balance).toBe('90.00');
    const [invoice] = s.invoices;
    expect(invoice.total).toBe('240.00');
    expect(Number(invoice.paid) + Number(invoice.outstanding)).toBe(240);
    expect(Number(invoice.paid) + Number(s.unallocated)).toBe(150);
  });
});
