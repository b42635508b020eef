// The one price seam: what a buyer pays for a size right now. The listing, the product page, the
// basket, checkout and the order's price check all ask `priceFor` (docs/decisions/0012).
import { formatGBP, roundPence } from './money.ts';
import { exVatPence, VAT_PERCENT } from './vat.ts';

/** One entry of a group's price list, as db/schema/trade.ts keeps it. */
export type PriceRule =
  | {
      kind: 'category_percent';
      categoryId: number;
      /** Percent off the regular price, up to 2 decimals (12.5 = 12.5 %). */
      percentOff: number;
      startsAt: Date | null;
      /** The first instant it no longer applies; null: no end. */
      endsAt: Date | null;
    }
  | {
      kind: 'size_price';
      variationId: number;
      /** The size's price, VAT included. */
      pricePence: number;
      startsAt: Date | null;
      endsAt: Date | null;
    };

/** Who is buying: a retail shopper (no group) or a member of a customer group and its list. */
export interface Buyer {
  groupId: number | null;
  /** The group's name ('Trade'); null for retail. */
  group: string | null;
  /** Members see prices ex VAT first. */
  showExVat: boolean;
  rules: readonly PriceRule[];
}

export const RETAIL_BUYER: Buyer = { groupId: null, group: null, showExVat: false, rules: [] };

/**
 * Whether a buyer may see and buy trade-only products: a member of a customer group may; to a
 * retail shopper such a product, its sizes and its samples do not exist.
 */
export const seesTradeOnly = (buyer: Buyer): boolean => buyer.groupId !== null;

/**
 * The name of the price list a buyer sees: what every cache of prices is keyed by, so that one
 * list's answers are never served to a buyer of another.
 *
 * priceListOf(RETAIL_BUYER) → 'retail'
 * priceListOf({ groupId: 3, ... }) → 'group-3'
 */
export const priceListOf = (buyer: Buyer): string =>
  buyer.groupId === null ? 'retail' : `group-${buyer.groupId}`;

/** A size's prices as stored (decision 0009): the price charged now, sale included. */
export interface PricedSize {
  id: number;
  /** The product's categories (a percentage rule names one). */
  categoryIds: readonly number[];
  /** What retail pays now: the sale price while a sale runs. */
  pricePence: number;
  /** The regular price, only while a sale runs. */
  regularPricePence: number | null;
}

export interface BuyerPrice {
  /** What the buyer is charged per unit, VAT included. */
  pricePence: number;
  /** The struck-through price (the regular retail price) when the buyer pays less, else null. */
  wasPence: number | null;
  /** What a retail shopper pays now: the figure place_order checks the stored price against. */
  retailPence: number;
  /** True when the buyer's price list set the price. */
  fromPriceList: boolean;
}

/** Whether a dated rule is in force at `now`: from startsAt included to endsAt excluded. */
export function ruleActive(rule: { startsAt: Date | null; endsAt: Date | null }, now: Date) {
  if (rule.startsAt !== null && now.getTime() < rule.startsAt.getTime()) return false;
  if (rule.endsAt !== null && now.getTime() >= rule.endsAt.getTime()) return false;
  return true;
}

/**
 * `percentOff` taken off a price, to the penny by the one rounding rule; hundredths of a percent
 * keep the product exact in integers until the one division.
 *
 * percentOffPence(4950, 10) → 4455
 * percentOffPence(1999, 12.5) → 1749 (1749.125)
 */
export function percentOffPence(pence: number, percentOff: number): number {
  return roundPence((pence * (10_000 - Math.round(percentOff * 100))) / 10_000);
}

/** The price the buyer's list sets for the size at `now`, or null when no rule applies. */
function listPrice(buyer: Buyer, size: PricedSize, now: Date): number | null {
  const regular = size.regularPricePence ?? size.pricePence;
  let setPrice: number | null = null;
  let percent: number | null = null;
  for (const rule of buyer.rules) {
    if (!ruleActive(rule, now)) continue;
    if (rule.kind === 'size_price') {
      // Two dated prices overlapping: the lower one.
      if (rule.variationId === size.id) setPrice = Math.min(setPrice ?? Infinity, rule.pricePence);
    } else if (size.categoryIds.includes(rule.categoryId)) {
      // A size in two discounted categories: the larger percentage.
      percent = Math.max(percent ?? 0, rule.percentOff);
    }
  }
  // A size's own price beats any category percentage.
  if (setPrice !== null) return setPrice;
  return percent === null ? null : percentOffPence(regular, percent);
}

/**
 * What `buyer` pays per unit of `size` at `now`, VAT included.
 *
 * - A size's set price beats a category percentage.
 * - A percentage is taken off the regular price (the list price a trade discount is quoted
 *   against), not off a sale price: "10 % off list" means the same figure all year.
 * - A price-list price never exceeds what a retail shopper pays right now: during a retail sale
 *   deeper than the trade terms, the trade buyer pays the sale price.
 * - `quantity` is part of the seam so quantity breaks can be added here alone; no list has any
 *   yet, so the unit price does not depend on it.
 *
 * priceFor(RETAIL_BUYER, { id: 1, categoryIds: [5], pricePence: 4950, regularPricePence: null }, 1, now)
 *   → { pricePence: 4950, wasPence: null, retailPence: 4950, fromPriceList: false }
 * priceFor(trade with 10 % off category 5, same size, 1, now)
 *   → { pricePence: 4455, wasPence: 4950, retailPence: 4950, fromPriceList: true }
 */
export function priceFor(buyer: Buyer, size: PricedSize, _quantity: number, now: Date): BuyerPrice {
  const retail = size.pricePence;
  const regular = size.regularPricePence ?? retail;
  const listed = buyer.rules.length === 0 ? null : listPrice(buyer, size, now);
  const pricePence = listed === null ? retail : Math.min(listed, retail);
  return {
    pricePence,
    wasPence: regular > pricePence ? regular : null,
    retailPence: retail,
    fromPriceList: listed !== null,
  };
}

/**
 * A price as a trade buyer reads it: ex VAT first, then inc VAT.
 *
 * exIncVatText(4950) → '£41.25 ex VAT, £49.50 inc VAT'
 */
export function exIncVatText(grossPence: number, percent: number = VAT_PERCENT): string {
  return `${formatGBP(exVatPence(grossPence, percent))} ex VAT, ${formatGBP(grossPence)} inc VAT`;
}

/**
 * A product's "From" price for `buyer`: the lowest of what they pay for each of `sizes` (the
 * sizes a retail card's from-price considers), with that size's struck-through price; a tie goes
 * to the size with the larger reduction, as the retail card's does. Null without sizes.
 *
 * fromPriceFor(trade with size 2 set at 3000, [{ id: 1, pricePence: 3500 }, { id: 2, pricePence: 4000 }])
 *   → { pricePence: 3000, wasPence: 4000, retailPence: 4000, fromPriceList: true }
 */
export function fromPriceFor(
  buyer: Buyer,
  sizes: readonly PricedSize[],
  now: Date,
): BuyerPrice | null {
  let lowest: BuyerPrice | null = null;
  for (const size of sizes) {
    const price = priceFor(buyer, size, 1, now);
    const cheaper =
      lowest === null ||
      price.pricePence < lowest.pricePence ||
      (price.pricePence === lowest.pricePence && (price.wasPence ?? 0) > (lowest.wasPence ?? 0));
    if (cheaper) lowest = price;
  }
  return lowest;
}
