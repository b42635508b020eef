import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  deliveryRulesOf,
  deliverySettingsSchema,
  type DeliverySettingsValue,
} from '#domain/api-schemas-settings-delivery.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { recordset } from '../catalogue/import-sql.ts';
import type { SettingsSection } from './section.ts';

interface SettingsRow {
  parcel_max_kg: number;
  parcel_pence: number;
  pallet_max_kg: number;
  pallet_pence: number;
  free_threshold_pence: number;
  full_size_sample_postage_pence: number;
  timed_slot_pence: number;
  standard_min_days: number;
  standard_max_days: number;
  post_min_days: number;
  post_max_days: number;
  collection_offered: boolean;
  collection_address: string | null;
  collection_lead_days: number;
}

interface ZoneRow {
  code: string;
  name: string;
  prefixes: string[];
  deliverable: boolean;
  parcel_surcharge_pence: number;
  pallet_surcharge_pence: number;
  extra_days: number;
  message: string | null;
}

const pounds = formatPoundsPlain;

/** The delivery_settings row and the delivery_zones rows, as the owner edits them. */
export async function readDeliverySettings(db: Database): Promise<DeliverySettingsValue> {
  const [[row], zones] = await Promise.all([
    queryRows<SettingsRow>(db, sql`SELECT * FROM delivery_settings WHERE id = 1`),
    queryRows<ZoneRow>(db, sql`SELECT * FROM delivery_zones ORDER BY position, code`),
  ]);
  if (!row) throw new Error('delivery_settings has no row: run the migrations');
  return {
    parcel_max_kg: row.parcel_max_kg,
    parcel_price: pounds(row.parcel_pence),
    pallet_max_kg: row.pallet_max_kg,
    pallet_price: pounds(row.pallet_pence),
    free_threshold: pounds(row.free_threshold_pence),
    full_size_sample_postage: pounds(row.full_size_sample_postage_pence),
    timed_slot_price: pounds(row.timed_slot_pence),
    standard_min_days: row.standard_min_days,
    standard_max_days: row.standard_max_days,
    post_min_days: row.post_min_days,
    post_max_days: row.post_max_days,
    collection_offered: row.collection_offered,
    collection_address: row.collection_address,
    collection_lead_days: row.collection_lead_days,
    zones: zones.map((zone) => ({
      code: zone.code,
      name: zone.name,
      prefixes: zone.prefixes,
      deliverable: zone.deliverable,
      parcel_surcharge: pounds(zone.parcel_surcharge_pence),
      pallet_surcharge: pounds(zone.pallet_surcharge_pence),
      extra_days: zone.extra_days,
      message: zone.message,
    })),
  };
}

/**
 * Stores validated delivery settings: the one settings row updated, and the zones replaced as a
 * whole list (their position is their place in it, from 1 as the seed numbers them).
 */
export async function writeDeliverySettings(
  tx: Database,
  value: DeliverySettingsValue,
): Promise<void> {
  const { settings, zones } = deliveryRulesOf(value);
  await tx.execute(sql`UPDATE delivery_settings SET
      parcel_max_kg = ${settings.parcelMaxKg}, parcel_pence = ${settings.parcelPence},
      pallet_max_kg = ${settings.palletMaxKg}, pallet_pence = ${settings.palletPence},
      free_threshold_pence = ${settings.freeThresholdPence},
      full_size_sample_postage_pence = ${settings.fullSizeSamplePostagePence},
      timed_slot_pence = ${settings.timedSlotPence},
      standard_min_days = ${settings.standardMinDays},
      standard_max_days = ${settings.standardMaxDays},
      post_min_days = ${settings.postMinDays}, post_max_days = ${settings.postMaxDays},
      collection_offered = ${value.collection_offered},
      collection_address = ${value.collection_address},
      collection_lead_days = ${value.collection_lead_days}
    WHERE id = 1`);
  await tx.execute(sql`DELETE FROM delivery_zones`);
  if (zones.length === 0) return;
  const rows = zones.map((zone, index) => ({
    code: zone.code,
    name: zone.name,
    prefixes: zone.prefixes,
    deliverable: zone.deliverable,
    parcel_surcharge_pence: zone.parcelSurchargePence,
    pallet_surcharge_pence: zone.palletSurchargePence,
    extra_days: zone.extraDays,
    message: zone.message,
    position: index + 1,
  }));
  await tx.execute(sql`INSERT INTO delivery_zones (code, name, prefixes, deliverable,
      parcel_surcharge_pence, pallet_surcharge_pence, extra_days, message, position)
    SELECT code, name, ARRAY(SELECT e.p FROM jsonb_array_elements_text(prefixes)
        WITH ORDINALITY AS e(p, n) ORDER BY e.n), deliverable,
      parcel_surcharge_pence, pallet_surcharge_pence, extra_days, message, position
    FROM ${recordset(
      rows,
      `code text, name text, prefixes jsonb, deliverable boolean,
      parcel_surcharge_pence int, pallet_surcharge_pence int, extra_days int, message text,
      position int`,
    )}`);
}

/**
 * Delivery, one section of the owner's settings: parcel and pallet limits and prices, free
 * delivery, sample postage, timed slots, lead times, collection, and the postcode zones.
 */
export const deliverySection: SettingsSection<DeliverySettingsValue> = {
  key: 'delivery',
  schema: deliverySettingsSchema,
  read: readDeliverySettings,
  write: writeDeliverySettings,
};
