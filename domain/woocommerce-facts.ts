// What the product page says of the stone, in the product CSV: the facts staff enter (frost and
// slip ratings, sealing advice) as Meta: columns an owner can fill in a spreadsheet, and each
// size's thickness, pieces and weight per m² beside it for reading. Material, finish and uses are
// the Material, Finish and Room Type Usage attribute columns.
import {
  FACT_MAX_LENGTH,
  FACTS_MESSAGES,
  SEALING_ADVICE_MAX_LENGTH,
  type AdminFactsJson,
} from './product-facts.ts';
import { sizeSpecifications } from './product-specifications.ts';
import { TESSERA_META } from './woocommerce-csv.ts';

/** The facts' columns, each with the product_facts field it fills and its longest text. */
export const FACT_COLUMNS = [
  { meta: TESSERA_META.frostResistance, field: 'frost_resistance', max: FACT_MAX_LENGTH },
  { meta: TESSERA_META.slipRating, field: 'slip_rating', max: FACT_MAX_LENGTH },
  { meta: TESSERA_META.sealingAdvice, field: 'sealing_advice', max: SEALING_ADVICE_MAX_LENGTH },
] as const satisfies readonly { meta: string; field: keyof AdminFactsJson; max: number }[];

/** The size figures' columns, worked out from the size and the product's Material. */
export const SIZE_FIGURE_COLUMNS = [
  TESSERA_META.thicknessMm,
  TESSERA_META.piecesPerM2,
  TESSERA_META.weightKgPerM2,
] as const;

/** The facts a product row sets: only those whose column the file has ('' clears one). */
export type ImportFacts = Partial<AdminFactsJson>;

/**
 * The facts of a product row; undefined when the file has none of their columns. A text over its
 * length is reported against its column and left out.
 *
 * factsOfRow(['PTV 36+'], new Map([['_tessera_slip_rating', 0]]), report) → { slip_rating: 'PTV 36+' }
 */
export function factsOfRow(
  cells: readonly string[],
  meta: ReadonlyMap<string, number>,
  problem: (field: string, message: string) => void,
): ImportFacts | undefined {
  let facts: ImportFacts | undefined;
  for (const column of FACT_COLUMNS) {
    const index = meta.get(column.meta);
    if (index === undefined) continue;
    const text = (cells[index] ?? '').trim();
    if (text.length > column.max) {
      const tooLong =
        column.field === 'sealing_advice'
          ? FACTS_MESSAGES.sealingTooLong
          : FACTS_MESSAGES.factTooLong;
      problem(`Meta: ${column.meta}`, tooLong);
      continue;
    }
    (facts ??= {})[column.field] = text;
  }
  return facts;
}

/** A product row's facts cells. */
export function factCells(facts: AdminFactsJson): Record<string, string> {
  return Object.fromEntries(FACT_COLUMNS.map((c) => [`Meta: ${c.meta}`, facts[c.field]]));
}

/**
 * A size row's figures: thickness in mm, pieces and kg per m²; empty where not known (a sample,
 * an unsized option, a material of unknown density).
 *
 * sizeFigureCells('600x400x20', 'Marble') → { thickness 20, pieces per m² 4.17, kg per m² 54 }
 */
export function sizeFigureCells(option: string, material: string | null): Record<string, string> {
  const [size] = sizeSpecifications([{ id: 0, option }], material);
  const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  return {
    [`Meta: ${TESSERA_META.thicknessMm}`]: text(size?.thickness_mm),
    [`Meta: ${TESSERA_META.piecesPerM2}`]: text(size?.pieces_per_m2),
    [`Meta: ${TESSERA_META.weightKgPerM2}`]: text(size?.weight_kg_per_m2),
  };
}
