import { describe, expect, it } from 'vitest';
import { lastThirtyDays, londonDay, londonDayFrom, periodFigures } from './dashboard.ts';

describe('londonDay', () => {
  it('is the UTC date in winter (GMT) and an hour ahead in summer (BST)', () => {
    expect(londonDay(new Date('2026-01-14T23:30:00Z'))).toBe('2026-01-14');
    expect(londonDay(new Date('2026-07-14T22:59:59Z'))).toBe('2026-07-14');
    expect(londonDay(new Date('2026-07-14T23:00:00Z'))).toBe('2026-07-15');
  });

  it('turns over at London midnight on the days the clocks change', () => {
    // Clocks go forward at 01:00 UTC on 29 March 2026, back at 01:00 UTC on 25 October.
    expect(londonDay(new Date('2026-03-28T23:59:59Z'))).toBe('2026-03-28');
    expect(londonDay(new Date('2026-03-29T23:00:00Z'))).toBe('2026-03-30');
    expect(londonDay(new Date('2026-10-24T23:00:00Z'))).toBe('2026-10-25');
    expect(londonDay(new Date('2026-10-25T23:59:59Z'))).toBe('2026-10-25');
  });
});

describe('londonDayFrom', () => {
  it('counts calendar days from the London day of now, whatever the clocks did between', () => {
    // 23:30 GMT; 40 days of 24 hours back would land at 00:30 BST on 18 October.
    expect(londonDayFrom(new Date('2026-11-26T23:30:00Z'), -40)).toBe('2026-10-17');
    expect(londonDayFrom(new Date('2026-11-26T23:30:00Z'), 0)).toBe('2026-11-26');
    // 23:30 UTC in summer is already the next London day.
    expect(londonDayFrom(new Date('2026-07-14T23:30:00Z'), 25)).toBe('2026-08-09');
  });
});

describe('lastThirtyDays', () => {
  it('lists 30 consecutive London days ending today, across a clock change', () => {
    const days = lastThirtyDays(new Date('2026-04-10T23:30:00Z'));
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-04-11');
    expect(days[0]).toBe('2026-03-13');
    expect(new Set(days).size).toBe(30);
  });
});

describe('periodFigures', () => {
  const day = (iso: string) => new Date(iso);
  const orders = [
    // Placed and paid on the 14th.
    {
      placedAt: day('2026-07-14T09:00:00Z'),
      status: 'paid',
      totalPence: 12_000,
      paidAt: day('2026-07-14T09:05:00Z'),
    },
    // Placed on the 14th, paid on the 15th.
    {
      placedAt: day('2026-07-14T20:00:00Z'),
      status: 'paid',
      totalPence: 30_000,
      paidAt: day('2026-07-15T08:00:00Z'),
    },
    { placedAt: day('2026-07-14T10:00:00Z'), status: 'cancelled', totalPence: 5_000, paidAt: null },
    { placedAt: day('2026-07-14T11:00:00Z'), status: 'expired', totalPence: 7_000, paidAt: null },
    {
      placedAt: day('2026-07-14T12:00:00Z'),
      status: 'pending_payment',
      totalPence: 9_000,
      paidAt: null,
    },
  ];
  const refunds = [{ issuedAt: day('2026-07-15T10:00:00Z'), amountPence: 5_000 }];

  it('counts orders by placing day and money by the day it moved', () => {
    expect(periodFigures(orders, refunds, (d) => d === '2026-07-14')).toEqual({
      orders_placed: 5,
      orders_cancelled: 1,
      orders_expired: 1,
      orders_net: 3,
      gross_takings: '120.00',
      refunds: '0.00',
      net_takings: '120.00',
    });
    expect(periodFigures(orders, refunds, (d) => d === '2026-07-15')).toEqual({
      orders_placed: 0,
      orders_cancelled: 0,
      orders_expired: 0,
      orders_net: 0,
      gross_takings: '300.00',
      refunds: '50.00',
      net_takings: '250.00',
    });
  });

  it('shows a day that refunds more than it took as negative net takings', () => {
    expect(periodFigures([], refunds, (d) => d === '2026-07-15')).toMatchObject({
      gross_takings: '0.00',
      refunds: '50.00',
      net_takings: '-50.00',
    });
  });
});
