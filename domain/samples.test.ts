import { describe, expect, it } from 'vitest';
import {
  SIZE_ATTRIBUTE_NAMES,
  findAvailableFreeSample,
  isFreeSample,
  isFullSizeSample,
  variationKind,
  variationOption,
} from './samples.ts';

describe('isFreeSample: "an option containing \'free sample\' marks a sample"', () => {
  it('matches in any case', () => {
    expect(isFreeSample('Free Sample (600x400x20)')).toBe(true);
    expect(isFreeSample('FREE SAMPLE')).toBe(true);
    expect(isFreeSample('free sample')).toBe(true);
    expect(isFreeSample('free-sample')).toBe(true);
  });

  it('does not match sizes or full-size samples', () => {
    expect(isFreeSample('600x400x20')).toBe(false);
    expect(isFreeSample('1200x600x30 Full Size Sample')).toBe(false);
    expect(isFreeSample('')).toBe(false);
  });
});

describe('isFullSizeSample: "may contain \'Full Size Sample\'"', () => {
  it('matches in any case', () => {
    expect(isFullSizeSample('1200x600x30 Full Size Sample')).toBe(true);
    expect(isFullSizeSample('FULL SIZE SAMPLE')).toBe(true);
    expect(isFullSizeSample('full-size sample')).toBe(true);
    expect(isFullSizeSample('full-size-sample')).toBe(true);
  });

  it('does not match free samples or sizes', () => {
    expect(isFullSizeSample('Free Sample (600x400x20)')).toBe(false);
    expect(isFullSizeSample('600x400')).toBe(false);
  });
});

describe('variationKind', () => {
  it('tells the three kinds apart', () => {
    expect(variationKind('Free Sample (600x400x20)')).toBe('free-sample');
    expect(variationKind('1200x600x30 Full Size Sample')).toBe('full-size-sample');
    expect(variationKind('600x400x20')).toBe('size');
    expect(variationKind('')).toBe('size');
  });
});

describe("variationOption: attributes[] (name 'Sizemm' or 'pa_sizemm', option text)", () => {
  it('reads the size attribute under either name', () => {
    expect(SIZE_ATTRIBUTE_NAMES).toEqual(['Sizemm', 'pa_sizemm']);
    expect(
      variationOption({ instock: true, attributes: [{ name: 'pa_sizemm', option: '600x400' }] }),
    ).toBe('600x400');
    expect(
      variationOption({
        instock: true,
        attributes: [
          { name: 'Colour', option: 'White' },
          { name: 'Sizemm', option: '(600x400x20)' },
        ],
      }),
    ).toBe('(600x400x20)');
    expect(
      variationOption({ instock: true, attributes: [{ name: 'Colour', option: 'White' }] }),
    ).toBeNull();
  });
});

describe('findAvailableFreeSample: "finds the one labelled free sample and checks it is in stock"', () => {
  const size = { id: 1, instock: true, attributes: [{ name: 'Sizemm', option: '600x400' }] };
  const sample = { id: 2, instock: true, attributes: [{ name: 'Sizemm', option: 'Free Sample' }] };
  const soldOut = { ...sample, id: 3, instock: false };

  it('returns the in-stock free sample', () => {
    expect(findAvailableFreeSample([size, sample])).toBe(sample);
    expect(findAvailableFreeSample([soldOut, sample])).toBe(sample);
  });

  it('returns null when there is none or it is out of stock ("Sample is not available")', () => {
    expect(findAvailableFreeSample([size])).toBeNull();
    expect(findAvailableFreeSample([size, soldOut])).toBeNull();
    expect(findAvailableFreeSample([])).toBeNull();
  });
});
