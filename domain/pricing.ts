// Prices, line totals and the basket summary (spec section 9), all in integer pence.
import { roundM2 } from './area.ts';
import { priceWithUnit, type SellingUnit } from './selling-unit.ts';
import { firstNumberIn, formatGBP, roundPence, toPence } from './money.ts';
import type { VariationKind } from './samples.ts';
import { splitGross } from './vat.ts';

/** Clearance sale price = 85 % of the listed price; the badge reads 15 %. */
export const CLEARANCE_RATE = 0.85;
export const CLEARANCE_DISCOUNT_PERCENT = 15;

/**
 * Price of one piece: per-m² price × tile area, to the penny.
 *
 * itemPricePence(5000, 0.24) → 1200
 * itemPricePence(4599, 0.093025) → 428
 */
export function itemPricePence(perM2Pence: number, areaM2: number): number {
  return roundPence(perM2Pence * areaM2);
}

export interface PricedLine {
  /** Per item for samples; per m² for size lines that carry an m² quantity. */
  pricePence: number;
  quantity: number;
  m2Quantity: number | null;
  isSample: boolean;
}

/**
 * A basket line's total: samples are price × quantity; other lines price × (m2_quantity or
 * quantity), where an m² quantity of 0 counts as absent, as the spec's "or" implies.
 *
 * lineTotalPence({ pricePence: 5000, quantity: 2, m2Quantity: 0.48, isSample: false }) → 2400
 * lineTotalPence({ pricePence: 350, quantity: 2, m2Quantity: null, isSample: true }) → 700
 * lineTotalPence({ pricePence: 350, quantity: 2, m2Quantity: 0.48, isSample: true }) → 700
 * lineTotalPence({ pricePence: 2500, quantity: 3, m2Quantity: null, isSample: false }) → 7500
 */
export function lineTotalPence(line: PricedLine): number {
  const m2 = line.m2Quantity !== null && line.m2Quantity > 0 ? line.m2Quantity : null;
  const multiplier = line.isSample || m2 === null ? line.quantity : m2;
  return roundPence(line.pricePence * multiplier);
}

export interface BasketTotals {
  subtotalPence: number;
  /**
   * The VAT contained in the VAT-inclusive subtotal (design.md section 7): the sum of each line's
   * VAT, split by `splitGross` at the percent in force, as checkout, orders and invoices split it.
   */
  vatPence: number;
  /** Equals the subtotal: prices already include VAT (spec section 9). */
  totalPence: number;
  /** Sum of line quantities: the number on the basket icon. */
  count: number;
}

/**
 * The basket summary. Each line is rounded to the penny before summing, so the subtotal always
 * equals the sum of the line totals the shopper sees.
 *
 * basketTotals([{ pricePence: 5000, quantity: 2, m2Quantity: 0.48, isSample: false },
 *               { pricePence: 0, quantity: 1, m2Quantity: null, isSample: true }], 20)
 *   → { subtotalPence: 2400, vatPence: 400, totalPence: 2400, count: 3 }
 * basketTotals([], 20) → { subtotalPence: 0, vatPence: 0, totalPence: 0, count: 0 }
 */
export function basketTotals(lines: readonly PricedLine[], vatPercent: number): BasketTotals {
  let subtotalPence = 0;
  let vatPence = 0;
  let count = 0;
  for (const line of lines) {
    const total = lineTotalPence(line);
    subtotalPence += total;
    vatPence += splitGross(total, vatPercent).vatPence;
    count += line.quantity;
  }
  return {
    subtotalPence,
    vatPence,
    totalPence: subtotalPence,
    count,
  };
}

/**
 * The listed (struck-through) price of a clearance product: the first number in its price_html.
 *
 * clearanceOriginalPence('<span>£45.00</span>') → 4500
 * clearanceOriginalPence('') → null
 */
export function clearanceOriginalPence(priceHtml: string): number | null {
  const pounds = firstNumberIn(priceHtml);
  return pounds === null ? null : toPence(pounds);
}

/**
 * The clearance sale price: 85 % of the first number in price_html, to the penny.
 *
 * clearanceSalePence('<span>£45.00</span> – £60') → 3825
 * clearanceSalePence('£19.99') → 1699
 * clearanceSalePence('POA') → null
 */
export function clearanceSalePence(priceHtml: string): number | null {
  const original = clearanceOriginalPence(priceHtml);
  // Whole-percent integer arithmetic: 85 / 100 as a float is not exactly 0.85.
  return original === null
    ? null
    : roundPence((original * (100 - CLEARANCE_DISCOUNT_PERCENT)) / 100);
}

export interface AddToCartSelection {
  kind: VariationKind;
  /** The chosen variation's price: per m² for sizes, per item for either kind of sample. */
  pricePence: number;
  /** The pieces field; null when empty. */
  pieces: number | null;
  /** The m² field; null when empty. Ignored for samples, which have no m² field. */
  m2: number | null;
}

/**
 * The total on the add-to-cart button: per-m² price × m² for size variations, price per item ×
 * pieces for full-size (and free) samples. Pieces are floored as the cart receives them; m² are
 * rounded to 3 decimals as sent. Nothing chosen yet → 0.
 *
 * addToCartTotalPence({ kind: 'size', pricePence: 5000, pieces: 2, m2: 0.48 }) → 2400
 * addToCartTotalPence({ kind: 'full-size-sample', pricePence: 1500, pieces: 2, m2: null }) → 3000
 * addToCartTotalPence({ kind: 'free-sample', pricePence: 0, pieces: 1, m2: null }) → 0
 * addToCartTotalPence({ kind: 'size', pricePence: 5000, pieces: null, m2: null }) → 0
 */
export function addToCartTotalPence(selection: AddToCartSelection): number {
  if (selection.kind === 'size') {
    const m2 = selection.m2 !== null && selection.m2 > 0 ? roundM2(selection.m2) : 0;
    return roundPence(selection.pricePence * m2);
  }
  const pieces =
    selection.pieces !== null && selection.pieces > 0 ? Math.floor(selection.pieces) : 0;
  return roundPence(selection.pricePence * pieces);
}

/**
 * The 'From £{price}/M2' label of product cards and the quick view.
 *
 * fromPriceLabel(1250) → 'From £12.50/M2'
 * fromPriceLabel(123456) → 'From £1,234.56/M2'
 * fromPriceLabel(1295, 'litre') → 'From £12.95 per litre'
 */
export function fromPriceLabel(pence: number, unit: SellingUnit = 'm2'): string {
  return fromPriceLabelOf(formatGBP(pence), unit);
}

/** fromPriceLabel's words around an amount already written: fromPriceLabelOf('£12.50') → 'From £12.50/M2'. */
export function fromPriceLabelOf(amount: string, unit: SellingUnit = 'm2'): string {
  return `From ${priceWithUnit(amount, unit)}`;
}
