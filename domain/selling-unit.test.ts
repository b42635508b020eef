import { describe, expect, it } from 'vitest';
import { displayQuantity, optionPrice } from './cart.ts';
import { fromPriceLabel } from './pricing.ts';
import {
  lineCountText,
  lineUnitText,
  parseSellingUnit,
  priceWithUnit,
  quantityLabel,
  type SellingUnit,
  quotedSellingUnit,
  SELLING_UNIT_LABELS,
  SELLING_UNITS,
  unitOfOptions,
  unsellableReason,
} from './selling-unit.ts';

describe('selling units', () => {
  it('has a stable code and a price label for each unit', () => {
    expect(SELLING_UNITS).toEqual(['m2', 'piece', 'litre', 'each', 'linear_metre']);
    expect(SELLING_UNIT_LABELS).toEqual({
      m2: '/ M2',
      piece: 'per piece',
      litre: 'per litre',
      each: 'each',
      linear_metre: 'per m',
    });
  });

  it('reads the codes and the ways people write them', () => {
    const read = (texts: string[]) => texts.map(parseSellingUnit);
    expect(read(['m2', 'M²', 'per m2', '/ sq m', 'Square Metre'])).toEqual(Array(5).fill('m2'));
    expect(read(['litre', 'Liter', 'per litre', 'L'])).toEqual(Array(4).fill('litre'));
    expect(read(['linear_metre', 'per m', 'Linear Metre', 'lm'])).toEqual(
      Array(4).fill('linear_metre'),
    );
    expect(read(['each', 'EA', 'item'])).toEqual(Array(3).fill('each'));
    expect(read(['piece', 'pcs'])).toEqual(['piece', 'piece']);
    expect(read(['', 'bag', 'per', 'm3'])).toEqual([null, null, null, null]);
  });
});

describe('inferring a unit', () => {
  it('takes a price quoted per unit in the name, then in the short description', () => {
    expect(quotedSellingUnit(['Stone Sealer (per litre)', ''])).toBe('litre');
    expect(quotedSellingUnit(['Marble Skirting', 'Sold per metre, cut to length'])).toBe(
      'linear_metre',
    );
    expect(quotedSellingUnit(['Slate Tiles, £30 per m²'])).toBe('m2');
    expect(quotedSellingUnit(['Slate Tiles, £30/m2'])).toBe('m2');
    expect(quotedSellingUnit(['Basin, £180 each'])).toBe('each');
    expect(quotedSellingUnit(['Beach Pebbles', 'Bathroom, kitchen'])).toBeNull();
  });

  it('sells by the item what has no tile size, and says nothing of tiles', () => {
    expect(unitOfOptions(['Red, No', 'Blue, Yes'])).toBe('each');
    expect(unitOfOptions(['1 Litre', '5 Litre'])).toBe('each');
    expect(unitOfOptions(['600x400x20', 'Free Sample'])).toBeNull();
    expect(unitOfOptions(['Free Sample'])).toBeNull();
    expect(unitOfOptions([])).toBeNull();
  });
});

describe('unsellableReason', () => {
  const size = (option: string, pricePence: number) => ({ option, pricePence });

  it('needs a size that is not a sample', () => {
    expect(unsellableReason('m2', [])).toEqual({ kind: 'no-size' });
    expect(
      unsellableReason('m2', [size('Free Sample', 0), size('Full Size Sample (600x400)', 500)]),
    ).toEqual({ kind: 'no-size' });
  });

  it('refuses a size priced £0.00, whatever the unit', () => {
    expect(unsellableReason('each', [size('Red', 2000), size('Blue', 0)])).toEqual({
      kind: 'zero-price',
      option: 'Blue',
    });
    expect(unsellableReason('m2', [size('600x400x20', 0), size('Free Sample', 0)])).toEqual({
      kind: 'zero-price',
      option: '600x400x20',
    });
  });

  it('needs a tile size in every size of a product sold by the m², and in no other', () => {
    expect(unsellableReason('m2', [size('600x400x20', 4500), size('Each', 1800)])).toEqual({
      kind: 'no-area',
      option: 'Each',
    });
    expect(unsellableReason('each', [size('Each', 1800)])).toBeNull();
    expect(unsellableReason('litre', [size('5 Litre', 5995)])).toBeNull();
    expect(unsellableReason('m2', [size('600x400x20', 4500), size('Free Sample', 0)])).toBeNull();
  });
});

describe('selling units on screens and papers', () => {
  const size = (selling_unit: SellingUnit) =>
    ({ unit: 'item', kind: 'size', selling_unit }) as const;

  it('labels prices, quantities and quantity fields by the product unit', () => {
    expect(priceWithUnit('£45.00', 'm2')).toBe('£45.00/M2');
    expect(priceWithUnit('£12.95', 'litre')).toBe('£12.95 per litre');
    expect(priceWithUnit('£3.10', 'piece')).toBe('£3.10 per piece');
    expect(priceWithUnit('£180.00', 'each')).toBe('£180.00 each');
    expect(priceWithUnit('£22.00', 'linear_metre')).toBe('£22.00 per m');
    expect(fromPriceLabel(1295, 'litre')).toBe('From £12.95 per litre');
    expect(fromPriceLabel(1250)).toBe('From £12.50/M2');
    expect(optionPrice('£45.00', '600x400x20', 'm2')).toBe('£45.00/M2');
    expect(optionPrice('£9.00', '5 Litre', 'm2')).toBe('£9.00');
    expect(optionPrice('£8.50', 'Full Size Sample (600x400x20)', 'litre')).toBe('£8.50');
    expect(optionPrice('£12.95', '1 Litre', 'litre')).toBe('£12.95 per litre');
    expect(displayQuantity(3, null, 'litre')).toBe('3 litres');
    expect(displayQuantity(1, null, 'each')).toBe('1 item');
    expect(displayQuantity(2, 0.48, 'm2')).toBe('2 pcs (0.480 m²)');
    expect(SELLING_UNITS.map(quantityLabel)).toEqual([
      'Pieces',
      'Pieces',
      'Litres',
      'Items',
      'Linear metres',
    ]);
  });

  it('words an order line by the unit it was sold in; old lines read as they did', () => {
    expect(lineUnitText({ unit: 'm2', kind: 'size', selling_unit: 'm2' })).toBe('per m²');
    expect(lineUnitText(size('litre'))).toBe('per litre');
    expect(lineUnitText(size('piece'))).toBe('per piece');
    expect(lineUnitText(size('each'))).toBe('each');
    expect(lineUnitText(size('linear_metre'))).toBe('per linear metre');
    // Sundries sold before units were kept ('m2', priced per item) and samples: "each".
    expect(lineUnitText(size('m2'))).toBe('each');
    expect(lineUnitText({ unit: 'item', kind: 'full-size-sample', selling_unit: 'litre' })).toBe(
      'each',
    );
    expect(lineCountText(3, size('litre'))).toBe('3 litres');
    expect(lineCountText(1, size('linear_metre'))).toBe('1 linear metre');
    expect(lineCountText(46, size('m2'))).toBe('46 pieces');
    expect(lineCountText(2, { unit: 'item', kind: 'free-sample', selling_unit: 'each' })).toBe(
      '2 pieces',
    );
  });
});
