import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';

/**
 * Sets each product's "From" price from its variations: the lowest size price (samples only
 * when it has no sizes), with that size's regular price while it is on sale, so the card's
 * was/now is one size's true reduction.
 */
export async function refreshProductPrices(db: Database, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    UPDATE products p SET
      price_pence = s.price_pence,
      regular_price_pence = s.regular_price_pence,
      updated_at = now()
    FROM (
      SELECT DISTINCT ON (product_id) product_id, price_pence, regular_price_pence
      FROM variations WHERE product_id = ANY(${idArray(productIds)})
      ORDER BY product_id, option ~* 'sample', price_pence, regular_price_pence DESC NULLS LAST
    ) s
    WHERE p.id = s.product_id`);
}
