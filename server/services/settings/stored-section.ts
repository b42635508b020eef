import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Database } from '#db/client.ts';
import type { SettingsSection } from './section.ts';

/** A section that needs nothing of the instance: read and written with the database alone. */
export interface StoredSection<T> extends SettingsSection<T> {
  read(db: Database): Promise<T>;
  write(tx: Database, value: T): Promise<void>;
}

/**
 * A section kept whole as one shop_settings row (its key's), seeded by the migrations: read as
 * stored, written as validated.
 */
export function storedSection<T>(key: string, schema: z.ZodType<T>): StoredSection<T> {
  return {
    key,
    schema,
    async read(db) {
      const [row] = await queryRows<{ value: T }>(
        db,
        sql`SELECT value FROM shop_settings WHERE key = ${key}`,
      );
      if (!row) throw new Error(`shop_settings has no ${key} row: run the migrations`);
      return row.value;
    },
    async write(tx: Database, value: T) {
      await tx.execute(sql`INSERT INTO shop_settings (key, value)
        VALUES (${key}, ${JSON.stringify(value)}::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
    },
  };
}
