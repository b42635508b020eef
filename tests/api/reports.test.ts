// The sales and VAT reports against hand-worked sums of the invoices and credit notes behind
// them. Orders are placed, paid and refunded through the API; the invoices' tax points and the
// credit notes' dates (which the services stamp with the time of the request) are then moved to
// the days each case needs, around the 1 April quarter boundary in BST.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { REPORT_MESSAGES } from '#domain/reports.ts';
import { tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;
let tile: { id: number; product_id: number };
/** The orders: A, B and C paid and invoiced, D paid after it was cancelled, E never paid. */
const order: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = { A: '', B: '', C: '', D: '', E: '' };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);

/** Places an order of `pieces` of the £60.00 tile, delivered to Bristol, placed at `placedAt`. */
async function place(pieces: number, total: string, placedAt: string) {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(tile.product_id, tile.id, pieces)).status).toBe(200);
  const quote = await shopper.quote();
  expect(quote.totals.total.gross).toBe(total);
  const placed = await shopper.placeOrder(checkoutInput(total), randomUUID());
  expect(placed.status).toBe(201);
  const number = placed.body.data.number as string;
  await run(sql`UPDATE orders SET placed_at = ${placedAt}::timestamptz WHERE number = ${number}`);
  return number;
}

async function pay(manager: StaffBrowser, number: string, amount: string, taxPoint?: string) {
  const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, { amount });
  expect(paid.status).toBe(200);
  if (taxPoint) {
    await run(sql`UPDATE invoices SET tax_point = ${taxPoint}::timestamptz
      WHERE order_id = (SELECT id FROM orders WHERE number = ${number})`);
  }
}

async function refund(manager: StaffBrowser, number: string, amount: string, issuedAt: string) {
  const refunded = await manager.call('POST', `/api/admin/orders/${number}/refund`, {
    amount,
    reason: 'Goodwill gesture',
  });
  expect(refunded.status).toBe(200);
  await run(sql`UPDATE credit_notes SET issued_at = ${issuedAt}::timestamptz
    WHERE number = ${Number(refunded.body.credit_note.slice(3))}`);
  return refunded.body.credit_note as string;
}

const invoiceOf = async (number: string) =>
  `INV-${String(
    (
      await rows<{ number: number }>(
        sql`SELECT i.number FROM invoices i JOIN orders o ON o.id = i.order_id
            WHERE o.number = ${number}`,
      )
    )[0]!.number,
  ).padStart(6, '0')}`;

const creditNotes: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffOfEveryRole(t.app);
  [tile] = (await tileSizes(t.app.services.db)) as [typeof tile];
  // 0.24 m² a piece at £250.00 a m²: £60.00 a piece (net 50.00, VAT 10.00).
  await workedPrices(t.app.services.db, [tile], { stock: 400, piecesPerPack: 1 });
  await run(sql`UPDATE products SET name = 'Statuario Brushed Marble Tiles'
    WHERE id = ${tile.product_id}`);
  t.app.services.invalidateCatalogue();
  const { manager } = staff;

  // A: £69.95 (net 58.29, VAT 11.66): one piece and a £9.95 parcel. Placed at 22:00 on 31 March
  // in London, paid at 00:30 on 1 April (23:30 UTC): its tax point is in the April quarter.
  order.A = await place(1, '69.95', '2026-03-31T21:00:00Z');
  await pay(manager, order.A, '69.95', '2026-03-31T23:30:00Z');
  // B: £169.00 (net 140.83, VAT 28.17), paid at 23:30 on 31 March in London: the March quarter.
  order.B = await place(2, '169.00', '2026-03-30T10:00:00Z');
  await pay(manager, order.B, '169.00', '2026-03-31T22:30:00Z');
  // C: £229.00 (net 190.83, VAT 38.17), paid on 15 May.
  order.C = await place(3, '229.00', '2026-05-14T09:00:00Z');
  await pay(manager, order.C, '229.00', '2026-05-15T12:00:00Z');
  // D: cancelled before its transfer arrived; the money is refunded, no invoice was ever issued.
  order.D = await place(1, '69.95', '2026-04-20T09:00:00Z');
  const cancelled = await manager.call('POST', `/api/admin/orders/${order.D}/move`, {
    status: 'cancelled',
  });
  expect(cancelled.status).toBe(200);
  await pay(manager, order.D, '69.95');
  // E: placed at 23:59 on 30 June in London, never paid.
  order.E = await place(1, '69.95', '2026-06-30T22:59:00Z');
  await run(sql`UPDATE orders SET billing_address = billing_address || '{"first_name": "=HYPERLINK(1)"}'::jsonb
    WHERE number = ${order.E}`);

  // £30.01 back on A on 20 May (net 25.01, VAT 5.00).
  creditNotes.A = await refund(manager, order.A, '30.01', '2026-05-20T10:00:00Z');
  // £10.00 back on B, invoiced in March, on 2 April (net 8.33, VAT 1.67): it counts in April.
  creditNotes.B = await refund(manager, order.B, '10.00', '2026-04-02T09:00:00Z');
  // All of C back at 00:30 on 1 July in London: the next quarter's.
  creditNotes.C = await refund(manager, order.C, '229.00', '2026-06-30T23:30:00Z');
  creditNotes.D = await refund(manager, order.D, '69.95', '2026-05-01T09:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

const april = 'from=2026-04-01&to=2026-06-30';

describe('the VAT report', () => {
  it('gives boxes 1, 6 and 7 of the April quarter from its invoices and credit notes', async () => {
    const { status, body, response } = await staff.owner.call(
      'GET',
      `/api/admin/reports/vat?${april}`,
    );
    expect(status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const [invA, invC, invB] = [
      await invoiceOf(order.A),
      await invoiceOf(order.C),
      await invoiceOf(order.B),
    ];
    expect(body.data).toEqual({
      from: '2026-04-01',
      to: '2026-06-30',
      // VAT of A and C, 11.66 + 38.17 = 49.83, less the credit notes' 5.00 + 1.67 = 6.67.
      box_1: '43.16',
      // Net 58.29 + 190.83 = 249.12, less 25.01 + 8.33 = 33.34: 215.78, in whole pounds.
      box_6: '215',
      box_6_exact: '215.78',
      box_7: '0',
      box_7_tracked: false,
      notes: expect.arrayContaining([expect.stringContaining('Box 7')]),
      invoices: { count: 2, net: '249.12', vat: '49.83', gross: '298.95' },
      credit_notes: { count: 2, net: '33.34', vat: '6.67', gross: '40.01' },
      documents: [
        {
          type: 'invoice',
          number: invA,
          date: '2026-04-01',
          issued_at: '2026-03-31T23:30:00.000Z',
          order: order.A,
          invoice: null,
          net: '58.29',
          vat: '11.66',
          gross: '69.95',
        },
        {
          type: 'credit_note',
          number: creditNotes.B,
          date: '2026-04-02',
          issued_at: '2026-04-02T09:00:00.000Z',
          order: order.B,
          invoice: invB,
          net: '-8.33',
          vat: '-1.67',
          gross: '-10.00',
        },
        expect.objectContaining({ number: invC, date: '2026-05-15', gross: '229.00' }),
        expect.objectContaining({ number: creditNotes.A, date: '2026-05-20', vat: '-5.00' }),
      ],
    });
  });

  it('puts an invoice paid at 23:30 on 31 March (BST) in March, and a late refund in July', async () => {
    const march = await staff.owner.call(
      'GET',
      '/api/admin/reports/vat?from=2026-01-01&to=2026-03-31',
    );
    expect(march.body.data).toMatchObject({
      box_1: '28.17',
      box_6: '140',
      box_6_exact: '140.83',
      invoices: { count: 1, gross: '169.00' },
      credit_notes: { count: 0 },
    });
    expect(march.body.data.documents.map((d: { order: string }) => d.order)).toEqual([order.B]);
    const july = await staff.manager.call(
      'GET',
      '/api/admin/reports/vat?from=2026-07-01&to=2026-07-31',
    );
    // All of C credited: 190.83 net and 38.17 VAT off, pence left out towards zero.
    expect(july.body.data).toMatchObject({
      box_1: '-38.17',
      box_6: '-190',
      box_6_exact: '-190.83',
      invoices: { count: 0 },
      credit_notes: { count: 1, net: '190.83', vat: '38.17', gross: '229.00' },
    });
  });

  it('leaves out the refund of a payment that arrived for a cancelled order (no invoice)', async () => {
    const may = await staff.owner.call(
      'GET',
      '/api/admin/reports/vat?from=2026-05-01&to=2026-05-01',
    );
    expect(may.body.data).toMatchObject({ box_1: '0.00', box_6: '0', documents: [] });
    const sales = await staff.owner.call(
      'GET',
      '/api/admin/reports/sales?from=2026-05-01&to=2026-05-01',
    );
    expect(sales.body.data.totals).toMatchObject({ refunds: '0.00', credit_notes: 0 });
  });

  it("writes the documents as CSV, a credit note's figures negative", async () => {
    const { status, response } = await staff.owner.call(
      'GET',
      `/api/admin/reports/vat.csv?${april}`,
    );
    expect(status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="vat-documents-2026-04-01-to-2026-06-30.csv"',
    );
    const lines = response.body.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('Type,Number,Date,Order,Invoice,Net,VAT,Gross');
    expect(lines[1]).toBe(
      `Invoice,${await invoiceOf(order.A)},2026-04-01,${order.A},,58.29,11.66,69.95`,
    );
    expect(lines[2]).toBe(
      `Credit note,${creditNotes.B},2026-04-02,${order.B},${await invoiceOf(order.B)},-8.33,-1.67,-10.00`,
    );
  });
});

describe('the sales report', () => {
  it('sums the quarter by month: sales by tax point, refunds by their own dates', async () => {
    const { status, body } = await staff.owner.call(
      'GET',
      `/api/admin/reports/sales?${april}&group=month`,
    );
    expect(status).toBe(200);
    expect(body.data.rows).toEqual([
      {
        key: '2026-04',
        label: 'April 2026',
        orders: 1,
        gross: '69.95',
        net: '58.29',
        vat: '11.66',
        refunds: '10.00',
        net_takings: '59.95',
      },
      {
        key: '2026-05',
        label: 'May 2026',
        orders: 1,
        gross: '229.00',
        net: '190.83',
        vat: '38.17',
        refunds: '30.01',
        net_takings: '198.99',
      },
      {
        key: '2026-06',
        label: 'June 2026',
        orders: 0,
        gross: '0.00',
        net: '0.00',
        vat: '0.00',
        refunds: '0.00',
        net_takings: '0.00',
      },
    ]);
    expect(body.data.totals).toEqual({
      orders: 2,
      gross: '298.95',
      net: '249.12',
      vat: '49.83',
      refunds: '40.01',
      refunds_net: '33.34',
      refunds_vat: '6.67',
      credit_notes: 2,
      net_takings: '258.94',
    });
  });

  it('splits the days at London midnight', async () => {
    const { body } = await staff.manager.call(
      'GET',
      '/api/admin/reports/sales?from=2026-03-31&to=2026-04-01&group=day',
    );
    expect(body.data.rows.map((r: Record<string, unknown>) => [r.key, r.orders, r.gross])).toEqual([
      ['2026-03-31', 1, '169.00'],
      ['2026-04-01', 1, '69.95'],
    ]);
  });

  it('sums by product and delivery, adding up to the invoices', async () => {
    const { body } = await staff.owner.call(
      'GET',
      `/api/admin/reports/sales?${april}&group=product`,
    );
    expect(body.data.rows).toEqual([
      {
        key: String(tile.product_id),
        label: 'Statuario Brushed Marble Tiles',
        orders: 2,
        gross: '240.00',
        net: '200.00',
        vat: '40.00',
        refunds: null,
        net_takings: null,
      },
      {
        key: 'delivery',
        label: 'Delivery',
        orders: 2,
        gross: '58.95',
        net: '49.12',
        vat: '9.83',
        refunds: null,
        net_takings: null,
      },
    ]);
    expect(body.data.totals).toMatchObject({ gross: '298.95', refunds: '40.01' });
  });
});

describe('the orders CSV', () => {
  it('lists the orders placed in the period with their invoice and refunds, formulas neutralised', async () => {
    const { status, response } = await staff.owner.call(
      'GET',
      `/api/admin/reports/orders.csv?${april}`,
    );
    expect(status).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-04-01-to-2026-06-30.csv"',
    );
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Order,Placed,Status,Payment,Payment method,Email,Customer,Postcode,Goods net,Goods VAT,Goods gross,Delivery net,Delivery VAT,Delivery gross,Total net,Total VAT,Total,Invoice,Tax point,Refunded,Credit notes',
    );
    expect(lines.map((line: string) => line.split(',')[0])).toEqual([
      'Order',
      order.D,
      order.C,
      order.E,
    ]);
    expect(lines[2]).toBe(
      `${order.C},2026-05-14 10:00,Paid,Refunded,Bank transfer,ada@example.co.uk,Ada Lovelace,BS2 0UX,150.00,30.00,180.00,40.83,8.17,49.00,190.83,38.17,229.00,${await invoiceOf(order.C)},2026-05-15 13:00,229.00,${creditNotes.C}`,
    );
    expect(lines[3]).toBe(
      `${order.E},2026-06-30 23:59,Awaiting payment,Pending,Bank transfer,ada@example.co.uk,'=HYPERLINK(1) Lovelace,BS2 0UX,50.00,10.00,60.00,8.29,1.66,9.95,58.29,11.66,69.95,,,0.00,`,
    );
  });
});

describe('who may read them, and what they refuse', () => {
  it('is for owners and managers: 401 signed out, 403 for an editor', async () => {
    for (const path of ['sales', 'vat', 'vat.csv', 'orders.csv']) {
      const url = `/api/admin/reports/${path}?${april}`;
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      const editor = await staff.editor.call('GET', url);
      expect(editor.status).toBe(403);
      expect(editor.body).toMatchObject({ message: 'A editor may not work on reports' });
      expect((await staff.manager.call('GET', url)).status).toBe(200);
    }
  });

  it('answers 400 naming the field for a bad date, an end before the start, or a bad grouping', async () => {
    const bad = async (query: string) => {
      const { status, body } = await staff.owner.call('GET', `/api/admin/reports/sales?${query}`);
      expect(status).toBe(400);
      return body.fields;
    };
    expect(await bad('from=2026-02-30&to=2026-03-31')).toEqual({ from: REPORT_MESSAGES.date });
    expect(await bad('from=2026-04-01')).toEqual({ to: REPORT_MESSAGES.date });
    expect(await bad('from=2026-04-02&to=2026-04-01')).toEqual({ to: REPORT_MESSAGES.fromAfterTo });
    expect(await bad('from=2020-01-01&to=2026-01-01')).toEqual({ to: REPORT_MESSAGES.tooLong });
    expect(await bad(`${april}&group=week`)).toEqual({ group: REPORT_MESSAGES.group });
    const csv = await staff.owner.call(
      'GET',
      '/api/admin/reports/orders.csv?from=yesterday&to=2026-01-01',
    );
    expect(csv.status).toBe(400);
  });
});
