// The owner's delivery settings (issue 28): the delivery_settings row and the delivery_zones rows
// as one section of the settings, with the field messages the settings screen shows, and the
// preview that prices a sample basket with settings not saved yet.
import { z } from '#domain/zod.ts';
import { orderLineSchema } from './api-schemas.ts';
import { deliveryEstimateSchema } from './api-schemas-delivery.ts';
import { CART_QUANTITY_MAX } from './cart.ts';
import { MAINLAND, type DeliverySettings, type DeliveryZone } from './delivery.ts';
import { formatPoundsPlain, tryToPence } from './money.ts';
import { isKnownPostcodeArea } from './postcode-areas.ts';
import { normaliseUkPostcode } from './postcode.ts';
import { MESSAGES } from './validation.ts';

/** The dearest delivery price the settings take: £10,000.00 (pence). */
export const DELIVERY_MONEY_MAX_PENCE = 1_000_000;
export const DELIVERY_KG_MAX = 10_000;
export const DELIVERY_DAYS_MAX = 60;
export const DELIVERY_ZONES_MAX = 60;
export const ZONE_PREFIXES_MAX = 500;
export const ZONE_NAME_MAX = 80;
export const ZONE_MESSAGE_MAX = 500;
export const COLLECTION_ADDRESS_MAX = 300;

export const DELIVERY_SETTINGS_MESSAGES = {
  money: 'Enter an amount in pounds from 0.00 to 10000.00, e.g. 9.95',
  kg: `Enter a whole number of kilograms from 1 to ${DELIVERY_KG_MAX}`,
  palletNotHeavier:
    'A pallet must carry more than a parcel: enter more kilograms than the parcel limit',
  days: `Enter a whole number of working days from 0 to ${DELIVERY_DAYS_MAX}`,
  daysOrder: 'The latest day cannot come before the earliest',
  collectionAddress: 'Enter the address customers collect from, or stop offering collection',
  collectionAddressTooLong: `The collection address has at most ${COLLECTION_ADDRESS_MAX} characters`,
  zoneCode: 'A zone code is 1 to 40 lower-case letters, digits or hyphens, e.g. highlands',
  zoneCodeMainland: `"${MAINLAND.code}" names every postcode outside the zones: choose another code`,
  zoneCodeTaken: 'Another zone has this code',
  zoneName: `Enter the zone's name (at most ${ZONE_NAME_MAX} characters)`,
  zoneMessageTooLong: `The message has at most ${ZONE_MESSAGE_MAX} characters`,
  prefixesRequired: 'Enter at least one postcode area (e.g. IV) or district (e.g. KW15)',
  prefixesTooMany: `A zone has at most ${ZONE_PREFIXES_MAX} postcode areas and districts`,
  prefixInvalid: (prefix: string) =>
    `${prefix} is not a UK postcode area (e.g. IV) or district (e.g. KW15)`,
  prefixTaken: (prefix: string, zone: string) =>
    `${prefix} is already in ${zone}: a postcode area or district belongs to one zone only`,
  zonesTooMany: `At most ${DELIVERY_ZONES_MAX} zones`,
  deliverable: 'Choose whether the shop delivers to this zone',
  collectionOffered: 'Choose whether customers may collect from the yard',
} as const;

const M = DELIVERY_SETTINGS_MESSAGES;

const OUTWARD = /^([A-Z]{1,2})\d[A-Z\d]?$/;

/**
 * A postcode area or district as zones store it, or null when it is neither: letters of a known
 * area ('IV'), or a district's outward code of a known area ('KW15', 'EC1A').
 *
 * zonePrefix(' kw15 ') → 'KW15'; zonePrefix('iv') → 'IV'
 * zonePrefix('YY1') → null; zonePrefix('KW15 1AB') → null (a full postcode)
 */
export function zonePrefix(text: string): string | null {
  const prefix = text.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{1,2}$/.test(prefix)) return isKnownPostcodeArea(prefix) ? prefix : null;
  const outward = OUTWARD.exec(prefix);
  return outward && isKnownPostcodeArea(outward[1]!) ? prefix : null;
}

/**
 * The prefixes typed in the settings screen's box: separated by commas, spaces or new lines, with
 * runs of districts written as the Delivery Information page writes them ('PH17–PH26' or
 * 'PH17-PH26'). What cannot be read is kept as typed, for the schema to name.
 *
 * expandPrefixes('IV, KW\nAB36–AB38') → ['IV', 'KW', 'AB36', 'AB37', 'AB38']
 * expandPrefixes('pa20 - pa21, XX9') → ['PA20', 'PA21', 'XX9']
 */
export function expandPrefixes(text: string): string[] {
  const spaced = text.toUpperCase().replace(/\s*[–—-]\s*/g, '–');
  const out: string[] = [];
  for (const part of spaced.split(/[\s,;]+/)) {
    if (part === '') continue;
    const range = /^([A-Z]{1,2})(\d{1,2})–\1(\d{1,2})$/.exec(part);
    const from = Number(range?.[2]);
    const to = Number(range?.[3]);
    if (range && to >= from && to - from < 100) {
      for (let n = from; n <= to; n++) out.push(`${range[1]}${n}`);
    } else {
      out.push(part);
    }
  }
  return out;
}

const money = z
  .union([z.string(), z.number()], { error: M.money })
  .refine(
    (v) => {
      const pence = tryToPence(v);
      return pence !== null && pence >= 0 && pence <= DELIVERY_MONEY_MAX_PENCE;
    },
    { error: M.money },
  )
  .transform((v) => formatPoundsPlain(tryToPence(v)!));

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

const kg = whole(1, DELIVERY_KG_MAX, M.kg);
const days = whole(0, DELIVERY_DAYS_MAX, M.days);

/** Optional text: '' and null are none. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .transform((v) => (v === '' || v === null ? null : v));

const prefixList = z
  .array(z.string({ error: M.prefixesRequired }), { error: M.prefixesRequired })
  .min(1, { error: M.prefixesRequired })
  .max(ZONE_PREFIXES_MAX, { error: M.prefixesTooMany })
  .superRefine((prefixes, ctx) => {
    const bad = prefixes.find((p) => zonePrefix(p) === null);
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: M.prefixInvalid(bad.trim()) });
  })
  .transform((prefixes) => [
    ...new Set(prefixes.map(zonePrefix).filter((p): p is string => p !== null)),
  ]);

function zoneSchema<P extends z.ZodType<string[]>>(prefixes: P) {
  return z.object({
    code: z
      .string({ error: M.zoneCode })
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: M.zoneCode })
      .refine((code) => code !== MAINLAND.code, { error: M.zoneCodeMainland }),
    name: z
      .string({ error: M.zoneName })
      .trim()
      .min(1, { error: M.zoneName })
      .max(ZONE_NAME_MAX, { error: M.zoneName }),
    prefixes,
    /** False: a refused area; checkout refuses it with `message`. */
    deliverable: z.boolean({ error: M.deliverable }),
    parcel_surcharge: money,
    pallet_surcharge: money,
    extra_days: days,
    message: optionalText(ZONE_MESSAGE_MAX, M.zoneMessageTooLong),
  });
}

/**
 * The section's schema, with the zones' prefixes read by `prefixes`: a list (the API) or the
 * text of the screen's box (the form).
 */
function settingsSchema<P extends z.ZodType<string[]>>(prefixes: P) {
  return z
    .object({
      parcel_max_kg: kg,
      parcel_price: money,
      pallet_max_kg: kg,
      pallet_price: money,
      free_threshold: money,
      full_size_sample_postage: money,
      timed_slot_price: money,
      standard_min_days: days,
      standard_max_days: days,
      post_min_days: days,
      post_max_days: days,
      collection_offered: z.boolean({ error: M.collectionOffered }),
      collection_address: optionalText(COLLECTION_ADDRESS_MAX, M.collectionAddressTooLong),
      collection_lead_days: days,
      /** In the order the screen and the Delivery Information page list them. */
      zones: z.array(zoneSchema(prefixes)).max(DELIVERY_ZONES_MAX, { error: M.zonesTooMany }),
    })
    .superRefine((value, ctx) => {
      const issue = (path: (string | number)[], message: string) =>
        ctx.addIssue({ code: 'custom', path, message });
      if (value.pallet_max_kg <= value.parcel_max_kg) issue(['pallet_max_kg'], M.palletNotHeavier);
      if (value.standard_max_days < value.standard_min_days) {
        issue(['standard_max_days'], M.daysOrder);
      }
      if (value.post_max_days < value.post_min_days) issue(['post_max_days'], M.daysOrder);
      if (value.collection_offered && value.collection_address === null) {
        issue(['collection_address'], M.collectionAddress);
      }
      const codes = new Set<string>();
      const owners = new Map<string, string>();
      // The zones' prefixes are a list by now, whichever way they were given.
      const zones = value.zones as { code: string; name: string; prefixes: string[] }[];
      zones.forEach((zone, index) => {
        if (codes.has(zone.code)) issue(['zones', index, 'code'], M.zoneCodeTaken);
        codes.add(zone.code);
        const taken = zone.prefixes.find((p) => owners.has(p));
        if (taken !== undefined) {
          issue(['zones', index, 'prefixes'], M.prefixTaken(taken, owners.get(taken)!));
        }
        for (const prefix of zone.prefixes) if (!owners.has(prefix)) owners.set(prefix, zone.name);
      });
    });
}

/** PUT /api/admin/settings/delivery's `value`, and the delivery section of the settings. */
export const deliverySettingsSchema = settingsSchema(prefixList).meta({
  id: 'DeliverySettings',
  description:
    'Delivery prices (pounds, VAT included), weight limits (kg), lead times (working days), collection, and the postcode zones in order',
});
export type DeliverySettingsValue = z.output<typeof deliverySettingsSchema>;
export type DeliveryZoneValue = DeliverySettingsValue['zones'][number];

/** The same, as the settings screen's form holds it: each zone's postcodes as typed text. */
export const deliverySettingsFormSchema = settingsSchema(
  z.string({ error: M.prefixesRequired }).transform(expandPrefixes).pipe(prefixList),
);
export type DeliverySettingsForm = z.input<typeof deliverySettingsFormSchema>;

export const deliverySettingsSaveSchema = z.object({
  /** The version the screen loaded; absent skips the check. */
  version: z.number().int().positive().optional(),
  value: deliverySettingsSchema,
});

export const deliverySettingsAnswerSchema = z.object({
  version: z.number().int(),
  value: deliverySettingsSchema,
});

/** Lines a preview may price: the same bound as the delivery estimate. */
export const PREVIEW_LINES_MAX = 50;

export const deliveryPreviewInput = z.object({
  value: deliverySettingsSchema,
  postcode: z
    .string({ error: MESSAGES.ukPostcodeInvalid })
    .trim()
    .max(16, MESSAGES.ukPostcodeInvalid)
    .refine((v) => normaliseUkPostcode(v) !== null, MESSAGES.ukPostcodeInvalid),
  /** The sample basket; without it, the shop's default sample basket. */
  lines: z
    .array(
      z.object({
        variation_id: z.number().int().positive(),
        quantity: z.number().int().min(1).max(CART_QUANTITY_MAX),
      }),
    )
    .min(1)
    .max(PREVIEW_LINES_MAX)
    .optional(),
  /** The customer whose prices the basket is at (a trade buyer's price list); without: retail. */
  customer_id: z.number({ error: 'A customer id is a number' }).int().positive().optional(),
});
export type DeliveryPreviewInput = z.output<typeof deliveryPreviewInput>;

export const deliveryPreviewSchema = deliveryEstimateSchema
  .extend({
    /** The basket priced, as checkout's quote lists it. */
    lines: z.array(orderLineSchema),
  })
  .meta({ id: 'DeliveryPreview' });
export type DeliveryPreviewJson = z.infer<typeof deliveryPreviewSchema>;

const pence = (pounds: string) => tryToPence(pounds)!;

/** The settings as the delivery rules (domain/delivery.ts) read them: pence, zones in order. */
export function deliveryRulesOf(value: DeliverySettingsValue): {
  settings: DeliverySettings;
  zones: DeliveryZone[];
} {
  return {
    settings: {
      parcelMaxKg: value.parcel_max_kg,
      parcelPence: pence(value.parcel_price),
      palletMaxKg: value.pallet_max_kg,
      palletPence: pence(value.pallet_price),
      freeThresholdPence: pence(value.free_threshold),
      fullSizeSamplePostagePence: pence(value.full_size_sample_postage),
      timedSlotPence: pence(value.timed_slot_price),
      standardMinDays: value.standard_min_days,
      standardMaxDays: value.standard_max_days,
      postMinDays: value.post_min_days,
      postMaxDays: value.post_max_days,
      collection: value.collection_offered
        ? { address: value.collection_address, leadDays: value.collection_lead_days }
        : null,
    },
    zones: value.zones.map((zone) => ({
      code: zone.code,
      name: zone.name,
      prefixes: zone.prefixes,
      deliverable: zone.deliverable,
      parcelSurchargePence: pence(zone.parcel_surcharge),
      palletSurchargePence: pence(zone.pallet_surcharge),
      extraDays: zone.extra_days,
      message: zone.message,
    })),
  };
}

export const PREVIEW_MESSAGES = {
  pieces: `Enter the pieces, from 1 to ${CART_QUANTITY_MAX}`,
} as const;

/** The settings screen's preview form: a postcode and the pieces of each sample basket line. */
export const deliveryPreviewFormSchema = z.object({
  postcode: deliveryPreviewInput.shape.postcode,
  pieces: z.array(whole(1, CART_QUANTITY_MAX, PREVIEW_MESSAGES.pieces)),
});
export type DeliveryPreviewForm = z.input<typeof deliveryPreviewFormSchema>;
