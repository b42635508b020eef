// Catalogue answers are built and cached once, at retail prices, for everyone; a buyer with a
// price list gets them re-priced on the way out by priceFor, so no cached answer ever holds
// one buyer's prices (decision 0012).
import { toPence } from '#domain/money.ts';
import { fromPriceFor, priceFor, type Buyer } from '#domain/price-for.ts';
import type { ProductJson, VariationJson } from '#domain/api-types.ts';
import type { CardSize } from './listing-index.ts';
import { priceFields } from './present.ts';

/** The price fields every product and size answer carries. */
type Priced = Pick<ProductJson, 'price' | 'regular_price' | 'sale_price' | 'price_html'>;

/** A size's prices priced for `buyer`. */
function repriced<T extends Priced>(
  buyer: Buyer,
  item: T,
  sizeId: number,
  categoryIds: readonly number[],
  now: Date,
): T {
  const pricePence = toPence(item.price);
  const regularPricePence = item.sale_price === '' ? null : toPence(item.regular_price);
  const price = priceFor(buyer, { id: sizeId, categoryIds, pricePence, regularPricePence }, 1, now);
  if (!price.fromPriceList) return item;
  return { ...item, ...priceFields(price.pricePence, price.wasPence) };
}

/**
 * A product as `buyer` sees it. Its card price is the lowest the buyer pays for any of `sizes`
 * (those the retail from-price is the lowest of), so a size's set price or a percentage on
 * another size shows on the card exactly as it is charged.
 */
export function productForBuyer(
  buyer: Buyer,
  product: ProductJson,
  sizes: readonly CardSize[],
  now: Date,
): ProductJson {
  if (buyer.rules.length === 0) return product;
  const categoryIds = product.categories.map((category) => category.id);
  const lowest = fromPriceFor(
    buyer,
    sizes.map((size) => ({ ...size, categoryIds })),
    now,
  );
  if (lowest === null || !lowest.fromPriceList) return product;
  return { ...product, ...priceFields(lowest.pricePence, lowest.wasPence) };
}

/** A product's sizes as `buyer` sees them. */
export function variationsForBuyer(
  buyer: Buyer,
  categoryIds: readonly number[],
  sizes: VariationJson[],
  now: Date,
): VariationJson[] {
  if (buyer.rules.length === 0) return sizes;
  return sizes.map((size) => {
    const priced = repriced(buyer, size, size.id, categoryIds, now);
    return priced === size ? size : { ...priced, on_sale: priced.sale_price !== '' };
  });
}
