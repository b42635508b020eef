import type { ProductCardJson, ProductJson } from './api-types.ts';

/**
 * A product cut down to what its card and Quick View show: a page's hydration data carries
 * its listed products this way (about 350 bytes each instead of 1.5 KB).
 */
export const productCard = ({
  id,
  slug,
  name,
  price,
  regular_price,
  sale_price,
  images,
  unit,
}: ProductJson): ProductCardJson => ({
  id,
  slug,
  name,
  price,
  regular_price,
  sale_price,
  images,
  unit,
});
