// Packing slips and delivery notes over HTTP: who may print them, one order's, many orders' in
// one PDF in the order listed, and the answers to a wrong or too long list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BULK_DOCUMENTS_MAX, DOCUMENT_MESSAGES } from '#domain/warehouse-documents.ts';
import { placeGuestOrder } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof staffOfEveryRole>>;
/** Three orders, placed in this order. */
const numbers: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffOfEveryRole(t.app);
  for (const offset of [0, 1, 2]) numbers.push(await placeGuestOrder(t.app, offset));
  // What the checkout records of a booked pallet delivery.
  await t.app.services.db.execute(sql`
    UPDATE orders SET delivery_date = '2026-12-03', delivery_slot = 'pm',
      site_access = '{"vehicle_7_5t": true, "crane": true, "kerbside": false}'::jsonb,
      delivery_instructions = 'Ring the bell at the side gate', carrier = 'Palletways',
      tracking_number = 'PW-778899'
    WHERE number = ${numbers[0]!}`);
  // One order not booked for a day, as a parcel is.
  await t.app.services.db.execute(sql`
    UPDATE orders SET delivery_date = NULL, delivery_slot = NULL WHERE number = ${numbers[2]!}`);
});
afterAll(async () => {
  await t?.close();
});

async function pdfText(who: StaffBrowser, url: string) {
  const { status, response } = await who.call('GET', url);
  expect(status).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('no-store');
  return { ...(await readPdf(response.rawPayload)), response };
}

describe("one order's documents", () => {
  it('prints the packing slip for owners and managers, with the lines and no prices', async () => {
    const [number] = numbers;
    for (const who of [staff.owner, staff.manager]) {
      const { pages, response } = await pdfText(
        who,
        `/api/admin/orders/${number}/packing-slip.pdf`,
      );
      expect(response.headers['content-disposition']).toBe(
        `inline; filename="packing-slip-${number}.pdf"`,
      );
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatch(new RegExp(`^Packing slip Order number ${number}`));
      expect(pages[0]).toContain('SHIP TO Ada Lovelace 12 Harbour Road Bristol BS2 0UX');
      expect(pages[0]).toContain('Product Size Pieces m² Weight Batch');
      expect(pages[0]).toContain('Total pieces 2');
      expect(pages[0]).not.toContain('£');
    }
  });

  it('prints the delivery note with what the checkout recorded of the delivery', async () => {
    const { pages } = await pdfText(
      staff.manager,
      `/api/admin/orders/${numbers[0]}/delivery-note.pdf`,
    );
    const text = pages[0]!;
    expect(text).toContain('Delivery day Thursday 3 December 2026, Afternoon, 12pm–5:30pm');
    expect(text).toContain('Carrier Palletways Tracking number PW-778899');
    expect(text).toContain(
      'Site access 7.5 t vehicle only: no articulated lorry Crane offload (HIAB lorry) Instructions Ring the bell at the side gate',
    );
    expect(text).toContain('Received in good condition / damage noted');
  });

  it('is for staff who work on orders only, and answers 404 for an unknown order', async () => {
    const url = `/api/admin/orders/${numbers[0]}/delivery-note.pdf`;
    const anonymous = await t.app.inject({ url });
    expect(anonymous.statusCode).toBe(401);
    const editor = await staff.editor.call('GET', url);
    expect(editor.status).toBe(403);
    expect(editor.body).toMatchObject({
      code: 'forbidden',
      message: 'A editor may not work on orders',
    });

    const unknown = await staff.manager.call('GET', '/api/admin/orders/TS-999999/packing-slip.pdf');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', message: 'Order not found' });
    const malformed = await staff.manager.call('GET', '/api/admin/orders/42/packing-slip.pdf');
    expect(malformed.status).toBe(400);
  });
});

describe('bulk print', () => {
  const bulk = (query: string) => `/api/admin/orders/documents.pdf?${query}`;

  it('prints each order from a new page, in the order listed', async () => {
    const listed = [numbers[2]!, numbers[0]!, numbers[1]!];
    const { pages, info, response } = await pdfText(
      staff.manager,
      bulk(`kind=delivery-note&numbers=${listed.join(',')}`),
    );
    expect(response.headers['content-disposition']).toBe(
      'inline; filename="delivery-notes-3-orders.pdf"',
    );
    expect(info.Title).toBe('Delivery notes: 3 orders');
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toMatch(new RegExp(`^Delivery note Order number ${listed[i]}`));
      expect(page).toContain(`${listed[i]} · Delivery note · Page 1 of 1`);
    });
    expect(pages[1]).toContain('Carrier Palletways');
    expect(pages[0]).toContain('Delivery day Not booked');

    const slips = await pdfText(staff.owner, bulk(`kind=packing-slip&numbers=${numbers[1]}`));
    expect(slips.pages).toHaveLength(1);
    expect(slips.pages[0]).toMatch(new RegExp(`^Packing slip Order number ${numbers[1]}`));
  });

  it('answers 404 naming the orders that do not exist, printing nothing', async () => {
    const answer = await staff.manager.call(
      'GET',
      bulk(`kind=packing-slip&numbers=${numbers[0]},TS-999998,TS-999999`),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('No such orders: TS-999998, TS-999999');
  });

  it(`caps a print at ${BULK_DOCUMENTS_MAX} orders and refuses a wrong kind or list with 400`, async () => {
    const many = Array.from({ length: BULK_DOCUMENTS_MAX + 1 }, (_, i) => `TS-${300000 + i}`);
    const tooMany = await staff.manager.call(
      'GET',
      bulk(`kind=packing-slip&numbers=${many.join(',')}`),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      code: 'invalid_request',
      message: DOCUMENT_MESSAGES.tooMany,
      fields: { numbers: DOCUMENT_MESSAGES.tooMany },
    });
    const cases: [string, string][] = [
      [`kind=invoice&numbers=${numbers[0]}`, DOCUMENT_MESSAGES.kind],
      ['kind=packing-slip', DOCUMENT_MESSAGES.numbers],
      ['kind=packing-slip&numbers=1,2', DOCUMENT_MESSAGES.numbers],
      [`kind=packing-slip&numbers=${numbers[0]},${numbers[0]}`, DOCUMENT_MESSAGES.repeated],
    ];
    for (const [query, message] of cases) {
      const answer = await staff.manager.call('GET', bulk(query));
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe(message);
    }
    expect(
      (await staff.editor.call('GET', bulk(`kind=packing-slip&numbers=${numbers[0]}`))).status,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: bulk(`kind=packing-slip&numbers=${numbers[0]}`) })).statusCode,
    ).toBe(401);
  });
});
