import type { z } from 'zod';
import type { Database } from '#db/client.ts';
import type { ShopLimits } from '#domain/api-schemas-settings-limits.ts';

/** What a section may need from the instance's configuration. */
export interface SettingsContext {
  /** The environment's HOLD_LIMIT_* and RATE_LIMIT_* values: the limits' ceilings. */
  ceilings: ShopLimits;
}

/**
 * One part of the owner's settings (identity, bank, VAT, delivery, samples, returns, limits):
 * `GET /api/admin/settings` answers every registered section under its key, and
 * `PUT /api/admin/settings` saves the sections it is sent, each in the save's transaction with
 * its own version check and audit row, so two people editing different sections never clash.
 * A new setting is one section module and one line in `registry.ts`.
 */
export interface SettingsSection<T> {
  /** The section's key in the settings answer and the PUT body. */
  readonly key: string;
  /** Validates a PUT of the section, with the field messages the forms show (domain/). */
  readonly schema: z.ZodType<T>;
  /** The section as stored now (the seeded defaults until the owner saves). */
  read(db: Database, context: SettingsContext): Promise<T>;
  /**
   * Stores the validated section inside the save's transaction; a rule that needs the stored
   * state or the context (a rate in force, a ceiling) throws a 400 naming the field.
   */
  write(tx: Database, value: T, context: SettingsContext): Promise<void>;
}
