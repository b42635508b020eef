// The owner's shop rules (issue 28) as sections of the settings: the VAT rates by the day each
// takes effect, the free-sample rules and the returns rules, with the field messages the
// settings screen shows.
import { z } from '#domain/zod.ts';
import { formatPoundsPlain, tryToPence } from './money.ts';
import type { ReturnRules } from './returns.ts';
import type { SampleRules } from './samples.ts';
import type { VatRate } from './vat.ts';

/** Rates a shop keeps: the history an invoice may need and the ones scheduled. */
export const VAT_RATES_MAX = 50;
export const SAMPLES_MAX = 100;
export const SAMPLE_POST_KG_MAX = 1000;
export const RETURN_DAYS_MAX = 365;
export const DAMAGE_HOURS_MAX = 720;
export const COLLECTION_PRICE_MAX_PENCE = 100_000;

export const SHOP_RULES_MESSAGES = {
  effectiveFrom: 'Enter the day the rate takes effect, e.g. 2027-04-01',
  percent: 'Enter a percent from 0 to 100 with at most 2 decimals, e.g. 20 or 17.5',
  dayTaken: 'Another rate takes effect on this day',
  ratesRequired: 'Keep at least the rate in force',
  ratesTooMany: `At most ${VAT_RATES_MAX} rates`,
  notScheduled: 'A new rate takes effect today or later: enter today or a later day',
  inForce: 'A rate already in force cannot be changed or removed: schedule a new rate instead',
  maxFreePerOrder: `Enter a whole number of free samples from 0 to ${SAMPLES_MAX}`,
  maxFreePerProduct: `Enter a whole number of free samples from 0 to ${SAMPLES_MAX}`,
  perProductAboveOrder: 'A product cannot allow more free samples than the whole order',
  postMaxKg: `Enter a whole number of kilograms from 1 to ${SAMPLE_POST_KG_MAX}`,
  windowDays: `Enter a whole number of days from 0 to ${RETURN_DAYS_MAX}`,
  restockingFee: 'Enter a whole percent from 0 to 100',
  collectionPaidBy: 'Choose who pays for the collection: the customer or the shop',
  collectionPrice: 'Enter an amount in pounds from 0.00 to 1000.00, e.g. 60.00',
  damageClaimHours: `Enter a whole number of hours from 0 to ${DAMAGE_HOURS_MAX}`,
} as const;

const M = SHOP_RULES_MESSAGES;

/** A whole number from a JSON number or from the text of a form's box. */
const whole = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string) => DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const percent = z
  .union([z.string(), z.number()], { error: M.percent })
  .transform((v) => (typeof v === 'string' ? v.trim().replace(/%$/, '').trim() : v))
  .refine((v) => (typeof v === 'number' ? Number.isFinite(v) : /^\d{1,3}(\.\d{1,2})?$/.test(v)), {
    error: M.percent,
  })
  .transform(Number)
  .refine((v) => v >= 0 && v <= 100 && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
    error: M.percent,
  });

export const vatRateSchema = z.object({
  /** The London day (YYYY-MM-DD) from which invoices with a tax point on it use the rate. */
  effective_from: z
    .string({ error: M.effectiveFrom })
    .trim()
    .refine(isDay, { error: M.effectiveFrom }),
  percent,
});

/** The `vat` section: every rate, in force and scheduled, oldest first. */
export const vatSettingsSchema = z
  .object({
    rates: z
      .array(vatRateSchema, { error: M.ratesRequired })
      .min(1, { error: M.ratesRequired })
      .max(VAT_RATES_MAX, { error: M.ratesTooMany }),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.rates.forEach((rate, index) => {
      if (seen.has(rate.effective_from)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index, 'effective_from'],
          message: M.dayTaken,
        });
      }
      seen.add(rate.effective_from);
    });
  })
  .transform((value) => ({
    rates: [...value.rates].sort((a, b) => a.effective_from.localeCompare(b.effective_from)),
  }))
  .meta({
    id: 'VatSettings',
    description:
      'VAT rates (percent, up to 2 decimals) and the London day each takes effect; a rate in force stays as it is, a new one takes effect today or later',
  });
export type VatSettingsValue = z.output<typeof vatSettingsSchema>;
export type VatSettingsForm = z.input<typeof vatSettingsSchema>;

export const vatRatesOf = (value: VatSettingsValue): VatRate[] =>
  value.rates.map((r) => ({ effectiveFrom: r.effective_from, percent: r.percent }));

/**
 * Where a save of the rates breaks the rule that only the future may change: each rate in force
 * on `today` must stay as it is, and a rate added or changed takes effect today or later.
 * Answers field paths within the section's value, with their messages.
 *
 * vatScheduleIssues([{ effectiveFrom: '2011-01-04', percent: 20 }],
 *   [{ effectiveFrom: '2011-01-04', percent: 20 }, { effectiveFrom: '2020-01-01', percent: 5 }], '2026-11-26')
 *   → { 'rates.1.effective_from': M.notScheduled }
 */
export function vatScheduleIssues(
  stored: readonly VatRate[],
  next: readonly VatRate[],
  today: string,
): Record<string, string> {
  const issues: Record<string, string> = {};
  const key = (r: VatRate) => `${r.effectiveFrom}@${r.percent}`;
  const kept = new Set(next.map(key));
  const storedKeys = new Set(stored.map(key));
  if (stored.some((r) => r.effectiveFrom <= today && !kept.has(key(r)))) issues.rates = M.inForce;
  const storedDays = new Set(stored.map((r) => r.effectiveFrom));
  next.forEach((rate, index) => {
    // A rate in force given another percent is the change `rates` already names.
    if (
      rate.effectiveFrom < today &&
      !storedKeys.has(key(rate)) &&
      !storedDays.has(rate.effectiveFrom)
    ) {
      issues[`rates.${index}.effective_from`] = M.notScheduled;
    }
  });
  return issues;
}

/** The `samples` section: the sample_rules row. */
export const sampleSettingsSchema = z
  .object({
    max_free_per_order: whole(0, SAMPLES_MAX, M.maxFreePerOrder),
    max_free_per_product: whole(0, SAMPLES_MAX, M.maxFreePerProduct),
    post_max_kg: whole(1, SAMPLE_POST_KG_MAX, M.postMaxKg),
  })
  .superRefine((value, ctx) => {
    if (value.max_free_per_product > value.max_free_per_order) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_free_per_product'],
        message: M.perProductAboveOrder,
      });
    }
  })
  .meta({
    id: 'SampleSettings',
    description:
      'Free samples per order and per product, and the heaviest samples-only parcel sent by post (kg)',
  });
export type SampleSettingsValue = z.output<typeof sampleSettingsSchema>;
export type SampleSettingsForm = z.input<typeof sampleSettingsSchema>;

export const sampleSettingsOf = (rules: SampleRules): SampleSettingsValue => ({
  max_free_per_order: rules.maxFreePerOrder,
  max_free_per_product: rules.maxFreePerProduct,
  post_max_kg: rules.postMaxKg,
});

const collectionPrice = z
  .union([z.string(), z.number()], { error: M.collectionPrice })
  .refine(
    (v) => {
      const pence = tryToPence(v);
      return pence !== null && pence >= 0 && pence <= COLLECTION_PRICE_MAX_PENCE;
    },
    { error: M.collectionPrice },
  )
  .transform((v) => formatPoundsPlain(tryToPence(v)!));

/** The `returns` section: the return_rules row. */
export const returnSettingsSchema = z
  .object({
    window_days: whole(0, RETURN_DAYS_MAX, M.windowDays),
    restocking_fee_percent: whole(0, 100, M.restockingFee),
    collection_paid_by: z.enum(['customer', 'shop'], { error: M.collectionPaidBy }),
    /** Pounds, VAT included: what a pallet's collection costs the customer when they pay it. */
    collection_price: collectionPrice,
    damage_claim_hours: whole(0, DAMAGE_HOURS_MAX, M.damageClaimHours),
  })
  .meta({
    id: 'ReturnSettings',
    description:
      'Returns window (days from delivery), restocking fee (percent), who pays a pallet collection and its price (pounds, VAT included), damage claims (hours)',
  });
export type ReturnSettingsValue = z.output<typeof returnSettingsSchema>;
export type ReturnSettingsForm = z.input<typeof returnSettingsSchema>;

export const returnSettingsOf = (rules: ReturnRules): ReturnSettingsValue => ({
  window_days: rules.windowDays,
  restocking_fee_percent: rules.restockingFeePercent,
  collection_paid_by: rules.collectionPaidBy,
  collection_price: formatPoundsPlain(rules.collectionPricePence),
  damage_claim_hours: rules.damageClaimHours,
});

/** The VAT rates as the settings form holds them: percent as typed. */
export const vatFormValues = (value: VatSettingsValue): VatSettingsForm => ({
  rates: value.rates.map((r) => ({ effective_from: r.effective_from, percent: String(r.percent) })),
});

/** The sample rules as the settings form holds them: numbers as typed. */
export const sampleFormValues = (value: SampleSettingsValue): SampleSettingsForm => ({
  max_free_per_order: String(value.max_free_per_order),
  max_free_per_product: String(value.max_free_per_product),
  post_max_kg: String(value.post_max_kg),
});

/** The returns rules as the settings form holds them: numbers as typed. */
export const returnFormValues = (value: ReturnSettingsValue): ReturnSettingsForm => ({
  ...value,
  window_days: String(value.window_days),
  restocking_fee_percent: String(value.restocking_fee_percent),
  damage_claim_hours: String(value.damage_claim_hours),
});
