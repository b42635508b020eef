import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';

/**
 * Sets each product's "From" price from its variations: the lowest size price (samples only
 * when it has no sizes), and the regular price while a size is on sale or the product is on
 * clearance.
 */
export async function refreshProductPrices(db: Database, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await db.execute(sql`
    UPDATE products p SET
      price_pence = coalesce(s.size_price, s.any_price, p.price_pence),
      regular_price_pence = CASE
        WHEN coalesce(s.size_regular, s.any_regular) > coalesce(s.size_price, s.any_price)
          THEN coalesce(s.size_regular, s.any_regular)
        WHEN p.on_sale THEN coalesce(s.size_price, s.any_price, p.price_pence)
        ELSE NULL END,
      updated_at = now()
    FROM (
      SELECT product_id,
        min(price_pence) FILTER (WHERE option !~* 'sample') AS size_price,
        min(coalesce(regular_price_pence, price_pence)) FILTER (WHERE option !~* 'sample') AS size_regular,
        min(price_pence) AS any_price,
        min(coalesce(regular_price_pence, price_pence)) AS any_regular
      FROM variations WHERE product_id = ANY(${idArray(productIds)}) GROUP BY product_id
    ) s
    WHERE p.id = s.product_id`);
}
