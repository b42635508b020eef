// Refunds and credit notes. A refund gives back all or part of what an order's payment took,
// never more than was paid less what was refunded before; each one issues a credit note with a
// number of its own, gapless and sequential like the invoices' (HMRC VAT Notice 700/45 §4: a
// credit note reduces the VAT of the invoice it refers to).
import { z } from '#domain/zod.ts';
import { tryToPence } from './money.ts';
import type { adminOrderSchema, creditNoteSchema } from './api-schemas-staff.ts';

/** Credit note numbers are printed with at least this many digits. */
export const CREDIT_NOTE_NUMBER_DIGITS = 6;

/**
 * A credit note's number as printed.
 *
 * formatCreditNoteNumber(1) → 'CN-000001'
 * formatCreditNoteNumber(1234567) → 'CN-1234567'
 * formatCreditNoteNumber(0) → RangeError
 */
export function formatCreditNoteNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new RangeError(`A credit note number is a whole number from 1, got ${n}`);
  }
  return `CN-${String(n).padStart(CREDIT_NOTE_NUMBER_DIGITS, '0')}`;
}

/**
 * Reads a printed credit note number back.
 *
 * parseCreditNoteNumber('CN-000012') → 12
 * parseCreditNoteNumber('INV-000012') → null
 */
export function parseCreditNoteNumber(text: string): number | null {
  const match = /^CN-(\d{1,12})$/i.exec(text);
  const n = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

export const REFUND_MESSAGES = {
  amount: 'The amount to refund, in pounds, e.g. 120.50',
  reason: 'Give the reason for the refund (it is printed on the credit note)',
  tooMuch: (refundable: string) => `At most £${refundable} can be refunded`,
  nothingPaid: 'This order has no payment to refund',
} as const;

/**
 * The refund reference of a credit note on a trade account (pay on account): no money moved,
 * the note itself reduces what the account owes.
 */
export const ACCOUNT_REFUND_REF = 'account';

/** What a credit note says of where its money went, by its refund reference. */
export function creditNoteHow(refundRef: string): string {
  if (refundRef === 'revision') {
    return 'Issued as the order was changed before dispatch: a new invoice replaces the one cancelled.';
  }
  if (refundRef === 'manual') return 'Refunded by bank transfer.';
  if (refundRef === ACCOUNT_REFUND_REF) {
    return 'Credited to your trade account: it reduces what the account owes.';
  }
  return `Refunded to the card used (Stripe refund ${refundRef}).`;
}

export const REFUND_REASON_MAX_LENGTH = 300;

/** POST /api/admin/orders/{number}/refund, and the back office's refund form. */
export const refundSchema = z.object({
  amount: z
    .string({ error: REFUND_MESSAGES.amount })
    .trim()
    .refine((value) => (tryToPence(value) ?? -1) > 0, { error: REFUND_MESSAGES.amount }),
  reason: z
    .string({ error: REFUND_MESSAGES.reason })
    .trim()
    .min(3, { error: REFUND_MESSAGES.reason })
    .max(REFUND_REASON_MAX_LENGTH, { error: REFUND_MESSAGES.reason }),
});
export type RefundInput = z.output<typeof refundSchema>;

/** A credit note as the back office lists it. */
export type CreditNoteJson = z.infer<typeof creditNoteSchema>;

/** An order as staff see it: the shopper's answer, plus its payment and credit notes. */
export type AdminOrderJson = z.infer<typeof adminOrderSchema>;
