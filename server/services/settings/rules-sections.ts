import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  returnSettingsOf,
  returnSettingsSchema,
  sampleSettingsOf,
  sampleSettingsSchema,
  vatRatesOf,
  vatScheduleIssues,
  vatSettingsSchema,
  type ReturnSettingsValue,
  type SampleSettingsValue,
  type VatSettingsValue,
} from '#domain/api-schemas-settings-rules.ts';
import { londonDay } from '#domain/dashboard.ts';
import { toPence } from '#domain/money.ts';
import { badRequest } from '../../http/errors.ts';
import { ReturnService } from '../returns/returns.ts';
import { readSampleRules } from '../samples/sample-rules.ts';
import { readVatRates } from '../orders/vat-rates.ts';
import type { SettingsSection } from './section.ts';

/**
 * VAT: the rates and the day each takes effect. Only the future may change (a rate in force
 * stays, a new one takes effect today or later), so no invoice already issued changes its rate.
 */
export const vatSection: SettingsSection<VatSettingsValue> = {
  key: 'vat',
  schema: vatSettingsSchema,
  read: async (db) => ({
    rates: (await readVatRates(db)).map((r) => ({
      effective_from: r.effectiveFrom,
      percent: r.percent,
    })),
  }),
  async write(tx: Database, value) {
    const next = vatRatesOf(value);
    const issues = vatScheduleIssues(await readVatRates(tx), next, londonDay(new Date()));
    const paths = Object.keys(issues);
    if (paths.length > 0) {
      const fields = Object.fromEntries(paths.map((p) => [`vat.value.${p}`, issues[p]!]));
      throw badRequest(issues[paths[0]!]!, fields);
    }
    await tx.execute(sql`DELETE FROM vat_rates`);
    for (const rate of next) {
      await tx.execute(sql`INSERT INTO vat_rates (effective_from, percent)
        VALUES (${rate.effectiveFrom}::date, ${rate.percent})`);
    }
  },
};

/** Free samples: how many per order and per product, and the heaviest samples-only parcel. */
export const samplesSection: SettingsSection<SampleSettingsValue> = {
  key: 'samples',
  schema: sampleSettingsSchema,
  read: async (db) => sampleSettingsOf(await readSampleRules(db)),
  async write(tx, value) {
    await tx.execute(sql`UPDATE sample_rules SET max_free_per_order = ${value.max_free_per_order},
        max_free_per_product = ${value.max_free_per_product}, post_max_kg = ${value.post_max_kg}
      WHERE id = 1`);
  },
};

/** Returns: the window, the restocking fee, who pays a pallet collection and its price. */
export const returnsSection: SettingsSection<ReturnSettingsValue> = {
  key: 'returns',
  schema: returnSettingsSchema,
  read: async (db) => returnSettingsOf(await new ReturnService(db).rules()),
  async write(tx, value) {
    await tx.execute(sql`UPDATE return_rules SET window_days = ${value.window_days},
        restocking_fee_percent = ${value.restocking_fee_percent},
        collection_paid_by = ${value.collection_paid_by},
        collection_price_pence = ${toPence(value.collection_price)},
        damage_claim_hours = ${value.damage_claim_hours}
      WHERE id = 1`);
  },
};
