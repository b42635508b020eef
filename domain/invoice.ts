// VAT invoices carry their own number, gapless and sequential (HMRC VAT Notice 700/21), apart from
// the order number: the counter is taken only when an order is invoiced, never on a draft.

/** Invoice numbers are printed with at least this many digits. */
export const INVOICE_NUMBER_DIGITS = 6;

/**
 * An invoice's number as printed: 'INV-' and the number padded to six digits, more when needed.
 *
 * formatInvoiceNumber(42) → 'INV-000042'
 * formatInvoiceNumber(1) → 'INV-000001'
 * formatInvoiceNumber(999999) → 'INV-999999'
 * formatInvoiceNumber(1234567) → 'INV-1234567'
 * formatInvoiceNumber(0) → RangeError (invoices are numbered from 1)
 */
export function formatInvoiceNumber(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new RangeError(`An invoice number is a whole number from 1, got ${n}`);
  }
  return `INV-${String(n).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}
