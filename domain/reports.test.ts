import { describe, expect, it } from 'vitest';
import {
  londonDateTime,
  londonMidnight,
  periodInstants,
  periodKeys,
  presetPeriod,
  REPORT_MESSAGES,
  reportPeriodQuery,
  salesReport,
  salesReportQuery,
  vatReport,
  wholePounds,
  type CreditNoteFacts,
  type InvoiceFacts,
} from './reports.ts';

const quarter = { from: '2026-04-01', to: '2026-06-30' };

describe('the period', () => {
  it('starts at London midnight, in BST and GMT and on the days the clocks change', () => {
    expect(londonMidnight('2026-04-01').toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(londonMidnight('2026-01-15').toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(londonMidnight('2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(londonMidnight('2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(londonMidnight('2026-10-25').toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(londonMidnight('2026-10-26').toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });

  it('covers both dates given, up to London midnight after the last', () => {
    const { start, end } = periodInstants(quarter);
    expect(start.toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(end.toISOString()).toBe('2026-06-30T23:00:00.000Z');
    const winter = periodInstants({ from: '2026-12-01', to: '2026-12-31' });
    expect(winter.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses dates that are not calendar dates, an end before the start, and over three years', () => {
    const fields = (query: Record<string, string>) =>
      reportPeriodQuery.safeParse(query).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fields({ from: '2026-02-30', to: '2026-03-01' })).toEqual([
      ['from', REPORT_MESSAGES.date],
    ]);
    expect(fields({ from: '2026-04-01' })).toEqual([['to', REPORT_MESSAGES.date]]);
    expect(fields({ from: '2026-04-02', to: '2026-04-01' })).toEqual([
      ['to', REPORT_MESSAGES.fromAfterTo],
    ]);
    expect(fields({ from: '2020-01-01', to: '2026-01-01' })).toEqual([
      ['to', REPORT_MESSAGES.tooLong],
    ]);
    expect(reportPeriodQuery.parse({ from: '2026-04-01', to: '2026-04-01' })).toEqual({
      from: '2026-04-01',
      to: '2026-04-01',
    });
    expect(
      salesReportQuery.safeParse({ ...quarter, group: 'week' }).error?.issues[0]?.message,
    ).toBe(REPORT_MESSAGES.group);
    expect(salesReportQuery.parse(quarter).group).toBe('day');
  });

  it('lists every day or month of the period', () => {
    expect(periodKeys({ from: '2026-03-30', to: '2026-04-02' }, 'day')).toEqual([
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    ]);
    expect(periodKeys(quarter, 'month')).toEqual(['2026-04', '2026-05', '2026-06']);
  });

  it('writes London date and time', () => {
    expect(londonDateTime(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01 00:30');
    expect(londonDateTime(new Date('2026-01-31T23:30:00Z'))).toBe('2026-01-31 23:30');
  });
});

describe('whole pounds for boxes 6 to 9', () => {
  it('leaves the pence out rather than rounding', () => {
    expect(wholePounds(123_456)).toBe(1234);
    expect(wholePounds(99)).toBe(0);
    expect(wholePounds(-1250)).toBe(-12);
    expect(Object.is(wholePounds(-99), 0)).toBe(true);
  });
});

const invoices: InvoiceFacts[] = [
  // 23:30 UTC on 31 March is 00:30 on 1 April in London: it belongs to April.
  {
    number: 1,
    orderNumber: 'TS-100001',
    taxPoint: new Date('2026-03-31T23:30:00Z'),
    netPence: 10_000,
    vatPence: 2_000,
    grossPence: 12_000,
  },
  {
    number: 2,
    orderNumber: 'TS-100002',
    taxPoint: new Date('2026-05-10T10:00:00Z'),
    netPence: 1_666,
    vatPence: 333,
    grossPence: 1_999,
  },
];
const creditNotes: CreditNoteFacts[] = [
  {
    number: 1,
    orderNumber: 'TS-100001',
    invoiceNumber: 1,
    issuedAt: new Date('2026-05-11T09:00:00Z'),
    grossPence: 3_001,
  },
];

describe('the VAT report', () => {
  it('takes box 1 and box 6 from invoices less credit notes, box 6 in whole pounds', () => {
    const report = vatReport(quarter, invoices, creditNotes);
    // Credit note £30.01: net 25.01 (3001 × 100 / 120 = 2500.83 → 2501), VAT 5.00.
    expect(report).toMatchObject({
      box_1: '18.33', // 20.00 + 3.33 − 5.00
      box_6: '91', // 100.00 + 16.66 − 25.01 = 91.65
      box_6_exact: '91.65',
      box_7: '0',
      box_7_tracked: false,
      invoices: { count: 2, net: '116.66', vat: '23.33', gross: '139.99' },
      credit_notes: { count: 1, net: '25.01', vat: '5.00', gross: '30.01' },
    });
    expect(report.documents).toEqual([
      {
        type: 'invoice',
        number: 'INV-000001',
        date: '2026-04-01',
        issued_at: '2026-03-31T23:30:00.000Z',
        order: 'TS-100001',
        invoice: null,
        net: '100.00',
        vat: '20.00',
        gross: '120.00',
      },
      expect.objectContaining({ number: 'INV-000002', date: '2026-05-10' }),
      {
        type: 'credit_note',
        number: 'CN-000001',
        date: '2026-05-11',
        issued_at: '2026-05-11T09:00:00.000Z',
        order: 'TS-100001',
        invoice: 'INV-000001',
        net: '-25.01',
        vat: '-5.00',
        gross: '-30.01',
      },
    ]);
  });

  it('gives a negative box 1 for a period that credits more than it sells', () => {
    const report = vatReport(quarter, [], creditNotes);
    expect(report).toMatchObject({ box_1: '-5.00', box_6: '-25', box_6_exact: '-25.01' });
  });
});

describe('the sales report', () => {
  it('groups by London day and month, refunds by their own dates', () => {
    const byMonth = salesReport(quarter, 'month', invoices, creditNotes);
    expect(byMonth.rows).toEqual([
      {
        key: '2026-04',
        label: 'April 2026',
        orders: 1,
        gross: '120.00',
        net: '100.00',
        vat: '20.00',
        refunds: '0.00',
        net_takings: '120.00',
      },
      {
        key: '2026-05',
        label: 'May 2026',
        orders: 1,
        gross: '19.99',
        net: '16.66',
        vat: '3.33',
        refunds: '30.01',
        net_takings: '-10.02',
      },
      expect.objectContaining({ key: '2026-06', orders: 0, gross: '0.00', refunds: '0.00' }),
    ]);
    expect(byMonth.totals).toEqual({
      orders: 2,
      gross: '139.99',
      net: '116.66',
      vat: '23.33',
      refunds: '30.01',
      refunds_net: '25.01',
      refunds_vat: '5.00',
      credit_notes: 1,
      net_takings: '109.98',
    });
    const byDay = salesReport(quarter, 'day', invoices, creditNotes);
    expect(byDay.rows).toHaveLength(91);
    expect(byDay.rows[0]).toMatchObject({ key: '2026-04-01', label: '1 April 2026', orders: 1 });
    expect(byDay.rows.find((r) => r.key === '2026-05-11')).toMatchObject({
      orders: 0,
      refunds: '30.01',
      net_takings: '-30.01',
    });
  });

  it('groups by product, delivery and remainder, best sellers first', () => {
    const report = salesReport(quarter, 'product', invoices, creditNotes, [
      {
        invoiceNumber: 1,
        key: '7',
        name: 'Grey Slate',
        netPence: 9_000,
        vatPence: 1_800,
        grossPence: 10_800,
      },
      {
        invoiceNumber: 1,
        key: 'delivery',
        name: 'Delivery',
        netPence: 1_000,
        vatPence: 200,
        grossPence: 1_200,
      },
      {
        invoiceNumber: 2,
        key: '9',
        name: 'Jura Beige',
        netPence: 2_500,
        vatPence: 500,
        grossPence: 3_000,
      },
      {
        invoiceNumber: 2,
        key: 'other',
        name: 'Other',
        netPence: -834,
        vatPence: -167,
        grossPence: -1_001,
      },
    ]);
    expect(report.rows.map((r) => [r.label, r.orders, r.gross, r.refunds])).toEqual([
      ['Grey Slate', 1, '108.00', null],
      ['Jura Beige', 1, '30.00', null],
      ['Delivery', 1, '12.00', null],
      ['Other', 1, '-10.01', null],
    ]);
    expect(report.totals.gross).toBe('139.99');
  });
});

describe('the preset periods', () => {
  it('gives this month to date, last month and the last full calendar quarter', () => {
    expect(presetPeriod('this_month', '2026-05-14')).toEqual({
      from: '2026-05-01',
      to: '2026-05-14',
    });
    expect(presetPeriod('last_month', '2026-01-14')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(presetPeriod('last_month', '2026-03-31')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(presetPeriod('last_quarter', '2026-05-14')).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(presetPeriod('last_quarter', '2026-02-01')).toEqual({
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(presetPeriod('last_quarter', '2026-12-31')).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
  });
});
