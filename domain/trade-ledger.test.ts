import { describe, expect, it } from 'vitest';
import {
  accountFigures,
  ageBucket,
  allocateOldestFirst,
  carryAllocations,
  checkAllocations,
  daysBetween,
  invoiceStatus,
  outstandingOf,
  runningBalance,
  type LedgerInvoice,
} from './trade-ledger.ts';

const invoice = (
  invoiceId: number,
  dueOn: string,
  grossPence: number,
  more: Partial<LedgerInvoice> = {},
): LedgerInvoice => ({
  invoiceId,
  number: invoiceId,
  orderNumber: `TS-10000${invoiceId}`,
  issuedOn: '2026-10-01',
  dueOn,
  grossPence,
  creditedPence: 0,
  allocatedPence: 0,
  ...more,
});
const print = {
  invoice: (n: number) => `INV-${n}`,
  money: (p: number) => `£${(p / 100).toFixed(2)}`,
};

describe('ageing', () => {
  it('counts days late from the due day, across month ends', () => {
    expect(daysBetween('2026-10-31', '2026-11-01')).toBe(1);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(ageBucket('2026-11-26', '2026-11-26')).toBe('current');
    expect(ageBucket('2026-11-25', '2026-11-26')).toBe('1_30');
    expect(ageBucket('2026-10-27', '2026-11-26')).toBe('1_30');
    expect(ageBucket('2026-10-26', '2026-11-26')).toBe('31_60');
    expect(ageBucket('2026-09-27', '2026-11-26')).toBe('31_60');
    expect(ageBucket('2026-09-26', '2026-11-26')).toBe('61_plus');
  });
});

describe('carryAllocations', () => {
  it('moves payments to a replacing invoice earliest first, up to what it asks', () => {
    const paid = [
      { id: 1, amountPence: 10_000 },
      { id: 2, amountPence: 14_000 },
    ];
    expect(carryAllocations(paid, 20_000).map((a) => a.amountPence)).toEqual([10_000, 10_000]);
    expect(carryAllocations(paid, 30_000).map((a) => a.amountPence)).toEqual([10_000, 14_000]);
    expect(carryAllocations(paid, 8_000).map((a) => a.amountPence)).toEqual([8_000, 0]);
    // Credit notes took the new invoice below nothing owed: nothing is carried.
    expect(carryAllocations(paid, -500).map((a) => a.amountPence)).toEqual([0, 0]);
  });
});

describe('invoiceStatus', () => {
  it('tells an invoice cleared by credit notes alone from one settled by payment', () => {
    const due = '2026-11-01';
    expect(invoiceStatus(invoice(1, due, 24_000), false)).toBe('open');
    expect(invoiceStatus(invoice(1, due, 24_000, { allocatedPence: 23_999 }), true)).toBe(
      'overdue',
    );
    expect(invoiceStatus(invoice(1, due, 24_000, { allocatedPence: 24_000 }), true)).toBe('paid');
    expect(
      invoiceStatus(
        invoice(1, due, 24_000, { creditedPence: 4_000, allocatedPence: 20_000 }),
        false,
      ),
    ).toBe('paid');
    expect(invoiceStatus(invoice(1, due, 24_000, { creditedPence: 24_000 }), true)).toBe(
      'credited',
    );
  });
});

describe('accountFigures', () => {
  it('balance is invoiced less credited less received; overdue is what open invoices owe late', () => {
    const figures = accountFigures(
      [
        invoice(1, '2026-10-17', 12_000, { creditedPence: 2_000, allocatedPence: 6_000 }),
        invoice(2, '2026-11-21', 4_950),
        invoice(3, '2026-12-21', 30_000),
      ],
      10_000,
      6_000,
      '2026-11-26',
    );
    expect(figures).toEqual({
      balancePence: 12_000 - 2_000 + 4_950 + 30_000 - 10_000,
      outstandingPence: 4_000 + 4_950 + 30_000,
      overduePence: 8_950,
      unallocatedPence: 4_000,
      aged: { current: 30_000, '1_30': 4_950, '31_60': 4_000, '61_plus': 0 },
      nextDueOn: '2026-10-17',
    });
  });

  it('a credit note after full payment leaves the invoice at nothing, the account in credit', () => {
    const paid = invoice(1, '2026-11-01', 5_000, { creditedPence: 1_000, allocatedPence: 5_000 });
    expect(outstandingOf(paid)).toBe(0);
    expect(accountFigures([paid], 5_000, 5_000, '2026-11-26').balancePence).toBe(-1_000);
  });
});

describe('allocateOldestFirst', () => {
  it('pays the earliest due first, each up to what it owes, keeping the rest', () => {
    const invoices = [
      invoice(2, '2026-12-01', 8_000),
      invoice(1, '2026-11-01', 6_000, { allocatedPence: 1_000 }),
    ];
    expect(allocateOldestFirst(10_000, invoices)).toEqual([
      { invoiceId: 1, amountPence: 5_000 },
      { invoiceId: 2, amountPence: 5_000 },
    ]);
    expect(allocateOldestFirst(20_000, invoices)).toEqual([
      { invoiceId: 1, amountPence: 5_000 },
      { invoiceId: 2, amountPence: 8_000 },
    ]);
  });
});

describe('checkAllocations', () => {
  const invoices = [invoice(1, '2026-11-01', 6_000), invoice(2, '2026-12-01', 8_000)];
  it('accepts allocations within each invoice and the payment', () => {
    expect(
      checkAllocations(9_000, [{ invoiceNumber: 2, amountPence: 8_000 }], invoices, print),
    ).toEqual({
      allocations: [{ invoiceId: 2, amountPence: 8_000 }],
    });
  });
  it('names each refusal by field', () => {
    expect(
      checkAllocations(
        5_000,
        [
          { invoiceNumber: 1, amountPence: 6_001 },
          { invoiceNumber: 9, amountPence: 100 },
          { invoiceNumber: 2, amountPence: 100 },
          { invoiceNumber: 2, amountPence: 100 },
        ],
        invoices,
        print,
      ),
    ).toEqual({
      fields: {
        'allocations.0.amount': 'Invoice INV-1 has only £60.00 outstanding',
        'allocations.1.invoice_number': 'Invoice INV-9 is not an open invoice of this account',
        'allocations.3.invoice_number': 'Each invoice may be named once',
        allocations: 'The allocations add up to £63.01, more than the payment of £50.00',
      },
    });
  });
});

describe('runningBalance', () => {
  it('orders by day, invoices before credits on one day, and carries the balance', () => {
    const lines = runningBalance([
      {
        kind: 'payment',
        on: '2026-11-05',
        description: 'p',
        debitPence: 0,
        creditPence: 5_000,
        sequence: 1,
      },
      {
        kind: 'invoice',
        on: '2026-11-05',
        description: 'i2',
        debitPence: 2_000,
        creditPence: 0,
        sequence: 2,
      },
      {
        kind: 'invoice',
        on: '2026-11-01',
        description: 'i1',
        debitPence: 12_000,
        creditPence: 0,
        sequence: 1,
      },
    ]);
    expect(lines.map((l) => [l.description, l.balancePence])).toEqual([
      ['i1', 12_000],
      ['i2', 14_000],
      ['p', 9_000],
    ]);
  });
});
