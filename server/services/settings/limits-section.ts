import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  limitsInForce,
  limitsSettingsOf,
  limitsSettingsSchema,
  limitsToStore,
  type LimitsSettingsValue,
  type ShopLimits,
} from '#domain/api-schemas-settings-limits.ts';
import { DEFAULT_RATE_LIMITS, type HoldingLimits } from '#domain/rate-limits.ts';
import { badRequest } from '../../http/errors.ts';
import type { SettingsSection } from './section.ts';

/**
 * The limits in force: the owner's (the shop_settings 'limits' row, absent until a save), none
 * above the environment's ceiling. Read per request, so a save reaches every instance at once.
 */
export async function readShopLimits(db: Database, ceilings: ShopLimits): Promise<ShopLimits> {
  const [row] = await queryRows<{ value: Record<string, number> }>(
    db,
    sql`SELECT value FROM shop_settings WHERE key = 'limits'`,
  );
  return limitsInForce(ceilings, row?.value ?? {});
}

/** The holding caps in force under the environment's `ceiling`. */
export async function readHoldingLimits(
  db: Database,
  ceiling: HoldingLimits,
): Promise<HoldingLimits> {
  return (await readShopLimits(db, { holding: ceiling, rates: DEFAULT_RATE_LIMITS })).holding;
}

/**
 * Abuse limits: the holding caps of unpaid orders and the shopper rate limits. The owner may
 * lower each below the environment's HOLD_LIMIT_* or RATE_LIMIT_* value, never raise it above.
 */
export const limitsSection: SettingsSection<LimitsSettingsValue> = {
  key: 'limits',
  schema: limitsSettingsSchema,
  read: async (db, { ceilings }) => limitsSettingsOf(await readShopLimits(db, ceilings)),
  async write(tx, value, { ceilings }) {
    const { stored, issues } = limitsToStore(value, ceilings);
    const paths = Object.keys(issues);
    if (paths.length > 0) {
      const fields = Object.fromEntries(paths.map((p) => [`limits.value.${p}`, issues[p]!]));
      throw badRequest(issues[paths[0]!]!, fields);
    }
    await tx.execute(sql`INSERT INTO shop_settings (key, value)
      VALUES ('limits', ${JSON.stringify(stored)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
  },
};
