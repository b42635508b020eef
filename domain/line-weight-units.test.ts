import { describe, expect, it } from 'vitest';
import { lineWeightKg, type DeliveryLine } from './delivery.ts';
import type { SellingUnit } from './selling-unit.ts';

/** A size line of a product sold by `unit`: `quantity` of that unit. */
const line = (
  option: string,
  material: string | null,
  quantity: number,
  m2: number | null,
  sellingUnit: SellingUnit,
): DeliveryLine => ({ option, kind: 'size', material, pieces: quantity, m2, sellingUnit });
const sample = (sellingUnit: SellingUnit): DeliveryLine => ({
  option: 'Full Size Sample (600x400x20)',
  kind: 'full-size-sample',
  material: 'marble',
  pieces: 1,
  m2: null,
  sellingUnit,
});

describe('lineWeightKg by selling unit: "a size weighs as the unit it is sold by"', () => {
  // Before the selling unit was weighed, a size's figures were one piece's measurements whatever
  // the product sold by: 3 m of 1200x150x20 skirting weighed as 3 pieces (3 × 0.18 m² × 54 =
  // 29.16 kg), 3 m of 305x50x15 as 1.85 kg, 5 litres of a '5 Litre' sealer as 5 tubs (30 kg).
  it("weighs a linear metre as 1 m of the size's narrower side", () => {
    // 3 m × 0.15 m × 54 kg/m² (marble, 20 mm) = 24.3 kg.
    expect(lineWeightKg(line('1200x150x20', 'marble', 3, null, 'linear_metre'))).toBe(24.3);
    // 3 m × 0.05 m × 40.5 kg/m² (marble, 15 mm) = 6.075 kg.
    expect(lineWeightKg(line('305x50x15', 'marble', 3, null, 'linear_metre'))).toBe(6.08);
    // The narrower side, whichever the size names first.
    expect(lineWeightKg(line('150x1200x20', 'marble', 3, null, 'linear_metre'))).toBe(24.3);
    // No size: a nominal 5 kg a metre.
    expect(lineWeightKg(line('Bullnose edge', 'marble', 2, null, 'linear_metre'))).toBe(10);
  });

  it('weighs a line sold by the litre at 1.2 kg a litre, whatever tub the option names', () => {
    expect(lineWeightKg(line('5 Litre', null, 5, null, 'litre'))).toBe(6);
    expect(lineWeightKg(line('600x400x20', null, 10, null, 'litre'))).toBe(12);
  });

  it('weighs pieces and items by their size, as tiles', () => {
    // 2 basins of 450x350x120 marble: 2 × 0.1575 m² × 324 kg/m² = 102.06 kg.
    expect(lineWeightKg(line('450x350x120', 'marble', 2, null, 'each'))).toBe(102.06);
    expect(lineWeightKg(line('600x400x20', 'marble', 10, null, 'piece'))).toBe(129.6);
    expect(lineWeightKg(line('5 Litre', 'slate', 2, null, 'each'))).toBe(12);
  });

  it('weighs a full-size sample as one piece, whatever its product sells by', () => {
    expect(lineWeightKg(sample('linear_metre'))).toBe(12.96);
    expect(lineWeightKg(sample('litre'))).toBe(12.96);
  });
});
