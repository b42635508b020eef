// The packing slip and the delivery note read back as a PDF reader reads them: what the picker
// and the driver need, no prices, and each order of a bulk print on pages of its own.
import { describe, expect, it } from 'vitest';
import { COMPANY_NAME, SEEDED_IDENTITY } from '#domain/company.ts';
import type { OrderFulfilment } from '#domain/warehouse-documents.ts';
import { BATCH_NOTE, renderWarehousePdf } from '#server/services/orders/warehouse-pdf.ts';
import { SAMPLE_LINES, orderLine, sampleOrder, samplePaidOrder } from '#tests/factories/orders.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';

const NOTHING_BOOKED: OrderFulfilment = {
  fulfilment: 'delivery',
  delivery_date: null,
  delivery_slot: null,
  site_access: {},
  delivery_instructions: null,
  carrier: null,
  tracking_number: null,
};

const BOOKED: OrderFulfilment = {
  fulfilment: 'delivery',
  delivery_date: '2026-12-03',
  delivery_slot: 'am',
  site_access: { vehicle_7_5t: true, tail_lift: true, gravel_drive: true, kerbside: false },
  delivery_instructions: 'Leave the pallet on the drive, left of the garage',
  carrier: 'Palletways',
  tracking_number: 'PW123456789',
};

const LINE_ROWS = [
  'Calacatta Oro Honed Marble Tiles 600x400x20 46 11.040 596.2 kg',
  'Nero Marquina Polished Marble Sample Full Size Sample 1 – 3.2 kg',
  'Carrara Marble Vanity Top, cut to size Cut to size 1200x550x20 1 – 35.6 kg',
];

describe('renderWarehousePdf: packing slip', () => {
  it('lists the lines with pieces, m², weight and a blank batch column, and totals, without prices', async () => {
    const order = samplePaidOrder();
    const { pages, info } = await readPdf(
      await renderWarehousePdf(
        'packing-slip',
        [{ order, fulfilment: NOTHING_BOOKED }],
        SEEDED_IDENTITY,
      ),
    );
    expect(info.Title).toBe('Packing slip TS-100042');
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toMatch(/^Packing slip Order number TS-100042 Order date 24 November 2026/);
    expect(text).toContain('Delivery Standard pallet delivery, 1 pallet');
    expect(text).toContain(
      'SHIP TO Eleanor Whitfield 14 Clifton Park Road Flat 2 Bristol BS8 3HL United Kingdom (UK) Phone: 07700 900123',
    );
    expect(text).toContain('Product Size Pieces m² Weight Batch');
    for (const row of LINE_ROWS) expect(text).toContain(row);
    expect(text).toContain(
      'Total pieces 48 Total m² 11.040 Total weight 635.0 kg Packages 1 pallet',
    );
    expect(text).toContain(BATCH_NOTE);
    expect(text).toContain('TS-100042 · Packing slip · Page 1 of 1');
    // The picker sees no money, and a packing slip has no signature box.
    expect(text).not.toContain('£');
    expect(text).not.toContain('Received in good condition');
  });
});

describe('renderWarehousePdf: delivery note', () => {
  it('adds the booked day, access notes in words, instructions, carrier and the signed receipt box', async () => {
    const { pages, info } = await readPdf(
      await renderWarehousePdf(
        'delivery-note',
        [{ order: samplePaidOrder(), fulfilment: BOOKED }],
        SEEDED_IDENTITY,
      ),
    );
    expect(info.Title).toBe('Delivery note TS-100042');
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toMatch(/^Delivery note Order number TS-100042/);
    expect(text).toContain('Delivery day Thursday 3 December 2026, Morning, 9am–1pm');
    expect(text).toContain('Carrier Palletways Tracking number PW123456789');
    expect(text).toContain(
      'Site access 7.5 t vehicle only: no articulated lorry Tail-lift needed Gravel drive: a pallet truck cannot roll on it Instructions Leave the pallet on the drive, left of the garage',
    );
    expect(text).not.toContain('Kerbside delivery');
    for (const row of LINE_ROWS) expect(text).toContain(row);
    expect(text).toContain('Total weight 635.0 kg');
    expect(text).toContain('Received in good condition / damage noted');
    expect(text).toContain('within 48 hours with photos');
    expect(text).toContain(
      'Received in good condition Damage noted (describe below) Damage or shortage Signature Name (capitals) Date',
    );
    expect(text).not.toContain('£');
  });

  it('says when no day was booked and nothing was asked of the site', async () => {
    const [text = ''] = (
      await readPdf(
        await renderWarehousePdf(
          'delivery-note',
          [{ order: samplePaidOrder(), fulfilment: NOTHING_BOOKED }],
          SEEDED_IDENTITY,
        ),
      )
    ).pages;
    expect(text).toContain('Delivery day Not booked');
    expect(text).toContain('Site access No access notes given Instructions None given');
    expect(text).not.toContain('Carrier');
  });

  it('names a collection as one', async () => {
    const [text = ''] = (
      await readPdf(
        await renderWarehousePdf(
          'delivery-note',
          [
            {
              order: samplePaidOrder(),
              fulfilment: { ...NOTHING_BOOKED, fulfilment: 'collection' },
            },
          ],
          SEEDED_IDENTITY,
        ),
      )
    ).pages;
    expect(text).toContain('Delivery Collection from the yard');
    expect(text).toContain('COLLECTED BY Eleanor Whitfield');
  });
});

describe('renderWarehousePdf: several orders', () => {
  it('prints each order from a page of its own, in the order given, counting its own pages', async () => {
    const long = Array.from({ length: 45 }, (_, i) =>
      orderLine({ ...SAMPLE_LINES[0]!, name: `Line ${i + 1} marble`, variation_id: i + 1 }),
    );
    const items = [
      { order: sampleOrder({ number: 'TS-100050' }), fulfilment: BOOKED },
      { order: sampleOrder({ number: 'TS-100043', lines: long }), fulfilment: NOTHING_BOOKED },
      { order: sampleOrder({ number: 'TS-100047' }), fulfilment: NOTHING_BOOKED },
    ];
    const { pages, info } = await readPdf(
      await renderWarehousePdf('delivery-note', items, SEEDED_IDENTITY),
    );
    expect(info.Title).toBe('Delivery notes: 3 orders');
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const footerOf = (page: string) => /(TS-\d+) · Delivery note · Page (\d+) of (\d+)/.exec(page);
    const feet = pages.map((page) => footerOf(page)?.slice(1));
    const middle = pages.length - 2;
    expect(feet[0]).toEqual(['TS-100050', '1', '1']);
    for (let i = 1; i <= middle; i++) {
      expect(feet[i]).toEqual(['TS-100043', String(i), String(middle)]);
    }
    expect(feet.at(-1)).toEqual(['TS-100047', '1', '1']);
    expect(pages[0]).toMatch(/^Delivery note Order number TS-100050/);
    expect(pages[1]).toMatch(/^Delivery note Order number TS-100043/);
    expect(pages[2]).toMatch(/^Delivery note TS-100043 \(continued\)/);
    expect(pages[2]).toContain(`${COMPANY_NAME} Product Size Pieces m² Weight Batch`);
    const all = pages.join(' ');
    for (let n = 1; n <= 45; n++) expect(all.split(`Line ${n} marble`)).toHaveLength(2);
    // The long order's receipt box is on its last page, after all its lines.
    expect(pages[middle]).toContain('Received in good condition / damage noted');
    expect(pages[middle]).toContain('Total pieces 2070');
  });
});
