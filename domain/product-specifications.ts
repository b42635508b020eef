// The specification rows of a product page, from what the shop knows: its attribute terms, the
// facts staff entered and its sizes. A row nobody knows is left out, never guessed.
import { parseTileSize } from './area.ts';
import { ATTRIBUTES } from './catalogue.ts';
import { STONE_DENSITY_T_PER_M3 } from './delivery.ts';
import { roundHalfUp } from './money.ts';
import type { AdminFactsJson, SizeSpecificationJson, SpecificationJson } from './product-facts.ts';
import { variationKind } from './samples.ts';

type AttributeId = (typeof ATTRIBUTES)[number]['id'];

/** The attribute rows, in the order a specification reads: what it is, then how it looks. */
const ATTRIBUTE_ROWS: readonly {
  key: SpecificationJson['key'];
  attributeId: AttributeId;
  name: string;
}[] = [
  { key: 'material', attributeId: 6, name: 'Material' },
  { key: 'finish', attributeId: 2, name: 'Finish' },
  { key: 'colour', attributeId: 8, name: 'Colour' },
  { key: 'suitable_for', attributeId: 7, name: 'Suitable for' },
];

/**
 * A product's specification rows: its terms, then the ratings and advice staff entered; rows
 * with nothing known are left out.
 *
 * productSpecifications([{ id: 6, options: ['Marble'] }], { frost_resistance: '', slip_rating: 'R10', sealing_advice: '' })
 *   → [{ key: 'material', name: 'Material', value: 'Marble' }, { key: 'slip_rating', name: 'Slip rating', value: 'R10' }]
 */
export function productSpecifications(
  attributes: readonly { id: number; options: readonly string[] }[],
  facts: AdminFactsJson,
): SpecificationJson[] {
  const rows: SpecificationJson[] = ATTRIBUTE_ROWS.map(({ key, attributeId, name }) => ({
    key,
    name,
    value: attributes.find((a) => a.id === attributeId)?.options.join(', ') ?? '',
  }));
  rows.push(
    { key: 'frost_resistance', name: 'Frost resistance', value: facts.frost_resistance },
    { key: 'slip_rating', name: 'Slip rating', value: facts.slip_rating },
    { key: 'sealing', name: 'Sealing', value: facts.sealing_advice },
  );
  return rows.filter((row) => row.value.trim() !== '');
}

/**
 * kg per m² of a material at a thickness, or null when the material's density is not in the
 * shop's table or the size names no thickness. Delivery assumes the heaviest stone and 20 mm for
 * those (a parcel must never be under-quoted); a page telling a builder the weight must not.
 *
 * knownKgPerM2('Marble', 20) → 54
 * knownKgPerM2('Unobtainium', 20) → null
 * knownKgPerM2('Marble', null) → null
 */
export function knownKgPerM2(material: string | null, thicknessMm: number | null): number | null {
  const density = STONE_DENSITY_T_PER_M3[material?.trim().toLowerCase() ?? ''];
  if (density === undefined || thicknessMm === null) return null;
  return roundHalfUp(density * thicknessMm, 2);
}

/**
 * Each size's measurements: width × length (and thickness) in mm, pieces per m² and weight per
 * m². Samples and options without a size (a 5 litre tub) have none.
 *
 * sizeSpecifications([{ id: 1, option: '600x400x20' }], 'Marble')
 *   → [{ variation_id: 1, option: '600x400x20', width_mm: 600, length_mm: 400, thickness_mm: 20,
 *        pieces_per_m2: 4.17, weight_kg_per_m2: 54 }]
 */
export function sizeSpecifications(
  variations: readonly { id: number; option: string }[],
  material: string | null,
): SizeSpecificationJson[] {
  return variations.flatMap(({ id, option }) => {
    const size = variationKind(option) === 'size' ? parseTileSize(option) : null;
    if (!size) return [];
    return [
      {
        variation_id: id,
        option,
        width_mm: size.widthMm,
        length_mm: size.heightMm,
        thickness_mm: size.thicknessMm,
        pieces_per_m2: roundHalfUp(1_000_000 / (size.widthMm * size.heightMm), 2),
        weight_kg_per_m2: knownKgPerM2(material, size.thicknessMm),
      },
    ];
  });
}
