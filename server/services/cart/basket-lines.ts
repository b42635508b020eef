// The basket's lines as every reader of them prices them: the basket's answers (cart.ts) and
// checkout, delivery estimates and place_order's check (orders/pricing.ts) read the same price
// facts of each size and price them for the buyer through the one `priceFor`.
import { sql, type SQL } from 'drizzle-orm';
import { productImages, products, variations } from '#db/schema/index.ts';
import {
  displayQuantity,
  lineMetaData,
  stockLeftMessage,
  variationPricing,
  type CartJson,
} from '#domain/cart.ts';
import { priceFor, type Buyer, type BuyerPrice } from '#domain/price-for.ts';
import { basketTotals, lineTotalPence } from '#domain/pricing.ts';
import { DEFAULT_SELLING_UNIT, isSellingUnit, type SellingUnit } from '#domain/selling-unit.ts';
import { priceString } from '../catalogue/present.ts';

/** A product's unit as stored (text): one this code does not know reads as the default. */
export function sellingUnit(unit: string): SellingUnit {
  return isSellingUnit(unit) ? unit : DEFAULT_SELLING_UNIT;
}

/** What pricing a size for a buyer reads of it (v: variations, p: products). */
export const SIZE_PRICE_FACTS = sql`v.price_pence, v.regular_price_pence, p.category_ids`;

/** The price facts of a size as read with SIZE_PRICE_FACTS. */
export interface SizePriceRow {
  variation_id: number;
  price_pence: number;
  regular_price_pence: number | null;
  category_ids: number[] | null;
}

/** What `buyer` pays for a basket line of the size at `now`: the one way lines are priced. */
export function linePrice(buyer: Buyer, row: SizePriceRow, pieces: number, now: Date): BuyerPrice {
  return priceFor(
    buyer,
    {
      id: row.variation_id,
      categoryIds: row.category_ids ?? [],
      pricePence: row.price_pence,
      regularPricePence: row.regular_price_pence,
    },
    pieces,
    now,
  );
}

/** A basket line with what the basket shows of its product and variation. */
export interface LineRow extends SizePriceRow {
  id: number;
  product_id: number;
  quantity: number;
  m2_quantity: string | null;
  is_sample: boolean;
  name: string;
  option: string;
  stock_quantity: number | null;
  made_to_order: boolean;
  image: string | null;
  unit: string;
}

/**
 * The lines of `source` (of one cart, or of the cart `cartId` names in it) as `LineRow`s, in
 * order. Each line looks up its product and variation by key: a join's plan would follow the
 * statistics of the basket tables, which change fast and are often stale (a hash join over
 * every variation).
 */
export function linesWithProducts(source: SQL, cartId?: SQL): SQL {
  return sql`SELECT l.id, l.product_id, l.variation_id, l.quantity, l.m2_quantity, l.is_sample,
      (SELECT p.name FROM ${products} p WHERE p.id = l.product_id) AS name,
      (SELECT p.unit FROM ${products} p WHERE p.id = l.product_id) AS unit,
      (SELECT v.option FROM ${variations} v WHERE v.id = l.variation_id) AS option,
      (SELECT v.price_pence FROM ${variations} v WHERE v.id = l.variation_id) AS price_pence,
      (SELECT v.regular_price_pence FROM ${variations} v WHERE v.id = l.variation_id)
        AS regular_price_pence,
      (SELECT p.category_ids FROM ${products} p WHERE p.id = l.product_id) AS category_ids,
      (SELECT v.stock_quantity FROM ${variations} v WHERE v.id = l.variation_id)
        AS stock_quantity,
      (SELECT v.made_to_order FROM ${variations} v WHERE v.id = l.variation_id) AS made_to_order,
      (SELECT i.src FROM ${productImages} i WHERE i.product_id = l.product_id
       ORDER BY i.position, i.id LIMIT 1) AS image
    FROM ${source} l
    ${cartId === undefined ? sql`` : sql`WHERE l.cart_id = ${cartId}`}
    ORDER BY l.id`;
}

/** The basket's answer: every line priced for `buyer` at `now`, and the totals of those. */
export function presentLines(
  rows: LineRow[],
  vatPercent: number,
  buyer: Buyer,
  now: Date,
): CartJson {
  const lines = rows.map((row) => {
    const unit = sellingUnit(row.unit);
    // A line kept from before its product's unit counted carries m² it is not priced by.
    const perM2 = variationPricing(row.option, unit).perM2;
    return {
      ...row,
      m2: perM2 && row.m2_quantity !== null ? Number(row.m2_quantity) : null,
      unit,
      charged: linePrice(buyer, row, row.quantity, now),
    };
  });
  const priced = lines.map((line) => ({
    pricePence: line.charged.pricePence,
    quantity: line.quantity,
    m2Quantity: line.m2,
    isSample: line.is_sample,
  }));
  const totals = basketTotals(priced, vatPercent);
  return {
    line_items: lines.map((line, index) => ({
      id: line.id,
      product_id: line.product_id,
      variation_id: line.variation_id,
      quantity: line.quantity,
      m2_quantity: line.m2,
      is_sample: line.is_sample,
      price: priceString(line.charged.pricePence),
      regular_price: line.charged.wasPence === null ? null : priceString(line.charged.wasPence),
      line_total: priceString(lineTotalPence(priced[index]!)),
      name: line.name,
      image: { src: line.image ?? '' },
      display_quantity: displayQuantity(
        line.quantity,
        line.m2,
        variationPricing(line.option, line.unit).kind === 'size' ? line.unit : 'piece',
      ),
      unit: line.unit,
      meta_data: lineMetaData(line.option),
      stock_message:
        line.stock_quantity !== null && line.quantity > line.stock_quantity
          ? stockLeftMessage(line.stock_quantity)
          : null,
      made_to_order: line.made_to_order,
    })),
    item_count: totals.count,
    subtotal: priceString(totals.subtotalPence),
    vat: priceString(totals.vatPence),
    vat_rate: vatPercent,
    total: priceString(totals.totalPence),
  };
}
