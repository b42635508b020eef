import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { recordEvent, releaseStock } from './order-rows.ts';

/**
 * Expires orders whose payment window has passed and gives their stock back. Safe on every
 * instance at once: each takes the rows it can lock and skips the others'. The lock is NO KEY
 * UPDATE so that a row inserted elsewhere referencing the order (its key-share lock) does not
 * make the sweep skip it.
 */
export async function expireOverdue(
  db: Database,
  paymentDays: number,
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; number: string }>(
      tx,
      sql`SELECT id, number FROM orders
          WHERE status = 'pending_payment' AND expires_at <= ${now.toISOString()}::timestamptz
          ORDER BY expires_at LIMIT 200 FOR NO KEY UPDATE SKIP LOCKED`,
    );
    for (const order of due) {
      await releaseStock(tx, order, { reason: 'expiry', actor: 'system' });
      await tx.execute(sql`UPDATE orders SET status = 'expired', expires_at = NULL,
          updated_at = now() WHERE id = ${order.id}`);
      await recordEvent(tx, order.id, {
        kind: 'status',
        from: 'pending_payment',
        to: 'expired',
        actor: 'system',
        note: `Not paid within ${paymentDays} days: stock released`,
      });
    }
    return due.map((order) => order.number);
  });
}
