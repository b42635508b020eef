import { describe, expect, it } from 'vitest';
import {
  BULK_DOCUMENTS_MAX,
  DOCUMENT_MESSAGES,
  bookedDayText,
  bulkDocumentsQuery,
  bulkDocumentsUrl,
  formatKg,
  packagesText,
  packedTotals,
  siteAccessNotes,
} from './warehouse-documents.ts';

describe('packedTotals', () => {
  it('adds pieces, the m² of lines sold by area and the weight, rounding once', () => {
    expect(
      packedTotals([
        { pieces: 46, m2: 11.04, weight_kg: 596.2 },
        { pieces: 3, m2: 0.279075, weight_kg: 7.55 },
        { pieces: 1, m2: null, weight_kg: 0.5 },
      ]),
    ).toEqual({ pieces: 50, m2: 11.319, weight_kg: 604.3 });
  });

  it('has no m² when no line is sold by area', () => {
    expect(packedTotals([{ pieces: 3, m2: null, weight_kg: 3.6 }])).toEqual({
      pieces: 3,
      m2: null,
      weight_kg: 3.6,
    });
  });
});

describe('words on the page', () => {
  it('writes weights to the tenth of a kilogram', () => {
    expect(formatKg(596.2)).toBe('596.2 kg');
    expect(formatKg(1200)).toBe('1,200.0 kg');
  });

  it('counts pallets and parcels', () => {
    expect(packagesText({ method: 'pallet', pallets: 2, parcels: 0 })).toBe('2 pallets');
    expect(packagesText({ method: 'parcel', pallets: 0, parcels: 1 })).toBe('1 parcel');
    expect(packagesText({ method: 'pallet', pallets: 1, parcels: 2 })).toBe(
      '1 pallet and 2 parcels',
    );
    expect(packagesText({ method: 'post', pallets: 0, parcels: 0 })).toBe('Letter post');
  });

  it('names the booked day and slot', () => {
    expect(bookedDayText('2026-12-03', 'am')).toBe('Thursday 3 December 2026, Morning, 9am–1pm');
    expect(bookedDayText('2026-12-04', null)).toBe('Friday 4 December 2026, any time of the day');
    expect(bookedDayText(null, 'pm')).toBeNull();
  });

  it('puts the site-access answers in words, leaving out the noes', () => {
    expect(
      siteAccessNotes({
        vehicle_7_5t: true,
        tail_lift: true,
        gravel_drive: false,
        kerbside: true,
        crane: true,
        narrow_lane: true,
        parking: 'Bay at the back',
      }),
    ).toEqual([
      '7.5 t vehicle only: no articulated lorry',
      'Tail-lift needed',
      'Kerbside is fine',
      'Crane offload (HIAB lorry)',
      'Narrow lane',
      'Parking: Bay at the back',
    ]);
    // In the order the questions are asked, whatever order the answers come in.
    expect(siteAccessNotes({ parking: 'Side gate', crane: true, vehicle_7_5t: true })).toEqual([
      '7.5 t vehicle only: no articulated lorry',
      'Crane offload (HIAB lorry)',
      'Parking: Side gate',
    ]);
    expect(siteAccessNotes({})).toEqual([]);
    expect(siteAccessNotes(null)).toEqual([]);
    expect(siteAccessNotes(['tail_lift'])).toEqual([]);
  });
});

describe('bulkDocumentsQuery', () => {
  it('reads the kind and the numbers, in the order given', () => {
    expect(
      bulkDocumentsQuery.parse({ kind: 'packing-slip', numbers: 'TS-100002, TS-100001' }),
    ).toEqual({ kind: 'packing-slip', numbers: ['TS-100002', 'TS-100001'] });
  });

  it('refuses an unknown kind, a bad number, a repeat and more than the cap', () => {
    const message = (input: unknown) =>
      bulkDocumentsQuery.safeParse(input).error?.issues[0]?.message;
    expect(message({ kind: 'invoice', numbers: 'TS-100001' })).toBe(DOCUMENT_MESSAGES.kind);
    expect(message({ kind: 'packing-slip', numbers: 'TS-1' })).toBe(DOCUMENT_MESSAGES.numbers);
    expect(message({ kind: 'packing-slip', numbers: '' })).toBe(DOCUMENT_MESSAGES.numbers);
    expect(message({ kind: 'packing-slip', numbers: 'TS-100001,TS-100001' })).toBe(
      DOCUMENT_MESSAGES.repeated,
    );
    const many = Array.from({ length: BULK_DOCUMENTS_MAX + 1 }, (_, i) => `TS-${200000 + i}`);
    expect(message({ kind: 'delivery-note', numbers: many.join(',') })).toBe(
      DOCUMENT_MESSAGES.tooMany,
    );
    expect(
      bulkDocumentsQuery.safeParse({ kind: 'delivery-note', numbers: many.slice(1).join(',') })
        .success,
    ).toBe(true);
  });

  it('is what the print link sends', () => {
    expect(bulkDocumentsUrl('delivery-note', ['TS-100001', 'TS-100002'])).toBe(
      '/api/admin/orders/documents.pdf?kind=delivery-note&numbers=TS-100001,TS-100002',
    );
  });
});
