import { describe, expect, it } from 'vitest';
import { dueOn, fitsCredit, paymentDueText, termsText } from './account-terms.ts';

describe('dueOn', () => {
  it('counts days from the invoice date', () => {
    expect(dueOn('2026-11-26', { kind: 'days', days: 30 })).toBe('2026-12-26');
    expect(dueOn('2026-12-15', { kind: 'days', days: 30 })).toBe('2027-01-14');
    expect(dueOn('2028-02-01', { kind: 'days', days: 28 })).toBe('2028-02-29');
    expect(dueOn('2026-11-26', { kind: 'days', days: 0 })).toBe('2026-11-26');
  });

  it('falls on the last day of the month after the invoice month at end of month', () => {
    const eom = { kind: 'end_of_month', days: 30 } as const;
    expect(dueOn('2026-11-26', eom)).toBe('2026-12-31');
    expect(dueOn('2026-11-01', eom)).toBe('2026-12-31');
    expect(dueOn('2026-12-15', eom)).toBe('2027-01-31');
    expect(dueOn('2026-01-31', eom)).toBe('2026-02-28');
    expect(dueOn('2028-01-05', eom)).toBe('2028-02-29');
    expect(dueOn('2026-03-31', eom)).toBe('2026-04-30');
  });
});

describe('words', () => {
  it('says when payment is due and what the terms are', () => {
    expect(paymentDueText('2026-12-31')).toBe('Payment due by 31 December 2026');
    expect(termsText({ kind: 'days', days: 30 })).toBe('30 days from invoice');
    expect(termsText({ kind: 'end_of_month', days: 30 })).toBe('End of the month after invoice');
  });
});

describe('fitsCredit', () => {
  it('allows an order up to the limit exactly, never a penny over', () => {
    expect(fitsCredit({ limitPence: 100_000, outstandingPence: 60_000 }, 40_000)).toBe(true);
    expect(fitsCredit({ limitPence: 100_000, outstandingPence: 60_000 }, 40_001)).toBe(false);
  });
});
