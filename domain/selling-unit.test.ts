import { describe, expect, it } from 'vitest';
import {
  parseSellingUnit,
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
