import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { idArray } from './sql-arrays.ts';

/**
 * Copies each product's categories and terms from the join tables into its category_ids and
 * term_ids arrays. Run after any change to product_categories or product_terms.
 */
export async function refreshListingArrays(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE products p SET
      category_ids = ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1),
      term_ids = ARRAY(SELECT term_id FROM product_terms WHERE product_id = p.id ORDER BY 1)`);
}

/** refreshListingArrays for some products only: after a staff edit of their categories or terms. */
export async function refreshListingArraysOf(db: Database, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const ids = idArray(productIds);
  await db.execute(sql`
    UPDATE products p SET
      category_ids = ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1),
      term_ids = ARRAY(SELECT term_id FROM product_terms WHERE product_id = p.id ORDER BY 1)
    WHERE p.id = ANY(${ids})`);
}
