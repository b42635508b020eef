import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';

/**
 * What an order's first payment takes: for an order from a quote, the quote's deposit (or its
 * whole total when it asks for none); for any other order, its total. The balance of a deposit
 * is asked for later through a balance link (orders/balance-links.ts). This is the one place a
 * provider learns a quote's amount: starting a payment and checking one both ask here.
 */
export async function firstPaymentPence(
  db: Database,
  order: { id: number; totalPence: number },
): Promise<number> {
  const [row] = await queryRows<{ pay_now: number }>(
    db,
    sql`SELECT CASE WHEN deposit_percent = 0 THEN total_pence ELSE deposit_pence END AS pay_now
        FROM quotes WHERE order_id = ${order.id}`,
  );
  return row?.pay_now ?? order.totalPence;
}
