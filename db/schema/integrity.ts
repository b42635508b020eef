import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The version of what is saved whole rather than row by row (the mega-menu, the home page):
 * one counter per resource, checked and bumped like a row's `version` column.
 */
export const resourceVersions = pgTable('resource_versions', {
  resource: text('resource').primaryKey(),
  version: integer('version').notNull().default(1),
});

/**
 * Every change of a variation's stock, written by a trigger on `variations` in the statement's
 * own transaction (migration 0012), so no path can move stock without a row here. The reason,
 * actor, order and reference come from the transaction's settings `tessera.stock_reason`,
 * `tessera.stock_actor`, `tessera.stock_order` and `tessera.stock_ref` (server/services/stock.ts).
 * A variation's stock is the `stock_after` of its last row, and the sum of its deltas.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** No foreign key: the history of a deleted size stays. */
    variationId: integer('variation_id').notNull(),
    /** Pieces added (positive) or taken (negative); a size not counted counts as 0. */
    delta: integer('delta').notNull(),
    /** The stock after the change; null while the size is not counted. */
    stockAfter: integer('stock_after'),
    /** sale, cancel, expiry, refund, adjustment, bulk_edit, bulk_undo, import, create, delete, seed */
    reason: text('reason').notNull(),
    actor: text('actor').notNull(),
    orderId: integer('order_id'),
    ref: text('ref'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_ledger_variation').on(t.variationId, t.id),
    index('stock_ledger_order')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
  ],
);
