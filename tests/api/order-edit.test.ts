// Editing an order before dispatch: figures re-priced as checkout prices them, the stock
// difference through the ledger, and for a paid order a credit note cancelling the invoice and a
// new invoice, the difference refunded (lower) or left as a balance due (higher). Figures are
// worked by hand: a 600x400 tile is 0.24 m² a piece at £250.00 a m² (£60.00 a piece), VAT 20%
// inside every gross figure, and delivery free (the free-delivery threshold set to £1).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { freeDelivery, tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };
let other: { id: number; product_id: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);
const stockOf = async (id: number) =>
  (await rows<{ s: number }>(sql`SELECT stock_quantity AS s FROM variations WHERE id = ${id}`))[0]!
    .s;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  const db = t.app.services.db;
  [tile, other] = (await tileSizes(db, 2)) as [typeof tile, typeof other];
  await workedPrices(db, [tile, other], { stock: 40, piecesPerPack: 1 });
  await freeDelivery(db);
  t.app.services.invalidateCatalogue();
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder(pieces: number) {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(tile.product_id, tile.id, pieces)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  return { number: placed.body.data.number as string, token: placed.body.token as string };
}

const adminOrder = async (number: string) =>
  (await manager.call('GET', `/api/admin/orders/${number}`)).body.data;

const edit = (number: string, body: Record<string, unknown>) =>
  manager.call('PUT', `/api/admin/orders/${number}`, body);

describe('editing a paid order', () => {
  it('re-prices, moves the stock difference, issues a credit note and a new invoice, refunds or owes the difference', async () => {
    const { number } = await placeOrder(8);
    expect(await stockOf(tile.id)).toBe(32);
    const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
      amount: '480.00',
    });
    expect(paid.status).toBe(200);
    const before = await adminOrder(number);
    expect(before).toMatchObject({ version: 1, editable: true, balance_due: '0.00' });
    const firstInvoice = before.invoice.number as string;

    // Down from 8 pieces (1.92 m², £480.00) to 4 (0.96 m², £240.00).
    const down = await edit(number, {
      version: 1,
      lines: [{ variation_id: tile.id, pieces: 4 }],
      reason: 'Customer measured again',
    });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ refunded: '240.00', balance_due: '0.00' });
    expect(down.body.data).toMatchObject({
      version: 2,
      payment_status: 'partially_refunded',
      lines: [{ pieces: 4, m2: 0.96, unit_price: '250.00', total: { gross: '240.00' } }],
      totals: {
        goods: { net: '200.00', vat: '40.00', gross: '240.00' },
        delivery: { gross: '0.00' },
        total: { net: '200.00', vat: '40.00', gross: '240.00' },
      },
      payment: { amount: '480.00', refunded: '240.00', refundable: '240.00' },
    });
    const secondInvoice = down.body.invoice as string;
    expect(secondInvoice).not.toBe(firstInvoice);
    expect(down.body.data.invoice.number).toBe(secondInvoice);
    expect(down.body.data.credit_notes).toEqual([
      expect.objectContaining({
        number: down.body.credit_note,
        amount: '480.00',
        refund_ref: 'revision',
        cancels_invoice: firstInvoice,
      }),
    ]);
    expect(await stockOf(tile.id)).toBe(36);
    const ledger = await rows<{ delta: number; stock_after: number; reason: string; ref: string }>(
      sql`SELECT delta, stock_after, reason, ref FROM stock_ledger
          WHERE variation_id = ${tile.id} AND reason = 'edit' ORDER BY id`,
    );
    expect(ledger).toEqual([{ delta: 4, stock_after: 36, reason: 'edit', ref: number }]);

    // The credit note: £480.00 = £400.00 net + £80.00 VAT, cancelling the first invoice.
    const note = await manager.call(
      'GET',
      `/api/admin/orders/${number}/credit-notes/${down.body.credit_note}.pdf`,
    );
    const noteText = (await readPdf(note.response.rawPayload)).pages.join(' ');
    expect(noteText).toContain(`Cancels invoice ${firstInvoice}`);
    expect(noteText).toContain('£400.00 £80.00 £480.00');
    // The old invoice is kept as it printed; the new one prints the new figures.
    const [old] = await rows<{ superseded: boolean; total: string }>(
      sql`SELECT superseded_at IS NOT NULL AS superseded, snapshot->'totals'->'total'->>'gross' AS total
          FROM invoices WHERE number = ${Number(firstInvoice.slice(4))}`,
    );
    expect(old).toEqual({ superseded: true, total: '480.00' });
    const invoice = await manager.call('GET', `/api/admin/orders/${number}/invoice.pdf`);
    const invoiceText = (await readPdf(invoice.response.rawPayload)).pages.join(' ');
    expect(invoiceText).toContain(secondInvoice);
    expect(invoiceText).toContain('£240.00');
    // The customer is mailed the change with both papers.
    const [mail] = await rows<{ subject: string; text: string; attachments: unknown }>(
      sql`SELECT subject, text, attachments FROM mail_outbox
          WHERE kind = 'order_revised' AND event_key = 'edit:2'`,
    );
    expect(mail!.subject).toBe(`Your Tessera Stone order ${number} has been changed`);
    expect(mail!.text).toContain('We are refunding the difference of £240.00.');
    expect(mail!.attachments).toEqual([
      { kind: 'credit_note', number: Number(down.body.credit_note.slice(3)) },
      { kind: 'invoice', number: Number(secondInvoice.slice(4)) },
    ]);

    // Up to 10 pieces (2.4 m², £600.00): £240.00 is held, £360.00 is due.
    const up = await edit(number, { version: 2, lines: [{ variation_id: tile.id, pieces: 10 }] });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ refunded: '0.00', balance_due: '360.00' });
    expect(up.body.data).toMatchObject({
      version: 3,
      balance_due: '360.00',
      totals: { total: { net: '500.00', vat: '100.00', gross: '600.00' } },
    });
    expect(up.body.data.credit_notes.at(-1)).toMatchObject({
      amount: '240.00',
      cancels_invoice: secondInvoice,
    });
    expect(await stockOf(tile.id)).toBe(30);

    // More than is in stock: 30 on the shelf and 10 held by the order.
    const short = await edit(number, {
      version: 3,
      lines: [{ variation_id: tile.id, pieces: 41 }],
    });
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('out_of_stock');
    expect(short.body.error).toMatch(
      /^Only 30 more pieces of .* \(600x400x20\) are in stock: lower the quantity$/,
    );
    expect(await stockOf(tile.id)).toBe(30);

    // A stale version is refused, naming who saved since.
    const stale = await edit(number, { version: 2, lines: [{ variation_id: tile.id, pieces: 9 }] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    expect(stale.body.error).toContain('Someone else saved this since you opened it');

    // Once dispatched, no more edits.
    await run(sql`UPDATE orders SET status = 'dispatched' WHERE number = ${number}`);
    const late = await edit(number, { version: 3, lines: [{ variation_id: tile.id, pieces: 9 }] });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(
      'An order that is dispatched can no longer be edited: only before it is dispatched',
    );
    expect((await adminOrder(number)).editable).toBe(false);
  });
});

describe('editing an unpaid order', () => {
  it('changes the address and adds a line at the catalogue price, the payment waiting for the new total', async () => {
    const { number, token } = await placeOrder(2);
    const shipping = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '0117 496 0000',
      email: 'ada@example.co.uk',
      country: 'GB',
      address_1: '3 Mill Lane',
      city: 'Bath',
      postcode: 'BA1 1AA',
    };
    const edited = await edit(number, {
      version: 1,
      shipping,
      lines: [
        { variation_id: tile.id, pieces: 2 },
        { variation_id: other.id, pieces: 5 },
      ],
    });
    expect(edited.status).toBe(200);
    // 2 × 0.24 m² × £250 = £120.00; 5 × 0.36 m² × £100 = £180.00.
    expect(edited.body).toMatchObject({ credit_note: null, invoice: null });
    expect(edited.body.data).toMatchObject({
      status: 'pending_payment',
      shipping_address: { postcode: 'BA1 1AA', city: 'Bath' },
      lines: [{ total: { gross: '120.00' } }, { m2: 1.8, total: { gross: '180.00' } }],
      totals: { total: { net: '250.00', vat: '50.00', gross: '300.00' } },
    });
    const [payment] = await rows<{ amount_pence: number }>(
      sql`SELECT amount_pence FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE o.number = ${number}`,
    );
    expect(payment!.amount_pence).toBe(30000);
    // The bank transfer of the new total pays it.
    const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
      amount: '300.00',
    });
    expect(paid.status).toBe(200);
    const shopperView = await t.app.inject({ url: `/api/orders/${number}?token=${token}` });
    expect(shopperView.json().data.history).toContainEqual(
      expect.objectContaining({ to: 'edited', note: 'Order changed: total £120.00 → £300.00' }),
    );
  });

  it('refuses an unknown size and an empty line list with field messages', async () => {
    const { number } = await placeOrder(1);
    const unknown = await edit(number, {
      version: 1,
      lines: [{ variation_id: 999999, pieces: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({
      'lines.0.variation_id': 'This size does not exist or is not on sale',
    });
    const empty = await edit(number, { version: 1, lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ lines: 'Add at least one line' });
  });

  it('lets one of two simultaneous edits from the same version win', async () => {
    const { number } = await placeOrder(3);
    const [a, b] = await Promise.all([
      edit(number, { version: 1, lines: [{ variation_id: tile.id, pieces: 4 }] }),
      edit(number, { version: 1, lines: [{ variation_id: tile.id, pieces: 5 }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? 4 : 5;
    const order = await adminOrder(number);
    expect(order).toMatchObject({ version: 2, lines: [{ pieces: winner }] });
    const ledger = await rows<{ delta: number }>(
      sql`SELECT delta FROM stock_ledger WHERE reason = 'edit' AND ref = ${number}`,
    );
    expect(ledger).toEqual([{ delta: -(winner - 3) }]);
  });
});
