import type { products } from '#db/schema/index.ts';
import type { ProductAttribute, ProductJson } from '#domain/api-types.ts';
import { DEFAULT_SELLING_UNIT, isSellingUnit } from '#domain/selling-unit.ts';
import { priceFields } from './present.ts';
import type { Taxonomy } from './terms-cache.ts';

/** A row of `productFields`. */
export type ProductRow = Pick<
  typeof products.$inferSelect,
  | 'id'
  | 'slug'
  | 'name'
  | 'type'
  | 'status'
  | 'unit'
  | 'featured'
  | 'onSale'
  | 'createdAt'
  | 'pricePence'
  | 'regularPricePence'
  | 'tradeOnly'
  | 'shortDescription'
  | 'description'
  | 'categoryIds'
  | 'termIds'
> & { images: { id: number; src: string; alt: string }[]; variationIds: number[] };

/** Product rows as the API shows them. */
export function presentProducts(
  rows: ProductRow[],
  taxonomy: Taxonomy,
  withDescription: boolean,
): ProductJson[] {
  const { termById } = taxonomy;
  return rows.map((row) => {
    const productTermRows = row.termIds
      .map((termId) => termById.get(termId))
      .filter((t) => t !== undefined);
    const productCategories = row.categoryIds
      .map((categoryId) => taxonomy.categoryById.get(categoryId))
      .filter((c) => c !== undefined)
      .sort((a, b) => a.position - b.position || a.id - b.id);
    const attributesJson: ProductAttribute[] = taxonomy.attributes
      .map((attribute) => {
        const own = productTermRows
          .filter((term) => term.attributeId === attribute.id)
          .sort((a, b) => a.position - b.position);
        return {
          id: attribute.id,
          name: attribute.name,
          slug: attribute.slug,
          options: own.map((term) => term.name),
          terms: own.map(({ id: termId, name, slug }) => ({ id: termId, name, slug })),
        };
      })
      .filter((attribute) => attribute.terms.length > 0);
    const product: ProductJson = {
      id: row.id,
      slug: row.slug,
      name: row.name,
      permalink: `/product/${row.slug}`,
      type: row.type,
      status: row.status,
      unit: isSellingUnit(row.unit) ? row.unit : DEFAULT_SELLING_UNIT,
      featured: row.featured,
      on_sale: row.onSale,
      date_created: row.createdAt.toISOString(),
      ...priceFields(row.pricePence, row.regularPricePence),
      short_description: row.shortDescription,
      ...(withDescription ? { description: row.description } : {}),
      images: row.images.map(({ id: imageId, src, alt }) => ({ id: imageId, src, alt })),
      categories: productCategories.map(({ id: catId, name, slug }) => ({
        id: catId,
        name,
        slug,
      })),
      attributes: attributesJson,
      variations: row.variationIds,
    };
    return product;
  });
}
