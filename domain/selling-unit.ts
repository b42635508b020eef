// What a product's price is for: a square metre of tiles, a piece, a litre, an item, a metre of
// moulding. Stored on the product as one of these codes; m² logic applies only to m² products.
import { tileAreaM2 } from './area.ts';
import { variationKind } from './samples.ts';

/** The stable codes, stored in products.unit and written to the CSV's Meta: _tessera_unit. */
export const SELLING_UNITS = ['m2', 'piece', 'litre', 'each', 'linear_metre'] as const;
export type SellingUnit = (typeof SELLING_UNITS)[number];

/** What a product sells by unless told otherwise: tiles, by the square metre. */
export const DEFAULT_SELLING_UNIT: SellingUnit = 'm2';

/** What follows a price: "£45.00 / M2", "£12.95 per litre", "£180.00 each". */
export const SELLING_UNIT_LABELS: Readonly<Record<SellingUnit, string>> = {
  m2: '/ M2',
  piece: 'per piece',
  litre: 'per litre',
  each: 'each',
  linear_metre: 'per m',
};

/** The unit's name in the back office's choice. */
export const SELLING_UNIT_NAMES: Readonly<Record<SellingUnit, string>> = {
  m2: 'Square metre (m²): tiles, slabs, pavers',
  piece: 'Piece',
  litre: 'Litre',
  each: 'Each: an item, a tin, a sink',
  linear_metre: 'Linear metre: mouldings, skirtings',
};

export const SELLING_UNIT_MESSAGES = {
  invalid: `Choose the unit: ${SELLING_UNITS.join(', ')}`,
} as const;

export function isSellingUnit(value: unknown): value is SellingUnit {
  return typeof value === 'string' && (SELLING_UNITS as readonly string[]).includes(value);
}

/** Ways people write each unit, lower case, spaces single, without "per" or "/". */
const UNIT_WORDS: Readonly<Record<SellingUnit, readonly string[]>> = {
  m2: [
    'm2',
    'm²',
    'sqm',
    'sq m',
    'sq.m',
    'sq metre',
    'sq meter',
    'square metre',
    'square meter',
    'square metres',
  ],
  piece: ['piece', 'pieces', 'pc', 'pcs'],
  litre: ['litre', 'liter', 'litres', 'liters', 'l', 'ltr'],
  each: ['each', 'ea', 'item', 'items', 'unit'],
  linear_metre: [
    'linear_metre',
    'linear metre',
    'linear meter',
    'linear metres',
    'lm',
    'l/m',
    'metre',
    'meter',
    'm',
  ],
};

const UNIT_BY_WORD = new Map(
  Object.entries(UNIT_WORDS).flatMap(([unit, words]) => words.map((w) => [w, unit as SellingUnit])),
);

/**
 * A unit as a file or a person writes it → its code; '' or anything else → null.
 *
 * parseSellingUnit('m2') → 'm2'
 * parseSellingUnit('per m²') → 'm2'
 * parseSellingUnit('Litre') → 'litre'
 * parseSellingUnit('/ linear metre') → 'linear_metre'
 * parseSellingUnit('EACH') → 'each'
 * parseSellingUnit('bag') → null
 */
export function parseSellingUnit(text: string): SellingUnit | null {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/^(?:per\s+|\/\s*)/, '')
    .replace(/\s+/g, ' ');
  return UNIT_BY_WORD.get(key) ?? null;
}

/** A price quoted "per litre", "/ m", "each"… in a product's name or description. */
const QUOTED_UNIT =
  /(?:\bper\s+|\/\s*)(linear\s+met(?:re|er)|sq(?:uare)?\.?\s*met(?:re|er)|m²|m2|sqm|litre|liter|ltr|met(?:re|er)|m|piece|pc|item)(?![\w²])|\b(each)\b/i;

/**
 * The unit a price is quoted in, in a product's name or short description ("per litre", "/ m",
 * "each"), for imports told to infer units; null when none is named.
 *
 * quotedSellingUnit(['Stone Sealer (per litre)']) → 'litre'
 * quotedSellingUnit(['Marble Skirting', 'Sold per metre, cut to length']) → 'linear_metre'
 * quotedSellingUnit(['Slate Tiles, £30 per m²']) → 'm2'
 * quotedSellingUnit(['Beach Pebbles']) → null
 */
export function quotedSellingUnit(texts: readonly string[]): SellingUnit | null {
  for (const text of texts) {
    const match = QUOTED_UNIT.exec(text);
    if (match) return parseSellingUnit(match[1] ?? match[2]!);
  }
  return null;
}

/**
 * The unit a product's sizes imply, for imports told to infer units: "each" when none of its
 * sizes is a tile size in mm (an item, a tin of sealer, a hoodie in Red), else null.
 *
 * unitOfOptions(['Red, No', 'Blue, Yes']) → 'each'
 * unitOfOptions(['600x400x20', 'Free Sample']) → null
 * unitOfOptions(['Free Sample']) → null
 */
export function unitOfOptions(options: readonly string[]): SellingUnit | null {
  const sizes = options.filter((option) => variationKind(option) === 'size');
  return sizes.length > 0 && sizes.every((option) => tileAreaM2(option) === null) ? 'each' : null;
}

/** Why a product cannot be sold as it stands; null when it can. */
export type UnsellableReason =
  | { kind: 'no-size' }
  | { kind: 'zero-price'; option: string }
  | { kind: 'no-area'; option: string };

/**
 * Whether a product can go on sale: it needs a size (a variation other than a sample), none of
 * its sizes may be priced £0.00 (the shop would take orders for nothing), and a product sold by
 * the m² needs a tile size in every size, or its price per m² has no area to apply to.
 *
 * unsellableReason('m2', [{ option: 'Free Sample', pricePence: 0 }]) → { kind: 'no-size' }
 * unsellableReason('each', [{ option: 'Red', pricePence: 0 }]) → { kind: 'zero-price', option: 'Red' }
 * unsellableReason('m2', [{ option: 'Red', pricePence: 2000 }]) → { kind: 'no-area', option: 'Red' }
 * unsellableReason('m2', [{ option: '600x400x20', pricePence: 4500 }]) → null
 */
export function unsellableReason(
  unit: SellingUnit,
  variations: readonly { option: string; pricePence: number }[],
): UnsellableReason | null {
  const sizes = variations.filter((v) => variationKind(v.option) === 'size');
  if (sizes.length === 0) return { kind: 'no-size' };
  const free = sizes.find((v) => v.pricePence <= 0);
  if (free) return { kind: 'zero-price', option: free.option };
  if (unit === 'm2') {
    const noArea = sizes.find((v) => tileAreaM2(v.option) === null);
    if (noArea) return { kind: 'no-area', option: noArea.option };
  }
  return null;
}

/**
 * A price and what it is for, as listings and the product page show it.
 *
 * priceWithUnit('£45.00', 'm2') → '£45.00/M2'
 * priceWithUnit('£12.95', 'litre') → '£12.95 per litre'
 * priceWithUnit('£180.00', 'each') → '£180.00 each'
 */
export function priceWithUnit(amount: string, unit: SellingUnit): string {
  return unit === 'm2' ? `${amount}/M2` : `${amount} ${SELLING_UNIT_LABELS[unit]}`;
}

/** What a unit price is for, in an order's words (mail, invoice, credit note). */
const LINE_UNIT_WORDS: Readonly<Record<SellingUnit, string>> = {
  m2: 'per m²',
  piece: 'per piece',
  litre: 'per litre',
  each: 'each',
  linear_metre: 'per linear metre',
};

/** A counted unit, singular and plural: what an order line's quantity is a number of. */
const COUNT_WORDS: Readonly<Record<SellingUnit, readonly [string, string]>> = {
  m2: ['piece', 'pieces'],
  piece: ['piece', 'pieces'],
  litre: ['litre', 'litres'],
  each: ['item', 'items'],
  linear_metre: ['linear metre', 'linear metres'],
};

/** An order line as far as its unit goes: how it was priced and the product's selling unit. */
export interface LineUnitFacts {
  /** How the line was priced: by the m² (a tile size's m²) or by the piece. */
  unit: 'm2' | 'item';
  kind: 'size' | 'free-sample' | 'full-size-sample';
  /** The product's unit when it was sold; lines from before units were kept read 'm2'. */
  selling_unit: SellingUnit;
}

/** A sample is a piece whatever its product sells by. */
const countedUnit = (line: LineUnitFacts): SellingUnit =>
  line.kind === 'size' ? line.selling_unit : 'piece';

/**
 * What an order line's unit price is for: per m² for tiles priced by area; samples, and lines
 * of products sold by the m² that had no area, "each", as they always read; else the unit.
 *
 * lineUnitText({ unit: 'm2', kind: 'size', selling_unit: 'm2' }) → 'per m²'
 * lineUnitText({ unit: 'item', kind: 'size', selling_unit: 'litre' }) → 'per litre'
 * lineUnitText({ unit: 'item', kind: 'full-size-sample', selling_unit: 'm2' }) → 'each'
 */
export function lineUnitText(line: LineUnitFacts): string {
  if (line.unit === 'm2') return LINE_UNIT_WORDS.m2;
  return line.kind !== 'size' || line.selling_unit === 'm2'
    ? 'each'
    : LINE_UNIT_WORDS[line.selling_unit];
}

/**
 * An order line's quantity in its unit's words.
 *
 * lineCountText(46, { unit: 'm2', kind: 'size', selling_unit: 'm2' }) → '46 pieces'
 * lineCountText(3, { unit: 'item', kind: 'size', selling_unit: 'litre' }) → '3 litres'
 * lineCountText(1, { unit: 'item', kind: 'size', selling_unit: 'each' }) → '1 item'
 */
export function lineCountText(count: number, line: LineUnitFacts): string {
  const [one, many] = COUNT_WORDS[countedUnit(line)];
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The quantity field's name for a product sold by the unit.
 *
 * quantityLabel('m2') → 'Pieces'
 * quantityLabel('litre') → 'Litres'
 */
export function quantityLabel(unit: SellingUnit): string {
  const plural = COUNT_WORDS[unit][1];
  return plural.charAt(0).toUpperCase() + plural.slice(1);
}
