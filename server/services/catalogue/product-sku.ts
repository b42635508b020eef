import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { skuFromSlug } from '#domain/product-sku.ts';

/** SKUs tried from one slug before the product's id is used instead. */
const TRIES = 20;

/** Which of these SKUs a product (other than `exceptProductId`) or any size already holds. */
export async function takenSkus(
  db: Database,
  skus: string[],
  exceptProductId: number | null,
): Promise<Set<string>> {
  const list = sql.join(
    skus.map((sku) => sql`${sku}`),
    sql`, `,
  );
  const rows = await queryRows<{ sku: string }>(
    db,
    sql`SELECT sku FROM products WHERE sku IN (${list})
        AND (${exceptProductId}::int IS NULL OR id <> ${exceptProductId}::int)
      UNION SELECT sku FROM variations WHERE sku IN (${list})`,
  );
  return new Set(rows.map((row) => row.sku));
}

/** A SKU made from the slug that no other product and no size holds (skuFromSlug). */
export async function freeProductSku(
  db: Database,
  slug: string,
  productId: number | null,
): Promise<string> {
  const candidates = Array.from({ length: TRIES }, (_, i) => skuFromSlug(slug, i + 1));
  const taken = await takenSkus(db, candidates, productId);
  return (
    candidates.find((sku) => !taken.has(sku)) ??
    skuFromSlug(slug.slice(0, 40), Date.now() % 1_000_000)
  );
}
