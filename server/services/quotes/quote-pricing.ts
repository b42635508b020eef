// Prices a quote as staff write it: each line from the catalogue row it names (the stone's name
// and material, a size's measurements), at the price staff set; the delivery by the checkout's
// own rules for the address and the lines' weight, unless staff set a price by hand.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import type { QuoteInput } from '#domain/api-schemas-quotes.ts';
import { parseTileSize } from '#domain/area.ts';
import { variationPricing } from '#domain/cart.ts';
import { MATERIAL_ATTRIBUTE_ID } from '#domain/catalogue.ts';
import { lineWeightKg, quoteDelivery, type DeliveryLine } from '#domain/delivery.ts';
import {
  bespokeDeliveryLine,
  bespokeDescription,
  priceQuoteLine,
  QUOTE_MESSAGES,
  type PricedQuoteLine,
  quoteTotals,
  type QuoteTotals,
} from '#domain/quotes.ts';
import { DEFAULT_SELLING_UNIT, isSellingUnit } from '#domain/selling-unit.ts';
import { badRequest } from '../../http/errors.ts';
import { deliveryRules } from '../orders/pricing.ts';
import type { QuoteDeliveryFacts } from './quote-store.ts';

/** Days a delivery priced by hand (beyond the usual rules) is given, in working days. */
const MANUAL_DELIVERY_DAYS = { min_days: 5, max_days: 10 };

/** A quote line as stored (quote_lines' columns). */
export interface QuoteLineRow {
  position: number;
  kind: 'catalogue' | 'bespoke';
  product_id: number;
  variation_id: number | null;
  name: string;
  description: string;
  thickness_mm: number | null;
  length_mm: number | null;
  width_mm: number | null;
  drawing_id: number | null;
  edge_profile: string | null;
  finish: string | null;
  cutouts: number;
  cutout_price_pence: number;
  pieces: number;
  pricing: 'm2' | 'piece';
  unit_price_pence: number;
  m2: string | null;
  weight_kg: string;
  gross_pence: number;
}

export interface PricedQuote {
  lines: QuoteLineRow[];
  delivery: QuoteDeliveryFacts;
  totals: QuoteTotals;
  deliveryPence: number;
  weightKg: number;
  vatPercent: number;
}

interface CatalogueRow {
  product_id: number;
  variation_id: number | null;
  name: string;
  unit: string;
  option: string | null;
  material: string | null;
}

/**
 * The products and sizes the lines name, with each product's material (for the weight), and
 * which of their drawings are on file.
 */
async function readCatalogue(db: Database, input: QuoteInput) {
  const productIds = input.lines.flatMap((l) => (l.kind === 'bespoke' ? [l.product_id] : []));
  const variationIds = input.lines.flatMap((l) => (l.kind === 'catalogue' ? [l.variation_id] : []));
  const drawingIds = input.lines.flatMap((l) =>
    l.kind === 'bespoke' && l.drawing_id !== null ? [l.drawing_id] : [],
  );
  const drawings = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM quote_drawings WHERE id = ANY(${idArray(drawingIds)})`,
  );
  const rows = await queryRows<CatalogueRow>(
    db,
    sql`SELECT p.id AS product_id, v.id AS variation_id, p.name, p.unit, v.option,
          (SELECT t.slug FROM product_terms pt JOIN attribute_terms t ON t.id = pt.term_id
           WHERE pt.product_id = p.id AND t.attribute_id = ${MATERIAL_ATTRIBUTE_ID}
           ORDER BY t.position, t.id LIMIT 1) AS material
        FROM products p LEFT JOIN variations v
          ON v.product_id = p.id AND v.id = ANY(${idArray(variationIds)})
        WHERE (p.id = ANY(${idArray(productIds)}) OR v.id IS NOT NULL) AND p.status = 'publish'`,
  );
  return {
    product: new Map(rows.map((row) => [row.product_id, row])),
    variation: new Map(rows.filter((r) => r.variation_id).map((r) => [r.variation_id!, r])),
    drawings: new Set(drawings.map((row) => row.id)),
  };
}

/** The lines priced and weighed; 400 naming the line when a stone or size is not on sale. */
async function priceLines(db: Database, input: QuoteInput, vatPercent: number) {
  const catalogue = await readCatalogue(db, input);
  const lines: QuoteLineRow[] = [];
  const delivery: DeliveryLine[] = [];
  const priced: PricedQuoteLine[] = [];
  input.lines.forEach((line, position) => {
    if (line.kind === 'catalogue') {
      const row = catalogue.variation.get(line.variation_id);
      if (!row) {
        throw badRequest(QUOTE_MESSAGES.unknownVariation, {
          [`lines.${position}.variation_id`]: QUOTE_MESSAGES.unknownVariation,
        });
      }
      const unit = isSellingUnit(row.unit) ? row.unit : DEFAULT_SELLING_UNIT;
      const size = parseTileSize(row.option!);
      if (line.pricing === 'm2' && !size) {
        throw badRequest(QUOTE_MESSAGES.areaNeedsSize, {
          [`lines.${position}.pricing`]: QUOTE_MESSAGES.areaNeedsSize,
        });
      }
      const figures = {
        pricing: line.pricing,
        unitPricePence: line.unit_price,
        pieces: line.pieces,
        lengthMm: size?.widthMm ?? null,
        widthMm: size?.heightMm ?? null,
        cutouts: 0,
        cutoutPricePence: 0,
      };
      const pricedLine = priceQuoteLine(figures, vatPercent);
      priced.push(pricedLine);
      const kind = variationPricing(row.option!, unit).kind;
      const weighed = { option: row.option!, kind, material: row.material, pieces: line.pieces };
      const deliveryLine = { ...weighed, m2: pricedLine.m2, sellingUnit: unit };
      delivery.push(deliveryLine);
      lines.push({
        position,
        kind: 'catalogue',
        product_id: row.product_id,
        variation_id: row.variation_id,
        name: row.name,
        description: row.option!,
        thickness_mm: size?.thicknessMm ?? null,
        length_mm: figures.lengthMm,
        width_mm: figures.widthMm,
        drawing_id: null,
        edge_profile: null,
        finish: null,
        cutouts: 0,
        cutout_price_pence: 0,
        pieces: line.pieces,
        pricing: line.pricing,
        unit_price_pence: line.unit_price,
        m2: pricedLine.m2 === null ? null : pricedLine.m2.toFixed(3),
        weight_kg: lineWeightKg(deliveryLine).toFixed(2),
        gross_pence: pricedLine.total.grossPence,
      });
      return;
    }
    const row = catalogue.product.get(line.product_id);
    if (!row) {
      throw badRequest(QUOTE_MESSAGES.unknownProduct, {
        [`lines.${position}.product_id`]: QUOTE_MESSAGES.unknownProduct,
      });
    }
    if (line.drawing_id !== null && !catalogue.drawings.has(line.drawing_id)) {
      throw badRequest(QUOTE_MESSAGES.unknownDrawing, {
        [`lines.${position}.drawing_id`]: QUOTE_MESSAGES.unknownDrawing,
      });
    }
    const pricedLine = priceQuoteLine(
      {
        pricing: line.pricing,
        unitPricePence: line.unit_price,
        pieces: line.pieces,
        lengthMm: line.length_mm,
        widthMm: line.width_mm,
        cutouts: line.cutouts,
        cutoutPricePence: line.cutout_price,
      },
      vatPercent,
    );
    priced.push(pricedLine);
    const deliveryLine = bespokeDeliveryLine({
      lengthMm: line.length_mm,
      widthMm: line.width_mm,
      thicknessMm: line.thickness_mm,
      pieces: line.pieces,
      material: row.material,
    });
    delivery.push(deliveryLine);
    lines.push({
      position,
      kind: 'bespoke',
      product_id: row.product_id,
      variation_id: null,
      name: row.name,
      description: bespokeDescription({
        lengthMm: line.length_mm,
        widthMm: line.width_mm,
        thicknessMm: line.thickness_mm,
        edgeProfile: line.edge_profile || null,
        finish: line.finish || null,
        cutouts: line.cutouts,
        drawing: line.drawing_id !== null,
      }),
      thickness_mm: line.thickness_mm,
      length_mm: line.length_mm,
      width_mm: line.width_mm,
      drawing_id: line.drawing_id,
      edge_profile: line.edge_profile || null,
      finish: line.finish || null,
      cutouts: line.cutouts,
      cutout_price_pence: line.cutout_price,
      pieces: line.pieces,
      pricing: line.pricing,
      unit_price_pence: line.unit_price,
      m2: pricedLine.m2 === null ? null : pricedLine.m2.toFixed(3),
      weight_kg: lineWeightKg(deliveryLine).toFixed(2),
      gross_pence: pricedLine.total.grossPence,
    });
  });
  return { lines, delivery, priced };
}

/**
 * The quote priced now. Delivery by the rules is the standard option checkout would offer for
 * the address and the weight; an address the rules cannot deliver to needs a price by hand.
 */
export async function priceQuote(db: Database, input: QuoteInput): Promise<PricedQuote> {
  const rules = await deliveryRules(db);
  const { lines, delivery, priced } = await priceLines(db, input, rules.vatPercent);
  const goodsPence = lines.reduce((sum, line) => sum + line.gross_pence, 0);
  const quoted = quoteDelivery({
    lines: delivery,
    goodsGrossPence: goodsPence,
    country: input.address.country,
    postcode: input.address.postcode,
    settings: rules.settings,
    zones: rules.zones,
    samplePostMaxKg: rules.samples.postMaxKg,
  });
  const standard = quoted.options.find((o) => o.id !== 'collection');
  let deliveryPence = input.manual_delivery ?? null;
  if (deliveryPence === null) {
    if (!quoted.deliverable || !standard) {
      throw badRequest(QUOTE_MESSAGES.notDeliverable, {
        manual_delivery: QUOTE_MESSAGES.notDeliverable,
      });
    }
    deliveryPence = standard.pricePence;
  }
  const facts: QuoteDeliveryFacts = {
    zone: quoted.zone ?? { code: 'quoted', name: 'As quoted' },
    method: quoted.method,
    parcels: quoted.parcels,
    pallets: quoted.pallets,
    note: quoted.note,
    ...(standard
      ? { min_days: standard.minDays, max_days: standard.maxDays }
      : MANUAL_DELIVERY_DAYS),
  };
  return {
    lines,
    delivery: facts,
    totals: quoteTotals(priced, deliveryPence, input.deposit_percent, rules.vatPercent),
    deliveryPence,
    weightKg: quoted.weightKg,
    vatPercent: rules.vatPercent,
  };
}
