// What the discount-code routes take and answer: the shopper's code, the owner's form, and the
// discount as baskets, quotes and orders show it.
import { z } from '#domain/zod.ts';
import { DISCOUNT_KINDS, DISCOUNT_MESSAGES } from './discounts.ts';
import { tryToPence } from './money.ts';
import { instantToLondonMinute, londonMinuteToInstant } from './sale-price.ts';

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

// --- The back office's form ------------------------------------------------------------------

/** The owner's form as typed: every field text (pounds, whole numbers, ids by commas). */
export interface DiscountCodeForm {
  code: string;
  kind: string;
  percent: string;
  amount: string;
  min_spend: string;
  starts_at: string;
  ends_at: string;
  max_uses: string;
  max_uses_per_customer: string;
  product_ids: string;
  category_ids: string;
  active: boolean;
}

/** Empty text is none; anything but a whole number is NaN, which the schema refuses. */
const wholeOrNull = (text: string) => {
  const v = text.trim();
  return v === '' ? null : /^\d+$/.test(v) ? Number(v) : Number.NaN;
};
const idList = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter((v) => v !== '')
    .map((v) => (/^\d+$/.test(v) ? Number(v) : Number.NaN));

/** The form's text as the API's body (discountCodeInputSchema's input). */
export function discountCodeBody(form: DiscountCodeForm) {
  return {
    code: form.code,
    kind: form.kind,
    percent: form.kind === 'percent' ? wholeOrNull(form.percent) : null,
    amount: form.kind === 'fixed' ? form.amount : '',
    min_spend: form.min_spend,
    starts_at: form.starts_at,
    ends_at: form.ends_at,
    max_uses: wholeOrNull(form.max_uses),
    max_uses_per_customer: wholeOrNull(form.max_uses_per_customer),
    product_ids: idList(form.product_ids),
    category_ids: idList(form.category_ids),
    active: form.active,
  };
}

/** The form checked in the browser by the very rules the API applies, with the same messages. */
export const discountCodeFormSchema = z
  .custom<DiscountCodeForm>()
  .transform((form) => discountCodeBody(form) as z.input<typeof discountCodeInputSchema>)
  .pipe(discountCodeInputSchema);

const londonMinute = (iso: string | null) => (iso ? instantToLondonMinute(new Date(iso)) : '');

/** A saved code as the form holds it; an empty form for a new one. */
export function discountCodeForm(code: DiscountCodeJson | null): DiscountCodeForm {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    percent: code?.percent === null || code?.percent === undefined ? '' : String(code.percent),
    amount: code?.amount ?? '',
    min_spend: code && code.min_spend !== '0.00' ? code.min_spend : '',
    starts_at: londonMinute(code?.starts_at ?? null),
    ends_at: londonMinute(code?.ends_at ?? null),
    max_uses: code?.max_uses?.toString() ?? '',
    max_uses_per_customer: code?.max_uses_per_customer?.toString() ?? '',
    product_ids: code?.product_ids.join(', ') ?? '',
    category_ids: code?.category_ids.join(', ') ?? '',
    active: code?.active ?? true,
  };
}

/**
 * Where a code stands, as the owner's list says it: disabled, not started, expired, used up, or
 * live.
 *
 * discountCodeState({ active: true, starts_at: null, ends_at: null, max_uses: 10, uses: 10 }, now) → 'Used up'
 */
export function discountCodeState(
  code: Pick<DiscountCodeJson, 'active' | 'starts_at' | 'ends_at' | 'max_uses' | 'uses'>,
  now: Date,
): 'Disabled' | 'Scheduled' | 'Expired' | 'Used up' | 'Live' {
  if (!code.active) return 'Disabled';
  if (code.starts_at && now < new Date(code.starts_at)) return 'Scheduled';
  if (code.ends_at && now >= new Date(code.ends_at)) return 'Expired';
  if (code.max_uses !== null && code.uses >= code.max_uses) return 'Used up';
  return 'Live';
}
