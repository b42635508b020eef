// Basket lines as shoppers and API clients see them (spec sections 3, 7 and 9): how a variation
// is priced, how many m² a line covers, and how its quantity reads.
import type { z } from 'zod';
import type * as s from './api-schemas.ts';
import { formatM2, piecesToM2, tileAreaM2 } from './area.ts';
import { variationKind, type VariationKind } from './samples.ts';
import { lineCountText, priceWithUnit, type SellingUnit } from './selling-unit.ts';

/** One line of GET /api/cart (spec section 3), plus its total for display. */
export type CartLineItemJson = z.infer<typeof s.cartLineItemSchema>;

/** The basket: its lines and summary (amounts in pounds with 2 decimals, VAT included). */
export type CartJson = z.infer<typeof s.cartSchema>;

/** Every cart call answers the whole basket. */
export type CartAnswer = z.infer<typeof s.cartAnswerSchema>;

/**
 * What a shopper reads when a line asks for more pieces than are left, on refusing the add or
 * change and on a line that has since gone short.
 *
 * stockLeftMessage(34) → 'Only 34 pieces left'
 * stockLeftMessage(34, 30) → 'Only 34 pieces left: your basket already holds 30'
 * stockLeftMessage(1) → 'Only 1 piece left'
 * stockLeftMessage(0) → 'Out of stock: please remove it from your basket'
 */
export function stockLeftMessage(available: number, inBasket = 0): string {
  if (available <= 0) return 'Out of stock: please remove it from your basket';
  const left = `Only ${available} ${available === 1 ? 'piece' : 'pieces'} left`;
  return inBasket > 0 ? `${left}: your basket already holds ${inBasket}` : left;
}

/** The most pieces one basket line holds. */
export const CART_QUANTITY_MAX = 10_000;

export interface VariationPricing {
  kind: VariationKind;
  /**
   * Per m² only for a size, of a product sold by the m², whose option states its tile size;
   * everything else per item (a '600x400' sealer is still sold by the litre).
   */
  perM2: boolean;
  /** Area of one piece in m², or null when the option states no size. */
  areaM2: number | null;
}

/**
 * How a variation is priced, from its option text and its product's selling unit (spec sections
 * 5 and 9).
 *
 * variationPricing('600x400x20', 'm2') → { kind: 'size', perM2: true, areaM2: 0.24 }
 * variationPricing('600x400x20', 'litre') → { kind: 'size', perM2: false, areaM2: 0.24 }
 * variationPricing('Full Size Sample (600x400x20)', 'm2') → { kind: 'full-size-sample', perM2: false, areaM2: 0.24 }
 * variationPricing('Free Sample', 'm2') → { kind: 'free-sample', perM2: false, areaM2: null }
 * variationPricing('5 Litre', 'm2') → { kind: 'size', perM2: false, areaM2: null }
 */
export function variationPricing(option: string, unit: SellingUnit): VariationPricing {
  const kind = variationKind(option);
  const areaM2 = tileAreaM2(option);
  return { kind, perM2: unit === 'm2' && kind === 'size' && areaM2 !== null, areaM2 };
}

/**
 * The m² a line of whole pieces covers: pieces × tile area for per-m² sizes, null otherwise.
 * The basket bills what is delivered, so this, not a typed m² figure, is what a line stores.
 *
 * lineM2(3, '600x400x20', 'm2') → 0.72
 * lineM2(3, '600x400x20', 'each') → null
 * lineM2(2, 'Full Size Sample (600x400x20)', 'm2') → null
 * lineM2(1, 'Free Sample', 'm2') → null
 */
export function lineM2(pieces: number, option: string, unit: SellingUnit): number | null {
  const pricing = variationPricing(option, unit);
  return pricing.perM2 && pricing.areaM2 !== null ? piecesToM2(pieces, pricing.areaM2) : null;
}

/**
 * How a line's quantity reads in the basket.
 *
 * displayQuantity(3, 0.72) → '3 pcs (0.720 m²)'
 * displayQuantity(1, 0.24) → '1 pc (0.240 m²)'
 * displayQuantity(2, null) → '2 pcs'
 * displayQuantity(3, null, 'litre') → '3 litres'
 */
export function displayQuantity(
  quantity: number,
  m2: number | null,
  counted: SellingUnit = 'piece',
): string {
  if (counted !== 'm2' && counted !== 'piece') {
    return lineCountText(quantity, { unit: 'item', kind: 'size', selling_unit: counted });
  }
  const pieces = `${quantity} ${quantity === 1 ? 'pc' : 'pcs'}`;
  return m2 === null ? pieces : `${pieces} (${formatM2(m2)} m²)`;
}

/**
 * A size's price and what it is for: per m² only for a product sold by the m² whose size is a
 * tile size; samples, and other sizes of such products, per item (no unit); others by their unit.
 *
 * optionPrice('£45.00', '600x400x20', 'm2') → '£45.00/M2'
 * optionPrice('£8.50', 'Full Size Sample (600x400x20)', 'm2') → '£8.50'
 * optionPrice('£12.95', '1 Litre', 'litre') → '£12.95 per litre'
 */
export function optionPrice(amount: string, option: string, unit: SellingUnit): string {
  const pricing = variationPricing(option, unit);
  if (pricing.kind !== 'size') return amount;
  if (unit === 'm2') return pricing.perM2 ? priceWithUnit(amount, 'm2') : amount;
  return priceWithUnit(amount, unit);
}

/**
 * The meta_data of a line: its kind (free-sample, full-size-sample) when a sample, then its size
 * under both names the spec uses.
 *
 * lineMetaData('Free Sample') → [{ key: 'free-sample', value: 'yes' }, { key: 'pa_sizemm', value: 'Free Sample' }, { key: 'Size', value: 'Free Sample' }]
 * lineMetaData('600x400x20') → [{ key: 'pa_sizemm', value: '600x400x20' }, { key: 'Size', value: '600x400x20' }]
 */
export function lineMetaData(option: string): { key: string; value: string }[] {
  const kind = variationKind(option);
  return [
    ...(kind === 'size' ? [] : [{ key: kind, value: 'yes' }]),
    { key: 'pa_sizemm', value: option },
    { key: 'Size', value: option },
  ];
}

/** The size a basket line shows: its 'Size' meta, or nothing. */
export function lineSize(line: Pick<CartLineItemJson, 'meta_data'>): string | null {
  return line.meta_data.find((m) => m.key === 'Size')?.value ?? null;
}
