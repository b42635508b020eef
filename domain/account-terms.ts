// Pay on account: when an invoice on a trade account's credit falls due, and what the buyer is
// told. Dates are London calendar days, as the invoice prints them ('YYYY-MM-DD').
import { formatUtcDate } from './dates.ts';
import { formatPoundsPlain } from './money.ts';

export const ACCOUNT_TERMS_KINDS = ['days', 'end_of_month'] as const;
export type AccountTermsKind = (typeof ACCOUNT_TERMS_KINDS)[number];

export interface AccountTerms {
  kind: AccountTermsKind;
  /** For 'days': days from the invoice date. */
  days: number;
}

const DAY_MS = 86_400_000;

/**
 * The day an invoice on account must be paid by:
 * - 'days': the invoice date plus the terms' days ('2026-11-26', 30 days → '2026-12-26');
 * - 'end_of_month': the last day of the month after the invoice's month
 *   ('2026-11-26' → '2026-12-31'; '2026-01-31' → '2026-02-28').
 * dueOn('2026-12-15', { kind: 'end_of_month', days: 0 }) → '2027-01-31'
 */
export function dueOn(invoiceDay: string, terms: AccountTerms): string {
  const [year, month, day] = invoiceDay.split('-').map(Number) as [number, number, number];
  const due =
    terms.kind === 'days'
      ? Date.UTC(year, month - 1, day) + terms.days * DAY_MS
      : // Day 0 of the month two on is the last day of the month after.
        Date.UTC(year, month + 1, 0);
  return new Date(due).toISOString().slice(0, 10);
}

/** What the invoice, the order page and the mails say: 'Payment due by 31 December 2026'. */
export const paymentDueText = (day: string) =>
  `Payment due by ${formatUtcDate(`${day}T12:00:00Z`)}`;

/** The terms as staff and buyers read them: '30 days from invoice', 'End of the month after invoice'. */
export const termsText = (terms: AccountTerms) =>
  terms.kind === 'days' ? `${terms.days} days from invoice` : 'End of the month after invoice';

export const ACCOUNT_MESSAGES = {
  noAccount:
    'Paying on account needs an approved trade account with credit: please choose another way to pay',
  stopped: (reason: string | null) =>
    `Your trade account is on stop${reason ? ` (${reason})` : ''}: please choose another way to pay or contact us`,
  overLimit: (availablePence: number) =>
    `This order is over the credit left on your account (£${formatPoundsPlain(Math.max(0, availablePence))}): please pay part of your balance or choose another way to pay`,
} as const;

/**
 * Whether an order fits an account's credit: the outstanding balance (invoices and orders on
 * account not yet paid) plus the order stays within the limit.
 * fitsCredit({ limitPence: 100_000, outstandingPence: 60_000 }, 40_000) → true
 * fitsCredit({ limitPence: 100_000, outstandingPence: 60_000 }, 40_001) → false
 */
export function fitsCredit(
  account: { limitPence: number; outstandingPence: number },
  orderPence: number,
): boolean {
  return account.outstandingPence + orderPence <= account.limitPence;
}
