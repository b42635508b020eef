// The delivery estimate before checkout (issue 27: the total price is shown before the order, as
// the DMCCA 2024 asks from April 2025) and the table of delivery areas.
import { z } from '#domain/zod.ts';
import { deliverySchema, orderTotalsSchema, pounds } from './api-schemas.ts';
import { CART_QUANTITY_MAX } from './cart.ts';
import { MESSAGES } from './validation.ts';
import { normaliseUkPostcode } from './postcode.ts';

export const DELIVERY_ESTIMATE_MESSAGES = {
  unknownVariation: 'This size is not on sale',
} as const;

/** Lines an estimate may price at once: a generous basket. */
export const ESTIMATE_LINES_MAX = 50;

export const deliveryEstimateInput = z.object({
  postcode: z
    .string({ error: MESSAGES.ukPostcodeInvalid })
    .trim()
    .max(16, MESSAGES.ukPostcodeInvalid)
    .refine((value) => normaliseUkPostcode(value) !== null, MESSAGES.ukPostcodeInvalid),
  /** The goods to price; without them the caller's basket is priced. */
  lines: z
    .array(
      z.object({
        variation_id: z.number().int().positive(),
        quantity: z.number().int().min(1).max(CART_QUANTITY_MAX),
      }),
    )
    .min(1)
    .max(ESTIMATE_LINES_MAX)
    .optional(),
});
export type DeliveryEstimateInput = z.output<typeof deliveryEstimateInput>;

export const deliveryEstimateSchema = z
  .object({
    /** The postcode as the shop writes it: 'IV1 1AA'. */
    postcode: z.string(),
    deliverable: z.boolean(),
    /** Why it cannot be delivered, or what the zone adds (days, surcharge). */
    message: z.string().nullable(),
    zone: z.object({ code: z.string(), name: z.string() }).nullable(),
    method: z.enum(['post', 'parcel', 'pallet']).nullable(),
    /** Standard delivery, surcharge included; null when not deliverable. */
    price: pounds.nullable(),
    surcharge: z.object({ amount: pounds, text: z.string() }).nullable(),
    estimate: z
      .object({
        min_days: z.number().int(),
        max_days: z.number().int(),
        earliest: z.string(),
        latest: z.string(),
      })
      .nullable(),
    /** Everything checkout's quote says of delivery, for the same goods and postcode. */
    delivery: deliverySchema,
    totals: orderTotalsSchema,
  })
  .meta({ id: 'DeliveryEstimate' });
export type DeliveryEstimateJson = z.infer<typeof deliveryEstimateSchema>;

export const deliveryAreaSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    postcodes: z.string(),
    deliverable: z.boolean(),
    /** One parcel (up to the parcel weight), surcharge included. */
    parcel: pounds.nullable(),
    /** Each pallet, surcharge included. */
    pallet: pounds.nullable(),
    parcel_surcharge: pounds,
    pallet_surcharge: pounds,
    /** Goods worth this much deliver free; null where free delivery does not apply. */
    free_from: pounds.nullable(),
    min_days: z.number().int().nullable(),
    max_days: z.number().int().nullable(),
    message: z.string().nullable(),
  })
  .meta({ id: 'DeliveryArea' });
export type DeliveryAreaJson = z.infer<typeof deliveryAreaSchema>;
