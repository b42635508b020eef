import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { refreshProductPrices } from './product-prices.ts';

/**
 * Whether a stored size's sale runs at `now`, in SQL: the same rule as `saleRunning`
 * (domain/sale-price.ts) over the stored columns, where the sale price is `price_pence` while the
 * sale runs and `scheduled_sale_price_pence` while it does not.
 */
const runsAt = (now: Date) => sql`(
  CASE WHEN regular_price_pence IS NOT NULL THEN price_pence ELSE scheduled_sale_price_pence END
    < coalesce(regular_price_pence, price_pence)
  AND (sale_from IS NULL OR sale_from <= ${now.toISOString()}::timestamptz)
  AND (sale_to IS NULL OR sale_to > ${now.toISOString()}::timestamptz))`;

/**
 * Starts the sales whose start has come and ends those whose end has, by moving the prices the
 * shop charges (docs/decisions/0009-scheduled-sales-store-the-price-charged.md), and refreshes the products' "From" prices.
 * Idempotent: a size already in the state `now` asks for is left alone, so every instance may
 * run it. Returns the products whose prices moved.
 */
export async function applySaleSchedules(db: Database, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    // A SET expression reads the row as it was, so the three columns swap in one statement.
    const moved = await queryRows<{ product_id: number }>(
      tx,
      sql`UPDATE variations SET
        price_pence = coalesce(regular_price_pence, scheduled_sale_price_pence),
        regular_price_pence = CASE WHEN regular_price_pence IS NULL THEN price_pence END,
        scheduled_sale_price_pence = CASE WHEN regular_price_pence IS NOT NULL THEN price_pence END
      WHERE coalesce(${runsAt(now)}, false) <> (regular_price_pence IS NOT NULL)
      RETURNING product_id`,
    );
    const productIds = [...new Set(moved.map((row) => row.product_id))];
    await refreshProductPrices(tx, productIds);
    return productIds;
  });
}

/** The next instant after `now` at which a stored sale starts or ends, or null. */
export async function nextSaleBoundary(db: Database, now: Date): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`SELECT min(t) AS at FROM (
        SELECT sale_from AS t FROM variations WHERE sale_from > ${now.toISOString()}::timestamptz
        UNION ALL
        SELECT sale_to FROM variations WHERE sale_to > ${now.toISOString()}::timestamptz
      ) boundaries`,
  );
  return row?.at ? new Date(row.at) : null;
}
