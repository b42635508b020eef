/**
 * How long guest personal data is kept (docs/decisions/0010-guest-data-retention.md). A VAT
 * invoice must be kept six years and must name the customer and their address, so an invoiced
 * guest order keeps exactly those; its contact details (phone, email, notes for the driver,
 * site-access answers) go once the retention period has passed. An order never paid has no
 * invoice to keep: its addresses go too.
 */

/** The retention period unless GUEST_DATA_RETENTION_DAYS says otherwise: two years. */
export const DEFAULT_GUEST_DATA_RETENTION_DAYS = 730;
/** Below this the shop could erase the contacts of orders still within a return or a claim. */
export const MIN_GUEST_DATA_RETENTION_DAYS = 90;
/** An unconfirmed newsletter sign-up was never shown to be its address owner's: 30 days. */
export const UNCONFIRMED_SIGNUP_DAYS = 30;

/**
 * An upload nothing names a day later is not kept: a quote drawing on no quote line (dropped
 * before the quote was saved, or taken off its line), and trade evidence no application names
 * (the form was left before it was sent). Nothing will show either again.
 */
export const UNATTACHED_UPLOAD_DAYS = 1;

/** Order states after which nothing more happens to an order (no delivery, payment or refund). */
export const SETTLED_ORDER_STATUSES = ['delivered', 'expired', 'cancelled'] as const;

/** The parts of an order address a VAT invoice needs: kept on an invoiced order. */
export const INVOICE_ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address_1',
  'address_2',
  'city',
  'county',
  'postcode',
  'country',
] as const;
/** Contact details, erased from every settled guest order past the period. */
export const CONTACT_ADDRESS_FIELDS = ['phone', 'email'] as const;

/** The domain an erased order's email is moved to: reserved (RFC 2606), so it never delivers. */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/**
 * What stands in an erased order's email, unique per order.
 * erasedEmail('TS-100001') → 'TS-100001@erased.invalid'
 */
export function erasedEmail(orderNumber: string): string {
  return `${orderNumber}@${ERASED_EMAIL_DOMAIN}`;
}

/**
 * GUEST_DATA_RETENTION_DAYS read strictly: a whole number of days, at least the minimum.
 * retentionDaysFrom(undefined) → 730; retentionDaysFrom('2190') → 2190
 * retentionDaysFrom('30') → Error; retentionDaysFrom('two years') → Error
 */
export function retentionDaysFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_GUEST_DATA_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < MIN_GUEST_DATA_RETENTION_DAYS) {
    throw new Error(
      `GUEST_DATA_RETENTION_DAYS must be a whole number of days, at least ${MIN_GUEST_DATA_RETENTION_DAYS}`,
    );
  }
  return days;
}

/** What one retention sweep changed. */
export interface RetentionCounts {
  /** Settled guest orders whose contact details were erased (invoice name and address kept). */
  invoiced_orders: number;
  /** Settled guest orders never invoiced, erased but for their figures and lines. */
  uninvoiced_orders: number;
  enquiries: number;
  unconfirmed_signups: number;
  abandoned_carts: number;
  /** Quote drawings on no quote line (UNATTACHED_UPLOAD_DAYS). */
  unattached_drawings: number;
  /** Trade evidence no application names (UNATTACHED_UPLOAD_DAYS). */
  unattached_evidence: number;
}
