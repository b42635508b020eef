import { sql } from 'drizzle-orm';
import { preparedRows, queryRows, type Database } from '#db/client.ts';
import { carts } from '#db/schema/index.ts';
import { idArray } from '#db/sql-arrays.ts';
import { lineM2, variationPricing } from '#domain/cart.ts';
import type {
  CheckoutQuoteJson,
  DeliveryOptionId,
  DeliveryJson,
  OrderLineJson,
  PaymentMethod,
} from '#domain/checkout.ts';
import { TERMS_VERSION } from '#domain/checkout.ts';
import type { DeliveryAreaJson, DeliveryEstimateJson } from '#domain/api-schemas-delivery.ts';
import { zoneTable } from '#domain/delivery-zones.ts';
import {
  deliveryRulesOf,
  type DeliverySettingsValue,
} from '#domain/api-schemas-settings-delivery.ts';
import {
  lineWeightKg,
  quoteDelivery,
  type DeliveryQuote,
  type DeliverySettings,
  type DeliveryZone,
} from '#domain/delivery.ts';
import { discountedSplit } from '#domain/discounts.ts';
import { priceOrderLine, type PricedOrderLine } from '#domain/order-lines.ts';
import { sumSplits, splitGross, type VatSplit } from '#domain/vat.ts';
import { deliveryEstimate } from '#domain/working-days.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { MATERIAL_ATTRIBUTE_ID } from '#domain/catalogue.ts';
import { DEFAULT_SELLING_UNIT, isSellingUnit, type SellingUnit } from '#domain/selling-unit.ts';
import type { SampleRules } from '#domain/samples.ts';
import { cartOwner } from '../cart/ownership.ts';
import {
  checkDiscount,
  discountSummaryJson,
  discountTotalsJson,
  withDeliveryDiscount,
  type BasketDiscount,
  type PricedDiscount,
} from '../discounts/basket-discount.ts';
import { bookableDays, type BookingTerms } from './booking.ts';
import { readSampleRules } from '../samples/sample-rules.ts';
import { readDeliverySettings } from '../settings/delivery-section.ts';
import { vatPercentNow } from './vat-now.ts';
import type { SessionRecord } from '../sessions.ts';
import { seesTradeOnly, type Buyer } from '#domain/price-for.ts';
import { linePrice, SIZE_PRICE_FACTS, type SizePriceRow } from '../cart/basket-lines.ts';

/** A basket line with what pricing, stock and the order's snapshot need. */
export interface BasketLine {
  id: number;
  productId: number;
  variationId: number;
  pieces: number;
  m2: number | null;
  isSample: boolean;
  name: string;
  option: string;
  /** What the buyer pays per unit, VAT included (priceFor). */
  pricePence: number;
  /** The size's stored price, which place_order checks is still the price when it writes. */
  storedPricePence: number;
  stockQuantity: number | null;
  /** Published, and open to the buyer: a trade-only product is not on sale to retail. */
  onSale: boolean;
  material: string | null;
  isBespoke: boolean;
  sellingUnit: SellingUnit;
  /** The product's categories, which a discount code may be limited to. */
  categoryIds: number[];
}

export interface PricedLine extends BasketLine {
  priced: PricedOrderLine;
  weightKg: number;
  /** What the basket's discount code takes off the line, VAT included. */
  discountPence: number;
  /** The line as charged: its price less its discount, split into net and VAT. */
  charged: VatSplit;
}

/** The basket priced for one delivery address and option: what checkout shows and charges. */
export interface PricedBasket {
  lines: PricedLine[];
  delivery: DeliveryQuote;
  option: DeliveryOptionId | null;
  /** The goods and delivery as charged, after any discount. */
  goods: VatSplit;
  deliverySplit: VatSplit;
  total: VatSplit;
  discount: PricedDiscount | null;
}

interface LineRow extends SizePriceRow {
  cart_id: number;
  id: number;
  product_id: number;
  quantity: number;
  m2_quantity: string | null;
  is_sample: boolean;
  name: string;
  unit: string;
  option: string;
  stock_quantity: number | null;
  on_sale: boolean;
  trade_only: boolean;
  material: string | null;
  is_bespoke: boolean;
}

/** What a line needs of its product and variation (p: products, v: variations). */
const PRODUCT_FACTS = sql`p.name, p.unit, v.option, ${SIZE_PRICE_FACTS}, v.stock_quantity,
  (p.status = 'publish' AND v.product_id = p.id) AS on_sale, p.trade_only,
  (SELECT t.slug FROM product_terms pt JOIN attribute_terms t ON t.id = pt.term_id
   WHERE pt.product_id = p.id AND t.attribute_id = ${MATERIAL_ATTRIBUTE_ID}
   ORDER BY t.position, t.id LIMIT 1) AS material,
  v.made_to_order AS is_bespoke`;

/** The session's basket: its id (null when it has no lines) and its lines. */
export interface Basket {
  cartId: number | null;
  /** The discount code applied to the basket, if any. */
  discountCodeId: number | null;
  lines: BasketLine[];
}

/**
 * The session's basket with each line's product as it is now (name, price, stock, material),
 * priced for `buyer`: one prepared statement (its plan is most of its cost), read without
 * locks; placing an order checks it again under its locks.
 */
export async function readBasket(
  db: Database,
  session: SessionRecord | null,
  buyer: Buyer,
): Promise<Basket> {
  if (!session) return { cartId: null, discountCodeId: null, lines: [] };
  const now = new Date();
  const rows = await preparedRows<LineRow & { discount_code_id: number | null }>(
    db,
    sql`SELECT l.cart_id, ${carts.discountCodeId}, l.id, l.product_id, l.variation_id, l.quantity, l.m2_quantity,
        l.is_sample, ${PRODUCT_FACTS}
      FROM ${carts}
      JOIN cart_items l ON l.cart_id = ${carts.id}
      JOIN products p ON p.id = l.product_id
      JOIN variations v ON v.id = l.variation_id
      WHERE ${cartOwner(session)}
      ORDER BY l.id`,
  );
  return {
    cartId: rows[0]?.cart_id ?? null,
    discountCodeId: rows[0]?.discount_code_id ?? null,
    lines: rows.map((row) => basketLine(row, buyer, now, seesTradeOnly(buyer))),
  };
}

function basketLine(
  row: Omit<LineRow, 'cart_id'>,
  buyer: Buyer,
  now: Date,
  tradeOnlyOpen: boolean,
): BasketLine {
  const price = linePrice(buyer, row, row.quantity, now);
  return {
    id: row.id,
    productId: row.product_id,
    variationId: row.variation_id,
    pieces: row.quantity,
    m2: row.m2_quantity === null ? null : Number(row.m2_quantity),
    isSample: row.is_sample,
    name: row.name,
    option: row.option,
    pricePence: price.pricePence,
    storedPricePence: row.price_pence,
    stockQuantity: row.stock_quantity,
    onSale: row.on_sale && (tradeOnlyOpen || !row.trade_only),
    material: row.material,
    isBespoke: row.is_bespoke,
    categoryIds: row.category_ids ?? [],
    sellingUnit: isSellingUnit(row.unit) ? row.unit : DEFAULT_SELLING_UNIT,
  };
}

/**
 * Lines that are not in a basket yet (a delivery estimate on the product page), read as a basket
 * line is: each variation with its product, its m² from the pieces as the basket would keep them.
 * A variation that does not exist or is not on sale is null; so is a trade-only size to a
 * retail buyer, unless staff edit an order (`byStaff`), whose sizes they may keep or add.
 */
export async function readLines(
  db: Database,
  wanted: readonly { variationId: number; pieces: number }[],
  buyer: Buyer,
  byStaff = false,
): Promise<(BasketLine | null)[]> {
  if (wanted.length === 0) return [];
  const now = new Date();
  const tradeOnlyOpen = byStaff || seesTradeOnly(buyer);
  const ids = wanted.map((line) => line.variationId);
  const rows = await queryRows<
    Omit<LineRow, 'cart_id' | 'id' | 'quantity' | 'm2_quantity' | 'is_sample'>
  >(
    db,
    sql`SELECT v.product_id, v.id AS variation_id, ${PRODUCT_FACTS}
      FROM variations v JOIN products p ON p.id = v.product_id
      WHERE v.id = ANY(${idArray(ids)})`,
  );
  const byId = new Map(rows.map((row) => [row.variation_id, row]));
  return wanted.map((line, index) => {
    const row = byId.get(line.variationId);
    if (!row?.on_sale || (row.trade_only && !tradeOnlyOpen)) return null;
    const unit = isSellingUnit(row.unit) ? row.unit : DEFAULT_SELLING_UNIT;
    const kind = variationPricing(row.option, unit).kind;
    const m2 = lineM2(line.pieces, row.option, unit);
    return basketLine(
      {
        ...row,
        id: index + 1,
        quantity: line.pieces,
        m2_quantity: m2 === null ? null : String(m2),
        is_sample: kind === 'free-sample',
      },
      buyer,
      now,
      tradeOnlyOpen,
    );
  });
}

/**
 * What pricing a basket depends on: delivery prices, zones, the sample rules and the VAT percent
 * in force (decision 0011), which splits every line and the delivery into net and VAT.
 */
export interface DeliveryRules {
  settings: DeliverySettings;
  zones: DeliveryZone[];
  samples: SampleRules;
  vatPercent: number;
}

/**
 * Delivery settings (saved, or a preview's unsaved ones) with the sample rules, as priceBasket
 * takes them: checkout and the settings preview price with the same rules from the same values.
 */
export function rulesOf(
  value: DeliverySettingsValue,
  samples: SampleRules,
  vatPercent: number,
): DeliveryRules {
  return { ...deliveryRulesOf(value), samples, vatPercent };
}

/**
 * The delivery prices and zones, the sample rules and the VAT rate in force, as set now; the rate
 * from `vat` (checkout passes the shop's cached reader) or read from `db`.
 */
export async function deliveryRules(
  db: Database,
  vat: () => Promise<number> = () => vatPercentNow(db),
): Promise<DeliveryRules> {
  const [value, samples, vatPercent] = await Promise.all([
    readDeliverySettings(db),
    readSampleRules(db),
    vat(),
  ]);
  return rulesOf(value, samples, vatPercent);
}

/**
 * Prices basket lines for a delivery address and option. An option that is not offered for the
 * address falls back to the first one offered, so the figures always describe a real choice.
 */
export function priceBasket(
  lines: readonly BasketLine[],
  rules: DeliveryRules,
  address: { country?: string | undefined; postcode?: string | undefined },
  option: DeliveryOptionId | undefined,
  code: BasketDiscount | null = null,
): PricedBasket {
  const priced = lines.map((line) => {
    const pricing = priceOrderLine(
      {
        option: line.option,
        sellingUnit: line.sellingUnit,
        pricePence: line.pricePence,
        pieces: line.pieces,
        m2: line.m2,
        isSample: line.isSample,
      },
      rules.vatPercent,
    );
    const deliveryLine = {
      option: line.option,
      kind: pricing.kind,
      material: line.material,
      pieces: line.pieces,
      m2: line.m2,
      sellingUnit: line.sellingUnit,
    };
    return { ...line, priced: pricing, weightKg: lineWeightKg(deliveryLine), deliveryLine };
  });
  const discountLines = priced.map((line) => ({
    productId: line.productId,
    categoryIds: line.categoryIds,
    grossPence: line.priced.total.grossPence,
  }));
  const discount = code && checkDiscount(code, discountLines);
  const linePence = discount?.applied ? discount.applied.linePence : priced.map(() => 0);
  const charged = priced.map((line, i) =>
    discountedSplit(line.priced.total.grossPence, linePence[i]!, rules.vatPercent),
  );
  const goods = sumSplits(charged);
  const delivery = quoteDelivery({
    lines: priced.map((line) => line.deliveryLine),
    goodsGrossPence: goods.grossPence,
    country: address.country,
    postcode: address.postcode,
    settings: rules.settings,
    zones: rules.zones,
    samplePostMaxKg: rules.samples.postMaxKg,
  });
  const chosen = delivery.options.find((o) => o.id === option) ?? delivery.options[0] ?? null;
  const deliveryPence = chosen?.pricePence ?? 0;
  const finished = discount && withDeliveryDiscount(discount, deliveryPence);
  const deliverySplit = splitGross(
    deliveryPence - (finished?.applied?.deliveryPence ?? 0),
    rules.vatPercent,
  );
  return {
    lines: priced.map(({ deliveryLine: _unused, ...line }, i) => ({
      ...line,
      discountPence: linePence[i]!,
      charged: charged[i]!,
    })),
    delivery,
    option: chosen?.id ?? null,
    goods,
    deliverySplit,
    total: sumSplits([goods, deliverySplit]),
    discount: finished,
  };
}

const pounds = formatPoundsPlain;

export function splitJson(split: VatSplit) {
  return {
    net: pounds(split.netPence),
    vat: pounds(split.vatPence),
    gross: pounds(split.grossPence),
  };
}

export function lineJson(line: PricedLine): OrderLineJson {
  return {
    product_id: line.productId,
    variation_id: line.variationId,
    name: line.name,
    size: line.option,
    kind: line.priced.kind,
    is_bespoke: line.isBespoke,
    pieces: line.pieces,
    m2: line.m2,
    unit_price: pounds(line.priced.unitPricePence),
    unit: line.priced.unit,
    selling_unit: line.sellingUnit,
    unit_price_net: pounds(line.priced.unitNetPence),
    vat_rate: line.priced.vatRate,
    weight_kg: line.weightKg,
    discount: pounds(line.discountPence),
    total: splitJson(line.charged),
  };
}

export function deliveryJson(
  basket: PricedBasket,
  placedAt: Date,
  terms: BookingTerms,
): DeliveryJson {
  const { delivery } = basket;
  return {
    deliverable: delivery.deliverable,
    message: delivery.message,
    zone: delivery.zone,
    surcharge: delivery.surcharge && {
      amount: pounds(delivery.surcharge.pence),
      text: delivery.surcharge.text,
    },
    method: delivery.method,
    weight_kg: delivery.weightKg,
    parcels: delivery.parcels,
    pallets: delivery.pallets,
    note: delivery.note,
    options: delivery.options.map((option) => ({
      id: option.id,
      label: option.label,
      price: pounds(option.pricePence),
      estimate: {
        min_days: option.minDays,
        max_days: option.maxDays,
        ...deliveryEstimate(placedAt, option.minDays, option.maxDays),
      },
      days: bookableDays(delivery, option, placedAt, terms),
    })),
    collection_address: delivery.collectionAddress,
    selected: basket.option,
  };
}

/** POST /api/delivery/estimate: checkout's delivery figures, with the chosen option drawn out. */
export function estimateJson(
  postcode: string,
  basket: PricedBasket,
  now: Date,
  terms: BookingTerms,
): DeliveryEstimateJson {
  const delivery = deliveryJson(basket, now, terms);
  const chosen = delivery.options.find((option) => option.id === delivery.selected) ?? null;
  return {
    postcode,
    deliverable: delivery.deliverable,
    message: delivery.message,
    zone: delivery.zone,
    method: delivery.method,
    price: chosen?.price ?? null,
    surcharge: delivery.surcharge,
    estimate: chosen?.estimate ?? null,
    delivery,
    totals: {
      goods: splitJson(basket.goods),
      delivery: splitJson(basket.deliverySplit),
      total: splitJson(basket.total),
      discount: discountTotalsJson(basket.discount),
    },
  };
}

/** GET /api/delivery/areas: the table of the Delivery Information page. */
export function areasJson(rules: DeliveryRules): DeliveryAreaJson[] {
  const orNull = (pence: number | null) => (pence === null ? null : pounds(pence));
  return zoneTable(rules.settings, rules.zones).map((row) => ({
    code: row.code,
    name: row.name,
    postcodes: row.postcodes,
    deliverable: row.deliverable,
    parcel: orNull(row.parcelPence),
    pallet: orNull(row.palletPence),
    parcel_surcharge: pounds(row.parcelSurchargePence),
    pallet_surcharge: pounds(row.palletSurchargePence),
    free_from: orNull(row.freeFromPence),
    min_days: row.minDays,
    max_days: row.maxDays,
    message: row.message,
  }));
}

export function quoteJson(
  basket: PricedBasket,
  paymentMethods: PaymentMethod[],
  now: Date,
  terms: BookingTerms,
): Omit<CheckoutQuoteJson, 'payment_options'> {
  return {
    lines: basket.lines.map(lineJson),
    delivery: deliveryJson(basket, now, terms),
    totals: {
      goods: splitJson(basket.goods),
      delivery: splitJson(basket.deliverySplit),
      total: splitJson(basket.total),
      discount: discountTotalsJson(basket.discount),
    },
    discount: discountSummaryJson(basket.discount),
    payment_methods: paymentMethods,
    terms_version: TERMS_VERSION,
  };
}
