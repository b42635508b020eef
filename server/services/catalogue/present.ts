import { formatPoundsPlain } from '#domain/money.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { wasNowText } from '#domain/sale-price.ts';

/** WooCommerce-style price strings ('45.00') and price_html, shared by every product answer. */
export function priceString(pence: number): string {
  return formatPoundsPlain(pence);
}

const amountHtml = (pence: number) =>
  `<span class="woocommerce-Price-amount amount">£${formatPoundsPlain(pence)}</span>`;

/**
 * A price as WooCommerce writes it: the amount, or during a sale the regular price struck
 * through and the sale price after it, with the words a screen reader says.
 */
export function priceHtml(pence: number, wasPence: number | null = null): string {
  if (wasPence === null || wasPence <= pence) return amountHtml(pence);
  return (
    `<del aria-hidden="true">${amountHtml(wasPence)}</del> ` +
    `<span class="screen-reader-text">${wasNowText(wasPence, pence)}</span> ` +
    `<ins aria-hidden="true">${amountHtml(pence)}</ins>`
  );
}

/**
 * The price fields of a product or size answer, from what is stored: the price charged now,
 * and the regular price only while a sale runs (domain/sale-price.ts, effectivePrice).
 */
export function priceFields(pricePence: number, regularPricePence: number | null) {
  const onSale = regularPricePence !== null && regularPricePence > pricePence;
  return {
    price: priceString(pricePence),
    regular_price: priceString(onSale ? regularPricePence : pricePence),
    sale_price: onSale ? priceString(pricePence) : '',
    price_html: priceHtml(pricePence, onSale ? regularPricePence : null),
  };
}

export function presentVariation(row: {
  id: number;
  productId: number;
  option: string;
  pricePence: number;
  regularPricePence: number | null;
  inStock: boolean;
  stockQuantity: number | null;
  madeToOrder: boolean;
}): VariationJson {
  return {
    id: row.id,
    parent_id: row.productId,
    ...priceFields(row.pricePence, row.regularPricePence),
    on_sale: row.regularPricePence !== null && row.regularPricePence > row.pricePence,
    instock: row.inStock,
    stock_status: row.inStock ? 'instock' : 'outofstock',
    stock_quantity: row.stockQuantity,
    attributes: [{ name: 'pa_sizemm', option: row.option }],
    made_to_order: row.madeToOrder,
  };
}
