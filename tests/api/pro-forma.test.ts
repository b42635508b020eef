import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { openTradeAccount, signedUpCustomer } from '#tests/factories/account-invoices.ts';
import { checkoutInput, type ApiShopper } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

/** The shopper's order of two pieces of a tile with stock, paid by bank transfer. */
async function orderByTransfer(shopper: ApiShopper): Promise<{ number: string; total: string }> {
  const [size] = await queryRows<{ product_id: number; id: number }>(
    t.app.services.db,
    sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.stock_quantity > 10 AND v.option ~ '^\\d+x\\d+'
        ORDER BY v.id LIMIT 1`,
  );
  expect((await shopper.add(size!.product_id, size!.id, 2)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { number: placed.body.data.number, total: quote.totals.total.gross };
}

describe('the pro-forma invoice of a trade order awaiting a bank transfer', () => {
  it('is titled PRO-FORMA, says it is not a VAT invoice, and gives the bank and reference', async () => {
    const { shopper, id } = await signedUpCustomer(t.app, 'ops@ashlar-tiling.co.uk');
    await openTradeAccount(t.app.services.db, id);
    const order = await orderByTransfer(shopper);
    const shown = await shopper.call('GET', `/api/orders/${order.number}`);
    expect(shown.body.data.documents).toEqual([
      expect.objectContaining({
        kind: 'pro_forma',
        label: 'Pro-forma invoice',
        url: `/api/orders/${order.number}/pro-forma.pdf`,
      }),
    ]);
    const answer = await shopper.call('GET', `/api/orders/${order.number}/pro-forma.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toBe('application/pdf');
    const { pages, info } = await readPdf(answer.response.rawPayload);
    const text = pages.join(' ');
    expect(info.Title).toBe(`Pro-forma invoice for order ${order.number}`);
    expect(text).toContain('PRO-FORMA INVOICE');
    expect(text).toContain('This is not a VAT invoice.');
    expect(text).toContain(`Reference ${order.number}`);
    expect(text).toMatch(/Sort code \d{2}-\d{2}-\d{2}/);
    expect(text).toMatch(/Account number \d{8}/);
    expect(text).toContain(`Total including VAT £${order.total}`);
    expect(text).not.toContain('Invoice number');
    expect(text).not.toContain('INV-');
    expect(text).not.toContain('Tax point');

    const staffCopy = await owner.call('GET', `/api/admin/orders/${order.number}/pro-forma.pdf`);
    expect(staffCopy.status).toBe(200);
    expect((await readPdf(staffCopy.response.rawPayload)).pages.join(' ')).toContain(
      'PRO-FORMA INVOICE',
    );
  });

  it('is not issued for a retail order, nor once the order is paid', async () => {
    const { shopper } = await signedUpCustomer(t.app, 'home@example.com');
    const retail = await orderByTransfer(shopper);
    const refused = await shopper.call('GET', `/api/orders/${retail.number}/pro-forma.pdf`);
    expect(refused.status).toBe(404);
    expect((await shopper.call('GET', `/api/orders/${retail.number}`)).body.data.documents).toEqual(
      [],
    );
    expect(refused.body.message).toBe(
      'A pro-forma invoice is issued for a trade account’s order awaiting a bank transfer',
    );

    const { shopper: trade, id } = await signedUpCustomer(t.app, 'paid@ashlar-tiling.co.uk');
    await openTradeAccount(t.app.services.db, id);
    const order = await orderByTransfer(trade);
    const paid = await owner.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: order.total,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await trade.call('GET', `/api/orders/${order.number}/pro-forma.pdf`)).status).toBe(404);
    expect((await owner.call('GET', '/api/admin/orders/TS-999999/pro-forma.pdf')).status).toBe(404);
  });
});
