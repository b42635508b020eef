import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { displayQuantity, lineM2, lineMetaData, lineSize, variationPricing } from './cart.ts';

describe('variationPricing: sizes per m², samples and unsized goods per item (spec section 9)', () => {
  it('prices a tile size per m² by its tile area', () => {
    expect(variationPricing('600x400x20', 'm2')).toEqual({
      kind: 'size',
      perM2: true,
      areaM2: 0.24,
    });
  });
  it('prices a Full Size Sample per item', () => {
    expect(variationPricing('Full Size Sample (600x400x20)', 'm2')).toEqual({
      kind: 'full-size-sample',
      perM2: false,
      areaM2: 0.24,
    });
  });
  it('prices a free sample and an unsized option per item', () => {
    expect(variationPricing('Free Sample', 'm2').perM2).toBe(false);
    expect(variationPricing('5 Litre', 'm2')).toEqual({ kind: 'size', perM2: false, areaM2: null });
  });
  it('prices a tile-like size of a product not sold by the m² per item', () => {
    for (const unit of ['litre', 'each', 'piece', 'linear_metre'] as const) {
      expect(variationPricing('600x400', unit)).toEqual({
        kind: 'size',
        perM2: false,
        areaM2: 0.24,
      });
    }
  });
});

describe('lineM2: the m² whole pieces cover', () => {
  it('is pieces × tile area to 3 decimals for a size', () => {
    expect(lineM2(3, '600x400x20', 'm2')).toBe(0.72);
    expect(lineM2(3, '305x305x10', 'm2')).toBe(0.279);
  });
  it('is null for samples and unsized goods', () => {
    expect(lineM2(2, 'Full Size Sample (600x400x20)', 'm2')).toBeNull();
    expect(lineM2(1, 'Free Sample', 'm2')).toBeNull();
    expect(lineM2(1, '1 Litre', 'm2')).toBeNull();
  });
  it('is null for a tile-like size of a product sold by the litre or each', () => {
    expect(lineM2(3, '600x400', 'litre')).toBeNull();
    expect(lineM2(3, '600x400x20', 'each')).toBeNull();
  });
  it('never covers less than the pieces ordered, within half a thousandth of m²', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 20, max: 3200 }),
        fc.integer({ min: 20, max: 3200 }),
        (pieces, w, h) => {
          const m2 = lineM2(pieces, `${w}x${h}`, 'm2')!;
          expect(Math.abs(m2 - (pieces * w * h) / 1_000_000)).toBeLessThanOrEqual(0.0005 + 1e-9);
        },
      ),
    );
  });
});

describe('displayQuantity', () => {
  it('reads pieces and the m² they cover', () => {
    expect(displayQuantity(3, 0.72)).toBe('3 pcs (0.720 m²)');
    expect(displayQuantity(1, 0.24)).toBe('1 pc (0.240 m²)');
  });
  it('reads pieces alone for lines without m²', () => {
    expect(displayQuantity(2, null)).toBe('2 pcs');
    expect(displayQuantity(1, null)).toBe('1 pc');
  });
});

describe('lineMetaData and lineSize', () => {
  it('marks samples and carries the size under both names', () => {
    expect(lineMetaData('Free Sample')).toEqual([
      { key: 'free-sample', value: 'yes' },
      { key: 'pa_sizemm', value: 'Free Sample' },
      { key: 'Size', value: 'Free Sample' },
    ]);
    expect(lineMetaData('Full Size Sample (600x400x20)')[0]).toEqual({
      key: 'full-size-sample',
      value: 'yes',
    });
    expect(lineMetaData('600x400x20')).toEqual([
      { key: 'pa_sizemm', value: '600x400x20' },
      { key: 'Size', value: '600x400x20' },
    ]);
  });
  it('reads the size back from a line', () => {
    expect(lineSize({ meta_data: lineMetaData('600x400x20') })).toBe('600x400x20');
    expect(lineSize({ meta_data: [] })).toBeNull();
  });
});
