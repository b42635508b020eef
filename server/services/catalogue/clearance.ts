import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { ClearanceJson } from '#domain/api-types.ts';
import { attributeTerms, productImages, products, productTerms } from '#db/schema/index.ts';
import { priceHtml } from './present.ts';

const MATERIAL_ATTRIBUTE = 6;

/** The home page's Special Deals: products on sale, price_html holding the original price. */
export async function clearanceProducts(db: Database, limit: number): Promise<ClearanceJson[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      pricePence: products.pricePence,
    })
    .from(products)
    .where(and(eq(products.status, 'publish'), eq(products.onSale, true)))
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, materials] = await Promise.all([
    db
      .select({ productId: productImages.productId, src: productImages.src })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(desc(productImages.position)),
    db
      .select({ productId: productTerms.productId, name: attributeTerms.name })
      .from(productTerms)
      .innerJoin(attributeTerms, eq(attributeTerms.id, productTerms.termId))
      .where(
        and(
          inArray(productTerms.productId, ids),
          eq(attributeTerms.attributeId, MATERIAL_ATTRIBUTE),
        ),
      ),
  ]);
  // Ordered by position descending, so the last write per product is its first image.
  const imageOf = new Map(images.map((image) => [image.productId, image.src]));
  const materialOf = new Map(materials.map((m) => [m.productId, m.name]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    price_html: priceHtml(row.pricePence),
    imageURL: imageOf.get(row.id) ?? '',
    material: materialOf.get(row.id) ?? '',
  }));
}
