// What the trade account ledger routes take and answer: the customer's statement
// (GET /api/account/statement) and the staff's accounts (/api/admin/trade/accounts). Amounts
// in answers are pounds with two decimals as strings ('123.45'), computed in integer pence.
import { z } from '#domain/zod.ts';
import { pagingParams } from './catalogue-query.ts';
import { tryToPence } from './money.ts';
import { AGE_BUCKETS } from './trade-ledger.ts';
import { booleanLike } from './validation.ts';

const pounds = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Pounds with two decimals, e.g. '123.45'" });
const day = z.string().meta({ description: 'A London calendar day, YYYY-MM-DD' });

export const TERMS_KINDS = ['days', 'end_of_month'] as const;
export type TermsKind = (typeof TERMS_KINDS)[number];
export const TERMS_DAYS_MAX = 120;
/** £10,000,000: a credit limit above is a typing slip. */
const CREDIT_LIMIT_MAX_PENCE = 1_000_000_000;
/** £1,000,000 in one payment: anything above is a typing slip. */
const PAYMENT_MAX_PENCE = 100_000_000;
export const STOP_REASON_MAX = 500;
export const PAYMENT_REFERENCE_MAX = 200;
const ALLOCATIONS_MAX = 200;

/**
 * The terms as people read them.
 *
 * termsLabel('days', 30) → '30 days from invoice'
 * termsLabel('end_of_month', 30) → 'End of the month after the invoice'
 */
export function termsLabel(kind: TermsKind, days: number): string {
  return kind === 'end_of_month'
    ? 'End of the month after the invoice'
    : days === 0
      ? 'Due on the invoice date'
      : `${days} days from invoice`;
}

export const TRADE_ACCOUNT_MESSAGES = {
  creditLimit: 'Enter the credit limit in pounds, e.g. 5000.00, or leave it empty for no credit',
  termsKind: 'Choose days from invoice or end of the month',
  termsDays: `Enter a whole number of days from 0 to ${TERMS_DAYS_MAX}`,
  reason: 'Say why the account is stopped',
  amount: 'Enter the amount received in pounds, e.g. 250.00',
  receivedOn: 'Enter the day the money arrived, e.g. 2026-11-26',
  receivedLater: 'The day the money arrived cannot be after today',
  reference: `A reference has at most ${PAYMENT_REFERENCE_MAX} characters`,
  invoiceNumber: 'Name the invoice like INV-000012',
  allocationAmount: 'Enter the amount for this invoice in pounds, e.g. 100.00',
  idempotencyKey:
    'Send an Idempotency-Key header (up to 100 printable characters) with each payment',
  keyReused: 'This Idempotency-Key was used for another payment: send a new key for a new payment',
  notTrade: 'You have no trade account',
  stopped: 'This account is stopped',
  notStopped: 'This account is not stopped',
  ledgerKept:
    'Your trade account has invoices or payments we must keep as accounting records for six years, so it cannot be deleted: please contact us to close it',
} as const;
const M = TRADE_ACCOUNT_MESSAGES;

const moneyIn = (message: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: message })
    .refine(
      (v) => {
        const pence = tryToPence(v);
        return pence !== null && pence > 0 && pence <= max;
      },
      { error: message },
    )
    .transform((v) => tryToPence(v)!);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) =>
  ISO_DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** 'INV-000012', 'INV-12' or 12 → 12. */
const invoiceNumberIn = z
  .union([z.string(), z.number()], { error: M.invoiceNumber })
  .transform((v, ctx) => {
    const match = /^(?:INV-)?0*(\d{1,9})$/i.exec(String(v).trim());
    const n = match ? Number(match[1]) : 0;
    if (n < 1) {
      ctx.addIssue({ code: 'custom', message: M.invoiceNumber });
      return z.NEVER;
    }
    return n;
  });

// --- What the routes take -------------------------------------------------------------------

export const tradeAccountParams = z.object({
  customerId: z.coerce
    .number({ error: 'A customer id is a whole number' })
    .int({ error: 'A customer id is a whole number' })
    .positive({ error: 'A customer id is a whole number' })
    .max(2_147_483_647, { error: 'A customer id is a whole number' }),
});

export const tradeAccountsQuery = z.object({
  ...pagingParams(25),
  /** Only accounts with an invoice past its due day. */
  overdue: booleanLike('overdue').optional(),
  q: z.string().trim().max(200, { error: 'Search with at most 200 characters' }).optional(),
});

const version = z.number().int().positive().optional();

/** PUT /api/admin/trade/accounts/{customerId}: the credit limit and terms. */
export const tradeTermsInputSchema = z.object({
  /** Pounds; empty or null: no credit (the account pays before dispatch). */
  credit_limit: z
    .union([z.string(), z.number(), z.null()], { error: M.creditLimit })
    .refine(
      (v) =>
        v === null ||
        (typeof v === 'string' && v.trim() === '') ||
        ((tryToPence(v) ?? -1) >= 0 && tryToPence(v)! <= CREDIT_LIMIT_MAX_PENCE),
      { error: M.creditLimit },
    )
    .transform((v) =>
      v === null || (typeof v === 'string' && v.trim() === '') ? null : tryToPence(v)!,
    ),
  terms_kind: z.enum(TERMS_KINDS, { error: M.termsKind }),
  terms_days: z
    .number({ error: M.termsDays })
    .int({ error: M.termsDays })
    .min(0, { error: M.termsDays })
    .max(TERMS_DAYS_MAX, { error: M.termsDays })
    .default(30),
  version,
});
export type TradeTermsInput = z.infer<typeof tradeTermsInputSchema>;

export const stopAccountSchema = z.object({
  reason: z
    .string({ error: M.reason })
    .trim()
    .min(1, { error: M.reason })
    .max(STOP_REASON_MAX, { error: M.reason }),
  version,
});

export const reopenAccountSchema = z.object({ version });

/** POST /api/admin/trade/accounts/{customerId}/payments. */
export const recordPaymentSchema = z.object({
  amount: moneyIn(M.amount, PAYMENT_MAX_PENCE),
  received_on: z.string({ error: M.receivedOn }).trim().refine(isRealDay, { error: M.receivedOn }),
  reference: z
    .string({ error: M.reference })
    .trim()
    .max(PAYMENT_REFERENCE_MAX, { error: M.reference })
    .default(''),
  /** Which invoices it pays and how much of each; absent: the oldest debt first. */
  allocations: z
    .array(
      z.object({
        invoice_number: invoiceNumberIn,
        amount: moneyIn(M.allocationAmount, PAYMENT_MAX_PENCE),
      }),
    )
    .max(ALLOCATIONS_MAX)
    .optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

// --- What they answer -----------------------------------------------------------------------

export const ledgerInvoiceSchema = z
  .object({
    number: z.string().meta({ description: "'INV-000012'" }),
    order_number: z.string(),
    issued_on: day,
    due_on: day,
    total: pounds,
    credited: pounds,
    paid: pounds,
    outstanding: pounds,
    status: z.enum(['open', 'overdue', 'paid', 'credited']),
    days_overdue: z.number().int(),
  })
  .meta({ id: 'LedgerInvoice' });

export const statementLineSchema = z
  .object({
    kind: z.enum(['invoice', 'credit_note', 'payment']),
    date: day,
    description: z.string(),
    debit: pounds.nullable(),
    credit: pounds.nullable(),
    balance: pounds,
  })
  .meta({ id: 'StatementLine' });

export const accountPaymentSchema = z
  .object({
    id: z.number().int(),
    received_on: day,
    amount: pounds,
    reference: z.string(),
    unallocated: pounds,
    allocations: z.array(z.object({ invoice_number: z.string(), amount: pounds })),
  })
  .meta({ id: 'AccountPayment' });

const agedSchema = z.object(
  Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket, pounds])) as Record<
    (typeof AGE_BUCKETS)[number],
    typeof pounds
  >,
);

/** The ledger as the customer and staff both read it. */
export const statementSchema = z
  .object({
    company: z.string(),
    today: day,
    credit_limit: pounds.nullable(),
    terms: z.object({ kind: z.enum(TERMS_KINDS), days: z.number().int(), label: z.string() }),
    stopped: z.boolean(),
    balance: pounds.meta({ description: 'Invoiced less credit notes less payments' }),
    outstanding: pounds,
    overdue: pounds,
    unallocated: pounds,
    next_due_on: day.nullable(),
    aged: agedSchema,
    invoices: z.array(ledgerInvoiceSchema),
    lines: z.array(statementLineSchema),
    payments: z.array(accountPaymentSchema),
  })
  .meta({ id: 'AccountStatement' });
export type StatementJson = z.infer<typeof statementSchema>;

export const tradeAccountRowSchema = z
  .object({
    customer_id: z.number().int(),
    company: z.string(),
    email: z.string(),
    group: z.string().nullable(),
    credit_limit: pounds.nullable(),
    terms: z.string(),
    balance: pounds,
    overdue: pounds,
    stopped: z.boolean(),
  })
  .meta({ id: 'TradeAccountRow' });
export type TradeAccountRowJson = z.infer<typeof tradeAccountRowSchema>;

export const tradeAccountSchema = statementSchema
  .extend({
    customer_id: z.number().int(),
    email: z.string(),
    group: z.string().nullable(),
    company_number: z.string(),
    vat_number: z.string(),
    stopped_at: z.string().nullable(),
    stop_reason: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'TradeAccount' });
export type TradeAccountJson = z.infer<typeof tradeAccountSchema>;

export const recordedPaymentSchema = z.object({
  payment: accountPaymentSchema,
  data: tradeAccountSchema,
});
