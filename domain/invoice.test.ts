import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber } from './invoice.ts';

describe('formatInvoiceNumber: a sequential number on every VAT invoice (design.md section 11)', () => {
  it('pads to six digits', () => {
    expect(formatInvoiceNumber(42)).toBe('INV-000042');
    expect(formatInvoiceNumber(1)).toBe('INV-000001');
    expect(formatInvoiceNumber(999_999)).toBe('INV-999999');
  });

  it('grows past six digits instead of wrapping', () => {
    expect(formatInvoiceNumber(1_000_000)).toBe('INV-1000000');
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
  });

  it('refuses numbers an invoice cannot have', () => {
    for (const n of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => formatInvoiceNumber(n)).toThrow(RangeError);
    }
  });
});
