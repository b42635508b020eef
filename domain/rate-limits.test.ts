import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOLDING_LIMITS,
  holdingLimitVariable,
  holdingRefusal,
  LIMIT_MESSAGES,
  parseRateRule,
  rateLimitVariable,
} from './rate-limits.ts';

describe('parseRateRule', () => {
  it.each([
    ['5/15m', { limit: 5, windowMs: 900_000 }],
    [' 30 / 1h ', { limit: 30, windowMs: 3_600_000 }],
    ['3/1d', { limit: 3, windowMs: 86_400_000 }],
    ['0/10s', { limit: 0, windowMs: 10_000 }],
  ])('reads %j', (text, rule) => expect(parseRateRule(text)).toEqual(rule));

  it.each([undefined, '', '5', '5/0m', '5/15', '-1/1h', '5/1w', '1.5/1h'])(
    'gives null for %j (the default stays)',
    (text) => expect(parseRateRule(text)).toBeNull(),
  );

  it('names the variables after the limits', () => {
    expect(rateLimitVariable('ordersPerIp')).toBe('RATE_LIMIT_ORDERS_PER_IP');
    expect(holdingLimitVariable('orderMaxPence')).toBe('HOLD_LIMIT_ORDER_MAX_PENCE');
  });
});

describe('holdingRefusal', () => {
  const caps = {
    orderMaxPiecesPerSize: 40,
    orderMaxPence: 100_000,
    unpaidOrdersPerBuyer: 3,
    unpaidPencePerBuyer: 150_000,
  };
  const none = { orders: 0, pence: 0 };
  const line = (variationId: number, pieces: number) => ({ variationId, pieces });

  it('allows an order at every cap exactly', () => {
    expect(
      holdingRefusal(
        { lines: [line(1, 40)], totalPence: 100_000 },
        { orders: 2, pence: 50_000 },
        caps,
      ),
    ).toBeNull();
  });

  it('adds up the lines of one size', () => {
    expect(holdingRefusal({ lines: [line(1, 30), line(1, 11)], totalPence: 1 }, none, caps)).toBe(
      LIMIT_MESSAGES.orderTooManyPieces(40),
    );
    expect(
      holdingRefusal({ lines: [line(1, 30), line(2, 30)], totalPence: 1 }, none, caps),
    ).toBeNull();
  });

  it('refuses one penny over the order value, the buyer’s orders and held value', () => {
    expect(holdingRefusal({ lines: [], totalPence: 100_001 }, none, caps)).toBe(
      LIMIT_MESSAGES.orderTooValuable('£1,000.00'),
    );
    expect(holdingRefusal({ lines: [], totalPence: 1 }, { orders: 3, pence: 0 }, caps)).toBe(
      LIMIT_MESSAGES.tooManyUnpaid(3),
    );
    expect(
      holdingRefusal({ lines: [], totalPence: 50_001 }, { orders: 1, pence: 100_000 }, caps),
    ).toBe(LIMIT_MESSAGES.unpaidTooValuable('£1,500.00'));
  });

  it('holds all 53 pieces of a size in no single unpaid order by default', () => {
    expect(
      holdingRefusal({ lines: [line(1, 53)], totalPence: 1 }, none, DEFAULT_HOLDING_LIMITS),
    ).not.toBeNull();
  });
});
