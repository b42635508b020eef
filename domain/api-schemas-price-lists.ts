// What the back office's price-list routes take and answer: customer groups and their price
// lists (a percentage off a category, or a set trade price for one size, between dates).
// Prices are stored VAT-inclusive in pence like every price; staff may type them ex VAT.
import { z } from '#domain/zod.ts';
import { tryToPence } from './money.ts';
import { londonMinuteToInstant } from './sale-price.ts';

export const PRICE_RULE_KINDS = ['category_percent', 'size_price'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];
export const GROUP_NAME_MAX_LENGTH = 60;
export const PRICE_RULES_MAX = 2000;
/** £100,000 a size: anything above is a typing slip. */
const MAX_PRICE_PENCE = 10_000_000;

export const PRICE_LIST_MESSAGES = {
  nameRequired: `Enter a group name of at most ${GROUP_NAME_MAX_LENGTH} characters`,
  nameTaken: 'Another group already has this name',
  kindRequired: 'Choose a percentage off a category or a price for one size',
  categoryRequired: 'Choose the category',
  sizeRequired: 'Choose the size',
  percentInvalid: 'Enter the percentage off, above 0 and below 100, e.g. 12.5',
  priceInvalid: 'Enter the trade price in pounds, e.g. 41.25',
  dateInvalid: 'Enter a date and time, e.g. 2026-12-01T09:00, or leave it empty',
  endsBeforeStart: 'The end must be after the start',
  tooMany: `A price list holds at most ${PRICE_RULES_MAX} entries`,
} as const;

const pounds = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: "Pounds with two decimals, e.g. '123.45'" });

export const priceRuleSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PRICE_RULE_KINDS),
    category_id: z.number().int().nullable(),
    category: z.string().nullable(),
    variation_id: z.number().int().nullable(),
    /** The size as staff know it: product name and size. */
    size: z.string().nullable(),
    /** e.g. '12.50' ('category_percent'). */
    percent_off: z.string().nullable(),
    /** The trade price, VAT included ('size_price'). */
    price: pounds.nullable(),
    /** The same without VAT at today's rate. */
    price_ex_vat: pounds.nullable(),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'PriceListRule' });
export type PriceRuleJson = z.infer<typeof priceRuleSchema>;

export const customerGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    show_ex_vat: z.boolean(),
    /** Customers in the group. */
    members: z.number().int(),
    rules: z.array(priceRuleSchema),
    version: z.number().int(),
  })
  .meta({ id: 'CustomerGroup' });
export type CustomerGroupJson = z.infer<typeof customerGroupSchema>;

const name = z
  .string({ error: PRICE_LIST_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: PRICE_LIST_MESSAGES.nameRequired })
  .max(GROUP_NAME_MAX_LENGTH, { error: PRICE_LIST_MESSAGES.nameRequired });

/** POST /api/admin/price-lists: a new group with an empty price list. */
export const customerGroupCreateSchema = z.object({
  name,
  show_ex_vat: z.boolean().default(true),
});

/** A London wall-clock minute as the form's field holds it ('2026-12-01T09:00'), or empty. */
const when = z
  .string({ error: PRICE_LIST_MESSAGES.dateInvalid })
  .trim()
  .refine((v) => v === '' || londonMinuteToInstant(v) !== null, {
    error: PRICE_LIST_MESSAGES.dateInvalid,
  })
  .transform((v) => (v === '' ? null : londonMinuteToInstant(v)))
  .prefault('');

const id = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message })
    .nullable()
    .default(null);

const PERCENT = /^\d{1,2}(\.\d{1,2})?$/;

export const priceRuleInputSchema = z
  .object({
    kind: z.enum(PRICE_RULE_KINDS, { error: PRICE_LIST_MESSAGES.kindRequired }),
    category_id: id(PRICE_LIST_MESSAGES.categoryRequired),
    variation_id: id(PRICE_LIST_MESSAGES.sizeRequired),
    /** Percent off, up to 2 decimals ('category_percent'). */
    percent_off: z
      .string({ error: PRICE_LIST_MESSAGES.percentInvalid })
      .trim()
      .refine((v) => v === '' || (PERCENT.test(v) && Number(v) > 0), {
        error: PRICE_LIST_MESSAGES.percentInvalid,
      })
      .prefault(''),
    /** The trade price in pounds ('size_price'), as `price_entered` says. */
    price: z
      .string({ error: PRICE_LIST_MESSAGES.priceInvalid })
      .trim()
      .refine((v) => v === '' || ((tryToPence(v) ?? 0) > 0 && tryToPence(v)! <= MAX_PRICE_PENCE), {
        error: PRICE_LIST_MESSAGES.priceInvalid,
      })
      .transform((v) => (v === '' ? null : tryToPence(v)!))
      .prefault(''),
    /** The price typed with VAT (stored as it is) or without (VAT at today's rate added). */
    price_entered: z.enum(['inc_vat', 'ex_vat']).default('inc_vat'),
    starts_at: when,
    ends_at: when,
  })
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (rule.kind === 'category_percent') {
      if (rule.category_id === null) issue('category_id', PRICE_LIST_MESSAGES.categoryRequired);
      if (rule.percent_off === '') issue('percent_off', PRICE_LIST_MESSAGES.percentInvalid);
    }
    if (rule.kind === 'size_price') {
      if (rule.variation_id === null) issue('variation_id', PRICE_LIST_MESSAGES.sizeRequired);
      if (rule.price === null) issue('price', PRICE_LIST_MESSAGES.priceInvalid);
    }
    if (rule.starts_at && rule.ends_at && rule.ends_at <= rule.starts_at) {
      issue('ends_at', PRICE_LIST_MESSAGES.endsBeforeStart);
    }
  });
export type PriceRuleInput = z.output<typeof priceRuleInputSchema>;

/** PUT /api/admin/price-lists/{id}: the group and its whole price list, saved as one. */
export const customerGroupSaveSchema = z.object({
  name,
  show_ex_vat: z.boolean(),
  rules: z
    .array(priceRuleInputSchema, { error: PRICE_LIST_MESSAGES.tooMany })
    .max(PRICE_RULES_MAX, { error: PRICE_LIST_MESSAGES.tooMany }),
  /** The version the editor loaded: a stale one is refused with a 409. */
  version: z.number({ error: 'Reload and try again' }).int().positive(),
});
export type CustomerGroupSave = z.output<typeof customerGroupSaveSchema>;

export const customerGroupParams = z.object({
  id: z.coerce.number({ error: 'Group not found' }).int().positive().max(2_147_483_647),
});
