import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocatePence,
  applyDiscount,
  describeDiscount,
  discountRefusal,
  discountedSplit,
  lineEligible,
  normaliseCode,
  type DiscountLine,
  type DiscountRules,
} from './discounts.ts';
import { splitGross } from './vat.ts';

const rules = (over: Partial<DiscountRules> = {}): DiscountRules => ({
  id: 1,
  code: 'SAVE10',
  kind: 'percent',
  amount: 10,
  minSpendPence: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  maxUsesPerCustomer: null,
  productIds: [],
  categoryIds: [],
  active: true,
  ...over,
});

const line = (productId: number, grossPence: number, categoryIds: number[] = []): DiscountLine => ({
  productId,
  grossPence,
  categoryIds,
});

const NOW = new Date('2026-11-26T12:00:00Z');

describe('normaliseCode', () => {
  it('trims and upper-cases what the shopper typed', () => {
    expect(normaliseCode('  save10 ')).toBe('SAVE10');
  });
});

describe('discountRefusal: each reason a code is refused, with the words the shopper reads', () => {
  const basket = [line(1, 3000)];
  it('accepts a valid code', () => {
    expect(discountRefusal(rules(), basket, NOW)).toBeNull();
  });
  it('refuses a disabled code', () => {
    expect(discountRefusal(rules({ active: false }), basket, NOW)?.message).toBe(
      'This code is no longer valid',
    );
  });
  it('refuses before its start and from its end', () => {
    const starts = new Date('2026-12-01T00:00:00Z');
    expect(discountRefusal(rules({ startsAt: starts }), basket, NOW)).toEqual({
      reason: 'not_yet_valid',
      message: 'This code is valid from 1 December 2026: try again then',
    });
    const ends = new Date('2026-11-26T00:00:00Z');
    expect(discountRefusal(rules({ endsAt: ends }), basket, NOW)).toEqual({
      reason: 'expired',
      message: 'This code expired on 25 November 2026',
    });
    expect(discountRefusal(rules({ endsAt: new Date('2026-11-26T12:00:01Z') }), basket, NOW)).toBe(
      null,
    );
  });
  it('refuses a code used up, and one this customer has used as often as allowed', () => {
    expect(discountRefusal(rules({ maxUses: 10, uses: 10 }), basket, NOW)?.reason).toBe('used_up');
    expect(discountRefusal(rules({ maxUses: 10, uses: 9 }), basket, NOW)).toBeNull();
    expect(discountRefusal(rules({ maxUsesPerCustomer: 1 }), basket, NOW, 1)?.message).toBe(
      'You have already used this code as many times as it allows',
    );
    expect(discountRefusal(rules({ maxUsesPerCustomer: 2 }), basket, NOW, 1)).toBeNull();
  });
  it('refuses below the minimum spend, naming both figures', () => {
    expect(discountRefusal(rules({ minSpendPence: 5000 }), basket, NOW)?.message).toBe(
      'This code needs a minimum spend of £50.00: your basket comes to £30.00',
    );
    expect(discountRefusal(rules({ minSpendPence: 3000 }), basket, NOW)).toBeNull();
  });
  it('refuses a code limited to items not in the basket', () => {
    expect(discountRefusal(rules({ categoryIds: [7] }), basket, NOW)?.message).toBe(
      'This code does not apply to the items in your basket',
    );
    expect(discountRefusal(rules({ categoryIds: [7] }), [line(1, 3000, [7])], NOW)).toBeNull();
  });
});

describe('lineEligible', () => {
  it('takes products named or in a named category, never a free line', () => {
    expect(lineEligible(rules({ productIds: [1] }), line(1, 100))).toBe(true);
    expect(lineEligible(rules({ productIds: [1] }), line(2, 100))).toBe(false);
    expect(lineEligible(rules({ categoryIds: [3] }), line(2, 100, [3]))).toBe(true);
    expect(lineEligible(rules(), line(2, 0))).toBe(false);
  });
});

describe('allocatePence: largest remainder', () => {
  it('shares hand-worked examples', () => {
    expect(allocatePence(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocatePence(1000, [3000, 1000])).toEqual([750, 250]);
    expect(allocatePence(5, [0, 10])).toEqual([0, 5]);
    expect(allocatePence(0, [5, 5])).toEqual([0, 0]);
  });
  it('adds up to the total, never below zero, never a penny past its proportion', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        (weights, total) => {
          const shares = allocatePence(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            if (sum > 0) {
              const exact = (BigInt(total) * BigInt(weights[i]!)) / BigInt(sum);
              expect(BigInt(share) - exact <= 1n).toBe(true);
            }
          });
        },
      ),
    );
  });
});

describe('applyDiscount', () => {
  it('10% off £19.99 + £10.01: £3.00 shared £2.00 and £1.00, VAT split from what is left', () => {
    const applied = applyDiscount(rules(), [line(1, 1999), line(2, 1001)], 4500);
    expect(applied).toEqual({
      linePence: [200, 100],
      goodsPence: 300,
      deliveryPence: 0,
      totalPence: 300,
    });
    expect(discountedSplit(1999, 200, 20)).toEqual({
      netPence: 1499,
      vatPence: 300,
      grossPence: 1799,
    });
    expect(discountedSplit(1001, 100, 20)).toEqual({
      netPence: 751,
      vatPence: 150,
      grossPence: 901,
    });
  });
  it('a fixed amount only off the eligible lines, never more than they come to', () => {
    const fixed = rules({ kind: 'fixed', amount: 1500, categoryIds: [4] });
    expect(applyDiscount(fixed, [line(1, 1000, [4]), line(2, 5000)], 0).linePence).toEqual([
      1000, 0,
    ]);
    expect(applyDiscount(fixed, [line(1, 4000, [4]), line(2, 5000, [4])], 0).linePence).toEqual([
      667, 833,
    ]);
  });
  it('free delivery takes the delivery price and nothing off the goods', () => {
    expect(applyDiscount(rules({ kind: 'free_delivery' }), [line(1, 1000)], 4500)).toEqual({
      linePence: [0],
      goodsPence: 0,
      deliveryPence: 4500,
      totalPence: 4500,
    });
  });
  it('property: line discounts sum to the discount, no line below zero, VAT split of the discounted gross', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 5 }),
            grossPence: fc.integer({ min: 0, max: 50_000_000 }),
            categoryIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
          }),
          { minLength: 1, maxLength: 15 },
        ),
        fc.constantFrom('percent', 'fixed') as fc.Arbitrary<'percent' | 'fixed'>,
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
        (lines, kind, raw, categoryIds) => {
          const amount = kind === 'percent' ? (raw % 100) + 1 : raw;
          const applied = applyDiscount(
            rules({ kind, amount, categoryIds, productIds: [] }),
            lines,
            0,
          );
          expect(applied.linePence.reduce((a, b) => a + b, 0)).toBe(applied.goodsPence);
          applied.linePence.forEach((off, i) => {
            expect(off).toBeGreaterThanOrEqual(0);
            expect(off).toBeLessThanOrEqual(lines[i]!.grossPence);
            const split = discountedSplit(lines[i]!.grossPence, off, 20);
            expect(split).toEqual(splitGross(lines[i]!.grossPence - off));
            expect(split.netPence + split.vatPence).toBe(split.grossPence);
            expect(split.grossPence).toBeGreaterThanOrEqual(0);
          });
        },
      ),
    );
  });
});

describe('describeDiscount', () => {
  it('says what the code gives', () => {
    expect(describeDiscount(rules())).toBe('10% off');
    expect(describeDiscount(rules({ kind: 'fixed', amount: 500, productIds: [3] }))).toBe(
      '£5.00 off selected items',
    );
    expect(describeDiscount(rules({ kind: 'free_delivery' }))).toBe('Free delivery');
  });
});
