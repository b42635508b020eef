import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  firstNumberIn,
  formatGBP,
  formatPoundsPlain,
  penceToPounds,
  roundHalfUp,
  roundPence,
  toPence,
  tryToPence,
} from './money.ts';

describe('roundPence: the one rounding rule for money', () => {
  it('rounds half up to the nearest penny', () => {
    expect(roundPence(479.76)).toBe(480);
    expect(roundPence(1699.15)).toBe(1699);
    expect(roundPence(0.5)).toBe(1);
    expect(roundPence(2.5)).toBe(3);
    expect(roundPence(2.4999)).toBe(2);
  });

  it('rounds negative halves away from zero and never returns -0', () => {
    expect(roundPence(-0.5)).toBe(-1);
    expect(roundPence(-2.5)).toBe(-3);
    expect(Object.is(roundPence(-0.4), 0)).toBe(true);
  });

  it('is not fooled by binary float noise on a true half', () => {
    // 1.005 × 100 is 100.5 exactly, but the double is 100.49999999999999.
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(roundPence(1.005 * 100)).toBe(101);
    // 8.675 × 100 is 867.5, the double 867.5000000000001: still 868, not more.
    expect(roundPence(8.675 * 100)).toBe(868);
  });

  it('refuses non-finite amounts', () => {
    expect(() => roundPence(Number.NaN)).toThrow(RangeError);
    expect(() => roundPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('property: gives a whole number within half a penny of its input', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const rounded = roundPence(x);
        expect(Number.isInteger(rounded)).toBe(true);
        expect(Math.abs(rounded - x)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('property: whole pence stay as they are, and n + ½ goes up', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(roundPence(n)).toBe(n);
        expect(roundPence(Math.abs(n) + 0.5)).toBe(Math.abs(n) + 1);
      }),
    );
  });
});

describe('roundHalfUp', () => {
  it('rounds to a number of decimals', () => {
    expect(roundHalfUp(1.0005, 3)).toBe(1.001);
    expect(roundHalfUp(0.24, 3)).toBe(0.24);
    expect(roundHalfUp(0.0936, 3)).toBe(0.094);
  });

  it('rejects impossible decimal counts', () => {
    expect(() => roundHalfUp(1, -1)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 1.5)).toThrow(RangeError);
    expect(() => roundHalfUp(1, 13)).toThrow(RangeError);
  });
});

describe('toPence', () => {
  it('parses the brief examples', () => {
    expect(toPence('12.5')).toBe(1250);
    expect(toPence('£1,234.56')).toBe(123456);
    expect(toPence(12.345)).toBe(1235);
  });

  it('rounds half up on the third decimal, reading digits rather than floats', () => {
    expect(toPence('12.345')).toBe(1235);
    expect(toPence('12.3449999')).toBe(1234);
    expect(toPence('0.005')).toBe(1);
    expect(toPence('0.004')).toBe(0);
    expect(toPence(1.005)).toBe(101);
  });

  it('accepts signs, spaces and bare fractions', () => {
    expect(toPence('-£3.10')).toBe(-310);
    expect(toPence('£-3.10')).toBe(-310);
    expect(toPence('+2')).toBe(200);
    expect(toPence('  £ 7 ')).toBe(700);
    expect(toPence('.5')).toBe(50);
    expect(toPence('5.')).toBe(500);
    expect(toPence(0)).toBe(0);
    expect(Object.is(toPence('-0.00'), 0)).toBe(true);
  });

  it('handles numbers JavaScript prints with an exponent', () => {
    expect(toPence(1e21)).toBe(1e23);
    expect(toPence(1e-7)).toBe(0);
  });

  it('throws for text that is not an amount; tryToPence gives null', () => {
    for (const text of ['abc', '', '£', '-', '1,23', '12.5.1', '12,34.5', '£12 50']) {
      expect(() => toPence(text), text).toThrow(RangeError);
      expect(tryToPence(text), text).toBeNull();
    }
    expect(tryToPence(Number.NaN)).toBeNull();
    expect(tryToPence(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('property: reads back every formatted amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (p) => {
        expect(toPence(formatPoundsPlain(p))).toBe(p);
        expect(toPence(formatGBP(p))).toBe(p);
        expect(toPence(p / 100)).toBe(p);
      }),
    );
  });
});

describe('penceToPounds', () => {
  it('converts for display and JSON', () => {
    expect(penceToPounds(123456)).toBe(1234.56);
    expect(penceToPounds(5)).toBe(0.05);
    expect(penceToPounds(0)).toBe(0);
  });
});

describe('formatGBP', () => {
  it('writes pounds sterling with thousands commas and two decimals', () => {
    expect(formatGBP(123456)).toBe('£1,234.56');
    expect(formatGBP(1250)).toBe('£12.50');
    expect(formatGBP(0)).toBe('£0.00');
    expect(formatGBP(-0)).toBe('£0.00');
    expect(formatGBP(-99)).toBe('-£0.99');
    expect(formatGBP(100_000_000)).toBe('£1,000,000.00');
    expect(formatGBP(99_999)).toBe('£999.99');
    expect(formatGBP(479.5)).toBe('£4.80');
  });

  it("property: says what Intl.NumberFormat('en-GB', GBP) says", () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (p) => {
        expect(formatGBP(p)).toBe(intl.format(p / 100));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatPoundsPlain', () => {
  it('gives two decimals, no symbol, no separator', () => {
    expect(formatPoundsPlain(123456)).toBe('1234.56');
    expect(formatPoundsPlain(5)).toBe('0.05');
    expect(formatPoundsPlain(0)).toBe('0.00');
    expect(formatPoundsPlain(-1250)).toBe('-12.50');
  });
});

describe('firstNumberIn: "price is the first number in it" (spec section 3)', () => {
  it('reads the first number of HTML or text', () => {
    expect(firstNumberIn('<span>£45.00</span> – £60')).toBe(45);
    expect(firstNumberIn('From 12.5 per m2')).toBe(12.5);
    expect(firstNumberIn('£1,234.56')).toBe(1234.56);
    expect(firstNumberIn('12,345,678.9')).toBe(12345678.9);
    expect(firstNumberIn('Save 15%')).toBe(15);
  });

  it('ignores numbers inside tags and entities', () => {
    expect(firstNumberIn('<bdi><span>&#163;</span>1,234.56</bdi>')).toBe(1234.56);
    expect(firstNumberIn('<span class="amount2">&pound;45.00</span>')).toBe(45);
    expect(
      firstNumberIn(
        '<del aria-hidden="true"><span class="woocommerce-Price-amount amount"><bdi>' +
          '<span class="woocommerce-Price-currencySymbol">&#xa3;</span>60.00</bdi></span></del>',
      ),
    ).toBe(60);
  });

  it('returns null when there is no number', () => {
    expect(firstNumberIn('Call us')).toBeNull();
    expect(firstNumberIn('')).toBeNull();
    expect(firstNumberIn('<b>&#163;</b>')).toBeNull();
  });
});
