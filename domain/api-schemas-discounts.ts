// What the discount-code routes take and answer: the shopper's code, the owner's form, and the
// discount as baskets, quotes and orders show it.
import { z } from '#domain/zod.ts';
import { DISCOUNT_KINDS, DISCOUNT_MESSAGES } from './discounts.ts';
import { tryToPence } from './money.ts';
import { londonMinuteToInstant } from './sale-price.ts';

const pounds = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Pounds with two decimals, e.g. '123.45'" });

export const DISCOUNT_CODE_MAX_LENGTH = 40;
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/i;
/** £100,000: anything above is a typing slip. */
const MAX_DISCOUNT_PENCE = 10_000_000;
const MAX_USES = 1_000_000;

export const DISCOUNT_FORM_MESSAGES = {
  codeInvalid: `A code has 3 to ${DISCOUNT_CODE_MAX_LENGTH} letters, digits, hyphens or underscores`,
  codeTaken: 'Another discount code already uses this code',
  kindRequired: 'Choose percentage, fixed amount or free delivery',
  percentInvalid: 'Enter a whole percentage from 1 to 100',
  amountInvalid: 'Enter the amount off in pounds, e.g. 5.00',
  minSpendInvalid: 'Enter the minimum spend in pounds, e.g. 50.00, or leave it empty',
  dateInvalid: 'Enter a date and time, e.g. 2026-12-01T09:00, or leave it empty',
  endsBeforeStart: 'The end must be after the start',
  usesInvalid: 'Enter a whole number of uses, or leave it empty for no limit',
  usesBelowUsed: 'The limit cannot be below the uses already made',
  idsInvalid: 'Choose products and categories from the lists',
} as const;

// --- The shopper's code ---------------------------------------------------------------------

/** POST /api/cart/discount. */
export const applyDiscountSchema = z.object({
  code: z
    .string({ error: DISCOUNT_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: DISCOUNT_MESSAGES.codeRequired })
    .max(DISCOUNT_CODE_MAX_LENGTH, { error: DISCOUNT_MESSAGES.unknown }),
});

/** The code on a basket or quote: what it gives, and whether it applies to the basket now. */
export const discountSummarySchema = z
  .object({
    code: z.string(),
    /** '10% off', '£5.00 off selected items', 'Free delivery'. */
    description: z.string(),
    applies: z.boolean(),
    /** Why it does not apply now (e.g. the minimum spend), null when it does. */
    message: z.string().nullable(),
    /** What it takes off, VAT included (a free delivery's share is known once priced). */
    amount: pounds,
  })
  .meta({ id: 'DiscountSummary' });

/** What an order's (or quote's) code took off, VAT included; its lines carry their shares. */
export const discountTotalsSchema = z
  .object({ code: z.string(), goods: pounds, delivery: pounds, total: pounds })
  .meta({ id: 'DiscountTotals' });

// --- The owner's codes ----------------------------------------------------------------------

export const discountCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(DISCOUNT_KINDS),
    description: z.string(),
    /** Whole percent for 'percent', else null. */
    percent: z.number().int().nullable(),
    /** Amount off for 'fixed', else null. */
    amount: pounds.nullable(),
    min_spend: pounds,
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    max_uses: z.number().int().nullable(),
    max_uses_per_customer: z.number().int().nullable(),
    uses: z.number().int(),
    product_ids: z.array(z.number().int()),
    category_ids: z.array(z.number().int()),
    active: z.boolean(),
    version: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'DiscountCode' });
export type DiscountCodeJson = z.infer<typeof discountCodeSchema>;

const money = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (v) => v === '' || ((tryToPence(v) ?? -1) >= 0 && tryToPence(v)! <= MAX_DISCOUNT_PENCE),
      {
        error: message,
      },
    )
    .transform((v) => (v === '' ? null : tryToPence(v)!));

/** A London wall-clock minute as the form's field holds it ('2026-12-01T09:00'), or empty. */
const when = z
  .string({ error: DISCOUNT_FORM_MESSAGES.dateInvalid })
  .trim()
  .refine((v) => v === '' || londonMinuteToInstant(v) !== null, {
    error: DISCOUNT_FORM_MESSAGES.dateInvalid,
  })
  .transform((v) => (v === '' ? null : londonMinuteToInstant(v)));

const uses = z
  .number({ error: DISCOUNT_FORM_MESSAGES.usesInvalid })
  .int({ error: DISCOUNT_FORM_MESSAGES.usesInvalid })
  .min(1, { error: DISCOUNT_FORM_MESSAGES.usesInvalid })
  .max(MAX_USES, { error: DISCOUNT_FORM_MESSAGES.usesInvalid })
  .nullable();

const ids = z
  .array(
    z
      .number({ error: DISCOUNT_FORM_MESSAGES.idsInvalid })
      .int({ error: DISCOUNT_FORM_MESSAGES.idsInvalid })
      .positive({ error: DISCOUNT_FORM_MESSAGES.idsInvalid }),
    { error: DISCOUNT_FORM_MESSAGES.idsInvalid },
  )
  .max(1000, { error: DISCOUNT_FORM_MESSAGES.idsInvalid });

/** POST /api/admin/discount-codes and PUT /api/admin/discount-codes/{id}. */
export const discountCodeInputSchema = z
  .object({
    code: z
      .string({ error: DISCOUNT_FORM_MESSAGES.codeInvalid })
      .trim()
      .min(3, { error: DISCOUNT_FORM_MESSAGES.codeInvalid })
      .max(DISCOUNT_CODE_MAX_LENGTH, { error: DISCOUNT_FORM_MESSAGES.codeInvalid })
      .regex(CODE_PATTERN, { error: DISCOUNT_FORM_MESSAGES.codeInvalid })
      .transform((v) => v.toUpperCase()),
    kind: z.enum(DISCOUNT_KINDS, { error: DISCOUNT_FORM_MESSAGES.kindRequired }),
    /** For 'percent'. */
    percent: z
      .number({ error: DISCOUNT_FORM_MESSAGES.percentInvalid })
      .int({ error: DISCOUNT_FORM_MESSAGES.percentInvalid })
      .min(1, { error: DISCOUNT_FORM_MESSAGES.percentInvalid })
      .max(100, { error: DISCOUNT_FORM_MESSAGES.percentInvalid })
      .nullable()
      .default(null),
    /** For 'fixed': pounds, e.g. '5.00'. */
    amount: money(DISCOUNT_FORM_MESSAGES.amountInvalid).prefault(''),
    min_spend: money(DISCOUNT_FORM_MESSAGES.minSpendInvalid).prefault(''),
    starts_at: when.prefault(''),
    ends_at: when.prefault(''),
    max_uses: uses.default(null),
    max_uses_per_customer: uses.default(null),
    product_ids: ids.default([]),
    category_ids: ids.default([]),
    active: z.boolean().default(true),
    /** The version the editor loaded (edits): a stale one is refused with a 409. */
    version: z.number().int().positive().optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.percent === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: DISCOUNT_FORM_MESSAGES.percentInvalid,
      });
    }
    if (input.kind === 'fixed' && (input.amount === null || input.amount < 1)) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: DISCOUNT_FORM_MESSAGES.amountInvalid,
      });
    }
    if (input.starts_at && input.ends_at && input.ends_at <= input.starts_at) {
      ctx.addIssue({
        code: 'custom',
        path: ['ends_at'],
        message: DISCOUNT_FORM_MESSAGES.endsBeforeStart,
      });
    }
  });
export type DiscountCodeInput = z.output<typeof discountCodeInputSchema>;

/** POST /api/admin/discount-codes/{id}/disable (and enable). */
export const discountCodeVersionSchema = z.object({
  version: z.number().int().positive().optional(),
});

export const discountCodeParams = z.object({ id: z.coerce.number().int().positive() });
