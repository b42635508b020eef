// An order edited after payment has two invoices (the first superseded and cancelled by a credit
// note) and the reports count each document once, at the figures it printed. Figures worked by
// hand: a 600x400 tile is 0.24 m² a piece at £250.00 a m² (£60.00 a piece), VAT 20% inside every
// gross figure, delivery free. 8 pieces (£480.00) paid, then cut to 4 (£240.00).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDay } from '#domain/dashboard.ts';
import { freeDelivery, tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  const db = t.app.services.db;
  [tile] = (await tileSizes(db)) as [typeof tile];
  await workedPrices(db, [tile], { stock: 40 });
  await freeDelivery(db);
  t.app.services.invalidateCatalogue();
});
afterAll(async () => {
  await t?.close();
});

describe('reports of an order revised after payment', () => {
  it('count the first invoice at £480.00, its cancelling credit note and the new invoice at £240.00', async () => {
    const shopper = new ApiShopper(t.app);
    expect((await shopper.add(tile.product_id, tile.id, 8)).status).toBe(200);
    const quote = await shopper.quote();
    const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(placed.status).toBe(201);
    const number = placed.body.data.number as string;
    const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
      amount: '480.00',
    });
    expect(paid.status).toBe(200);
    const first = paid.body.data.invoice.number as string;
    const edited = await manager.call('PUT', `/api/admin/orders/${number}`, {
      version: 1,
      lines: [{ variation_id: tile.id, pieces: 4 }],
      reason: 'Customer measured again',
    });
    expect(edited.status).toBe(200);
    const second = edited.body.invoice as string;
    const creditNote = edited.body.credit_note as string;

    const today = londonDay(new Date());
    const vat = await manager.call('GET', `/api/admin/reports/vat?from=${today}&to=${today}`);
    expect(vat.status).toBe(200);
    // Output VAT: £80.00 invoiced, £80.00 cancelled, £40.00 invoiced again.
    expect(vat.body.data).toMatchObject({
      box_1: '40.00',
      box_6: '200',
      box_6_exact: '200.00',
      invoices: { count: 2, net: '600.00', vat: '120.00', gross: '720.00' },
      credit_notes: { count: 1, net: '400.00', vat: '80.00', gross: '480.00' },
    });
    const documents = vat.body.data.documents as { type: string; number: string }[];
    expect(documents).toHaveLength(3);
    expect(documents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'invoice', number: first, gross: '480.00' }),
        expect.objectContaining({ type: 'invoice', number: second, gross: '240.00' }),
        expect.objectContaining({
          type: 'credit_note',
          number: creditNote,
          invoice: first,
          gross: '-480.00',
        }),
      ]),
    );

    const sales = await manager.call(
      'GET',
      `/api/admin/reports/sales?from=${today}&to=${today}&group=product`,
    );
    expect(sales.status).toBe(200);
    // Each invoice's own lines: 8 pieces on the first, 4 on the second; nothing left over.
    const rows = sales.body.data.rows as { key: string; gross: string }[];
    expect(rows).toEqual([
      expect.objectContaining({ key: String(tile.product_id), gross: '720.00' }),
    ]);

    const csv = await manager.call(
      'GET',
      `/api/admin/reports/orders.csv?from=${today}&to=${today}`,
    );
    expect(csv.status).toBe(200);
    const lines = csv.response.body.trim().split('\n');
    expect(lines.filter((line) => line.includes(number))).toHaveLength(1);
  });
});
