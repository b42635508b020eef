import type { ProductCardJson, ProductJson } from './api-types.ts';

const CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'price',
  'regular_price',
  'sale_price',
  'images',
  'unit',
] as const satisfies readonly (keyof ProductCardJson)[];

/**
 * A product cut down to what its card and Quick View show: a page's hydration data carries
 * its listed products this way (about 400 bytes each instead of 1.5 KB).
 */
export const productCard = (product: ProductJson): ProductCardJson =>
  Object.fromEntries(CARD_FIELDS.map((key) => [key, product[key]])) as ProductCardJson;
