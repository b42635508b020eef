import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  VAT_PERCENT,
  VAT_RATE,
  addVatPence,
  exVatPence,
  splitGross,
  sumSplits,
  vatIncludedPence,
  vatPercentOn,
} from './vat.ts';

describe('VAT constants: "VAT 20%"', () => {
  it('is 20 %', () => {
    expect(VAT_RATE).toBe(0.2);
    expect(VAT_PERCENT).toBe(20);
  });
});

describe('exVatPence: "the \'hide vat?\' toggle divides the price by 1.2"', () => {
  it('divides by 1.2 to the penny', () => {
    expect(exVatPence(12000)).toBe(10000);
    expect(exVatPence(1999)).toBe(1666);
    expect(exVatPence(5000)).toBe(4167);
    expect(exVatPence(0)).toBe(0);
    expect(exVatPence(1)).toBe(1);
  });
});

describe('vatIncludedPence: VAT contained in a VAT-inclusive subtotal (design.md section 7)', () => {
  it('is gross − gross / 1.2, not 20 % of gross', () => {
    expect(vatIncludedPence(12000)).toBe(2000);
    expect(vatIncludedPence(12000)).not.toBe(12000 * VAT_RATE);
    expect(vatIncludedPence(1999)).toBe(333);
    expect(vatIncludedPence(0)).toBe(0);
  });

  const gross = fc.integer({ min: 0, max: 1e11 });

  it('property: VAT included + ex-VAT = gross, to the penny', () => {
    fc.assert(
      fc.property(gross, (g) => {
        expect(vatIncludedPence(g) + exVatPence(g)).toBe(g);
      }),
    );
  });

  it('property: ex-VAT is gross / 1.2 within half a penny; VAT is never negative', () => {
    fc.assert(
      fc.property(gross, (g) => {
        expect(Math.abs(exVatPence(g) - g / 1.2)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(vatIncludedPence(g) - g / 6)).toBeLessThanOrEqual(0.5);
        expect(vatIncludedPence(g)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('addVatPence', () => {
  it('adds 20 %', () => {
    expect(addVatPence(10000)).toBe(12000);
    expect(addVatPence(1666)).toBe(1999);
  });

  it('property: adding VAT to an ex-VAT price gets back within a penny', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), (g) => {
        expect(Math.abs(addVatPence(exVatPence(g)) - g)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('splitGross and sumSplits: the one VAT split of lines, delivery and totals', () => {
  it('splits net = gross / 1.2 to the penny and gives VAT the rest', () => {
    expect(splitGross(12000)).toEqual({ netPence: 10000, vatPence: 2000, grossPence: 12000 });
    expect(splitGross(1999)).toEqual({ netPence: 1666, vatPence: 333, grossPence: 1999 });
    expect(splitGross(0)).toEqual({ netPence: 0, vatPence: 0, grossPence: 0 });
  });

  it('property: totals of splits add up exactly, part by part', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { maxLength: 30 }),
        (grosses) => {
          const total = sumSplits(grosses.map(splitGross));
          expect(total.netPence + total.vatPence).toBe(total.grossPence);
          expect(total.grossPence).toBe(grosses.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
});

describe('a rate by the day it takes effect', () => {
  const rates = [
    { effectiveFrom: '2011-01-04', percent: 20 },
    { effectiveFrom: '2027-04-01', percent: 22.5 },
  ];

  it('is the latest rate taking effect on or before the day', () => {
    expect(vatPercentOn(rates, '2027-03-31')).toBe(20);
    expect(vatPercentOn(rates, '2027-04-01')).toBe(22.5);
    expect(vatPercentOn([...rates].reverse(), '2030-01-01')).toBe(22.5);
  });

  it('splits the same shelf price at another rate by the one rounding rule', () => {
    expect(splitGross(48000, 22.5)).toEqual({ netPence: 39184, vatPence: 8816, grossPence: 48000 });
    expect(splitGross(1999, 17.5)).toEqual({ netPence: 1701, vatPence: 298, grossPence: 1999 });
    expect(splitGross(1999, 0)).toEqual({ netPence: 1999, vatPence: 0, grossPence: 1999 });
    expect(addVatPence(1701, 17.5)).toBe(1999);
  });
});
