import { describe, expect, it } from 'vitest';
import {
  creditNoteHow,
  formatCreditNoteNumber,
  parseCreditNoteNumber,
  REFUND_MESSAGES,
  refundSchema,
} from './refunds.ts';

describe('credit note numbers', () => {
  it('prints CN- and at least six digits, and reads them back', () => {
    expect(formatCreditNoteNumber(1)).toBe('CN-000001');
    expect(formatCreditNoteNumber(1_234_567)).toBe('CN-1234567');
    expect(parseCreditNoteNumber('CN-000012')).toBe(12);
    expect(parseCreditNoteNumber('cn-12')).toBe(12);
    expect(parseCreditNoteNumber('INV-000012')).toBeNull();
    expect(parseCreditNoteNumber('CN-0')).toBeNull();
    for (let n = 1; n < 2_000_000; n += 99_991) {
      expect(parseCreditNoteNumber(formatCreditNoteNumber(n))).toBe(n);
    }
  });

  it('refuses a number below one', () => {
    expect(() => formatCreditNoteNumber(0)).toThrow(RangeError);
    expect(() => formatCreditNoteNumber(1.5)).toThrow(RangeError);
  });
});

describe('the refund form', () => {
  it('takes an amount in pounds above zero and a reason', () => {
    expect(refundSchema.parse({ amount: ' 12.5 ', reason: ' Cracked tile ' })).toEqual({
      amount: '12.5',
      reason: 'Cracked tile',
    });
    const bad = refundSchema.safeParse({ amount: '0', reason: 'x' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['amount', REFUND_MESSAGES.amount],
      ['reason', REFUND_MESSAGES.reason],
    ]);
    expect(refundSchema.safeParse({ amount: '-5', reason: 'Refund' }).success).toBe(false);
    expect(refundSchema.safeParse({ amount: 'ten', reason: 'Refund' }).success).toBe(false);
  });
});

describe('what a credit note says of the money', () => {
  it('names where it went by its refund reference', () => {
    expect(creditNoteHow('account')).toBe(
      'Credited to your trade account: it reduces what the account owes.',
    );
    expect(creditNoteHow('manual')).toBe('Refunded by bank transfer.');
    expect(creditNoteHow('re_123')).toBe('Refunded to the card used (Stripe refund re_123).');
    expect(creditNoteHow('revision')).toBe(
      'Issued as the order was changed before dispatch: a new invoice replaces the one cancelled.',
    );
  });
});
