// Property tests: within the allowed bounds no pence figure anywhere (line prices, sums, the VAT
// split, delivery, refunds' splits) leaves the safe integers or passes what an int4 column holds,
// and every bound is enforced before the figures are summed or stored.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_PRICE_PENCE } from '#domain/admin-catalogue.ts';
import { lineM2 } from '#domain/cart.ts';
import type { DeliverySettings } from '#domain/delivery.ts';
import {
  DEFAULT_ORDER_LIMITS,
  INT4_MAX,
  LIMIT_CEILINGS,
  linesOverLimits,
  orderLimitsFrom,
  totalOverLimit,
  type OrderLimits,
} from '#domain/limits.ts';
import { roundPence } from '#domain/money.ts';
import { lineTotalPence } from '#domain/pricing.ts';
import { splitGross, sumSplits, VAT_PERCENT } from '#domain/vat.ts';
import { CART_M2_MAX } from '#domain/validation.ts';
import { priceBasket, type BasketLine } from '#server/services/orders/pricing.ts';

const SETTINGS: DeliverySettings = {
  parcelMaxKg: 18,
  parcelPence: 995,
  palletMaxKg: 950,
  palletPence: 4900,
  freeThresholdPence: INT4_MAX,
  fullSizeSamplePostagePence: 495,
  timedSlotPence: 2500,
  standardMinDays: 3,
  standardMaxDays: 5,
  postMinDays: 1,
  postMaxDays: 3,
};

const safeMoney = (pence: number, label: string) => {
  expect(Number.isSafeInteger(pence), `${label} ${pence}`).toBe(true);
  expect(pence, label).toBeGreaterThanOrEqual(0);
  expect(pence, label).toBeLessThanOrEqual(INT4_MAX);
};

/** A basket line as the basket can hold it: any price staff may set, any size, any pieces. */
const line = (limits: OrderLimits) =>
  fc
    .record({
      pricePence: fc.integer({ min: 0, max: MAX_PRICE_PENCE }),
      width: fc.integer({ min: 10, max: 4000 }),
      height: fc.integer({ min: 10, max: 4000 }),
      thickness: fc.integer({ min: 5, max: 60 }),
      pieces: fc.integer({ min: 1, max: limits.linePieces }),
      sample: fc.boolean(),
    })
    .map(({ pricePence, width, height, thickness, pieces, sample }): BasketLine => {
      const option = sample ? 'Full Size Sample' : `${width}x${height}x${thickness}`;
      return {
        id: 1,
        storedPricePence: pricePence,
        productId: 1,
        variationId: 1,
        pieces,
        m2: sample ? null : lineM2(pieces, option, 'm2'),
        isSample: sample,
        name: 'Stone',
        categoryIds: [],
        option,
        pricePence,
        stockQuantity: null,
        onSale: true,
        material: 'marble',
        isBespoke: false,
        sellingUnit: 'm2',
      };
    });

const limitsArb = fc.record({
  linePieces: fc.integer({ min: 1, max: LIMIT_CEILINGS.linePieces }),
  lines: fc.integer({ min: 1, max: LIMIT_CEILINGS.lines }),
  orderTotalPence: fc.integer({ min: 1, max: LIMIT_CEILINGS.orderTotalPence }),
});

describe('bounds on money (property tests)', () => {
  it('prices every single line the basket can hold as a safe integer', () => {
    fc.assert(
      fc.property(line(LIMIT_CEILINGS), (l) => {
        expect(l.m2 === null || l.m2 <= CART_M2_MAX * 1000).toBe(true);
        const gross = lineTotalPence({
          pricePence: l.pricePence,
          quantity: l.pieces,
          m2Quantity: l.m2,
          isSample: l.isSample,
        });
        expect(Number.isSafeInteger(gross)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('lets through only baskets whose every figure is exact and storable', () => {
    fc.assert(
      fc.property(
        limitsArb.chain((limits) =>
          fc.tuple(
            fc.constant(limits),
            fc.array(line(limits), { minLength: 1, maxLength: limits.lines + 2 }),
          ),
        ),
        fc.constantFrom('standard', 'timed_am') as fc.Arbitrary<'standard' | 'timed_am'>,
        ([limits, lines], option) => {
          const over = linesOverLimits(lines, limits);
          if (lines.length > limits.lines) expect(over).not.toBeNull();
          if (over !== null) return;
          const basket = priceBasket(
            lines,
            {
              settings: SETTINGS,
              zones: [],
              // The seeded sample rules (db/migrations/0014_free_orders_and_sample_rules.sql).
              samples: { maxFreePerOrder: 5, maxFreePerProduct: 1, postMaxKg: 18 },
              vatPercent: VAT_PERCENT,
            },
            { country: 'GB', postcode: 'BS2 0UX' },
            option,
          );
          if (totalOverLimit(basket.total.grossPence, limits) !== null) {
            expect(basket.total.grossPence).toBeGreaterThan(limits.orderTotalPence);
            return;
          }
          for (const split of [basket.goods, basket.deliverySplit, basket.total]) {
            safeMoney(split.grossPence, 'gross');
            safeMoney(split.netPence, 'net');
            safeMoney(split.vatPence, 'vat');
            expect(split.netPence + split.vatPence).toBe(split.grossPence);
          }
          expect(basket.goods.grossPence + basket.deliverySplit.grossPence).toBe(
            basket.total.grossPence,
          );
          expect(basket.total.grossPence).toBeLessThanOrEqual(limits.orderTotalPence);
          for (const l of basket.lines) {
            safeMoney(l.priced.total.grossPence, 'line');
            safeMoney(l.priced.unitNetPence, 'unit net');
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('splits any stored amount (an order, a refund of part of it) exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: INT4_MAX }),
        fc.integer({ min: 0, max: 200 }),
        (a, n) => {
          const split = splitGross(a);
          expect(split.netPence + split.vatPence).toBe(a);
          safeMoney(split.netPence, 'net');
          const parts = Array.from({ length: n }, () => splitGross(Math.floor(a / (n || 1))));
          const sum = sumSplits(parts);
          expect(Number.isSafeInteger(sum.grossPence)).toBe(true);
          expect(roundPence(a)).toBe(a);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('never lets a setting raise a bound past its ceiling, and the ceilings keep sums storable', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (pieces, lines, total) => {
        const limits = orderLimitsFrom({
          ORDER_MAX_LINE_PIECES: pieces,
          ORDER_MAX_LINES: lines,
          ORDER_MAX_TOTAL_PENCE: total,
        });
        for (const key of ['linePieces', 'lines', 'orderTotalPence'] as const) {
          expect(limits[key]).toBeGreaterThanOrEqual(1);
          expect(limits[key]).toBeLessThanOrEqual(LIMIT_CEILINGS[key]);
        }
      }),
    );
    expect(orderLimitsFrom({ ORDER_MAX_TOTAL_PENCE: '99999999999999' }).orderTotalPence).toBe(
      LIMIT_CEILINGS.orderTotalPence,
    );
    expect(orderLimitsFrom({})).toEqual(DEFAULT_ORDER_LIMITS);
    // The largest sum a check ever makes: every line at the bound, plus the largest delivery.
    expect(LIMIT_CEILINGS.lines * LIMIT_CEILINGS.orderTotalPence * 100).toBeLessThan(
      Number.MAX_SAFE_INTEGER,
    );
    expect(LIMIT_CEILINGS.orderTotalPence).toBeLessThan(INT4_MAX);
    expect(MAX_PRICE_PENCE * CART_M2_MAX * 100).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });
});
