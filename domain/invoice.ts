/**
 * An invoice number as printed: 'INV-' and at least six digits.
 *
 * formatInvoiceNumber(42) → 'INV-000042'
 * formatInvoiceNumber(1234567) → 'INV-1234567'
 */
export function formatInvoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}
