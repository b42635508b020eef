import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Settings sections stored as a whole (shop identity, bank details): one row a section, its
 * value as the section's schema validated it (domain/api-schemas-settings-*.ts). The migration
 * seeds the shop's details as they were before the owner could edit them, so nothing changes
 * until a save.
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' })
    .notNull()
    .default(sql`now()`),
});
