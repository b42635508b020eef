import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';

/** Why stock moved: each change is a row of stock_ledger with one of these. */
export type StockReason =
  | 'sale'
  | 'edit'
  | 'cancel'
  | 'expiry'
  | 'return'
  | 'adjustment'
  | 'bulk_edit'
  | 'bulk_undo'
  | 'import'
  | 'seed';

export interface StockContext {
  reason: StockReason;
  actor: string;
  orderId?: number | null;
  ref?: string | null;
}

/**
 * Names why and by whom the stock changes that follow in this transaction are made: the trigger
 * on variations (migration 0012) writes each change to the ledger with them. `tx` must be a
 * transaction: the settings end with it.
 */
export async function stockContext(tx: Database, context: StockContext): Promise<void> {
  await tx.execute(sql`SELECT set_stock_context(${context.reason}, ${context.actor},
    ${context.orderId ?? null}::int, ${context.ref ?? null})`);
}
