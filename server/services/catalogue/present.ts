import { formatPoundsPlain } from '#domain/money.ts';
import type { VariationJson } from '#domain/api-types.ts';

/** WooCommerce-style price strings ('45.00') and price_html, shared by every product answer. */
export function priceString(pence: number): string {
  return formatPoundsPlain(pence);
}

export function priceHtml(pence: number): string {
  return `<span class="woocommerce-Price-amount amount">£${formatPoundsPlain(pence)}</span>`;
}

export function presentVariation(row: {
  id: number;
  productId: number;
  option: string;
  pricePence: number;
  inStock: boolean;
  stockQuantity: number | null;
  madeToOrder: boolean;
}): VariationJson {
  return {
    id: row.id,
    parent_id: row.productId,
    price: priceString(row.pricePence),
    regular_price: priceString(row.pricePence),
    instock: row.inStock,
    stock_status: row.inStock ? 'instock' : 'outofstock',
    stock_quantity: row.stockQuantity,
    attributes: [{ name: 'pa_sizemm', option: row.option }],
    made_to_order: row.madeToOrder,
  };
}
