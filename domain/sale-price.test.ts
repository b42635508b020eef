import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  instantToLondonMinute,
  londonMinuteToInstant,
  effectivePrice,
  nextSaleBoundary,
  wasNowText,
  type SaleSchedule,
} from './sale-price.ts';

const from = new Date('2026-12-01T00:00:00Z');
const to = new Date('2026-12-08T00:00:00Z');
const scheduled: SaleSchedule = { regularPence: 6250, salePence: 5800, saleFrom: from, saleTo: to };
const at = (iso: string) => new Date(iso);

describe('effectivePrice (issue 28: the price shown is the price charged)', () => {
  it('charges the sale price with the regular as was-price while a sale without dates runs', () => {
    expect(
      effectivePrice({ ...scheduled, saleFrom: null, saleTo: null }, at('2026-01-01T00:00:00Z')),
    ).toEqual({
      pricePence: 5800,
      wasPence: 6250,
      onSale: true,
    });
  });

  it('charges the regular price without a sale price', () => {
    expect(effectivePrice({ ...scheduled, salePence: null }, at('2026-12-02T00:00:00Z'))).toEqual({
      pricePence: 6250,
      wasPence: null,
      onSale: false,
    });
  });

  it('starts the sale at its start instant, not a millisecond before', () => {
    expect(effectivePrice(scheduled, at('2026-11-30T23:59:59.999Z')).pricePence).toBe(6250);
    expect(effectivePrice(scheduled, from)).toEqual({
      pricePence: 5800,
      wasPence: 6250,
      onSale: true,
    });
  });

  it('ends the sale at its end instant: the regular price is back from then on', () => {
    expect(effectivePrice(scheduled, at('2026-12-07T23:59:59.999Z')).pricePence).toBe(5800);
    expect(effectivePrice(scheduled, to)).toEqual({
      pricePence: 6250,
      wasPence: null,
      onSale: false,
    });
  });

  it('runs an open-ended sale from its start and a sale with only an end until then', () => {
    expect(effectivePrice({ ...scheduled, saleTo: null }, at('2030-01-01T00:00:00Z')).onSale).toBe(
      true,
    );
    expect(
      effectivePrice({ ...scheduled, saleFrom: null }, at('2020-01-01T00:00:00Z')).onSale,
    ).toBe(true);
  });

  it('never shows a "sale" at or above the regular price', () => {
    expect(effectivePrice({ ...scheduled, salePence: 6250, saleFrom: null }, from)).toEqual({
      pricePence: 6250,
      wasPence: null,
      onSale: false,
    });
  });
});

describe('nextSaleBoundary', () => {
  it('is the start before a sale, the end during it, none after it or without a sale', () => {
    expect(nextSaleBoundary(scheduled, at('2026-11-01T00:00:00Z'))).toEqual(from);
    expect(nextSaleBoundary(scheduled, from)).toEqual(to);
    expect(nextSaleBoundary(scheduled, to)).toBeNull();
    expect(nextSaleBoundary({ ...scheduled, salePence: null }, from)).toBeNull();
  });
});

describe('discountPercent and wasNowText', () => {
  it('rounds the badge down and words the was/now price', () => {
    expect(discountPercent(6250, 5800)).toBe(7);
    expect(discountPercent(3550, 3018)).toBe(14);
    expect(discountPercent(3550, 3550)).toBe(0);
    expect(wasNowText(6250, 5800)).toBe('Was £62.50, now £58.00');
  });
});

describe('London wall-clock minutes of the editor', () => {
  it('reads summer and winter times by the shop clock and back', () => {
    expect(londonMinuteToInstant('2026-12-01T09:00')).toEqual(new Date('2026-12-01T09:00:00Z'));
    expect(londonMinuteToInstant('2026-07-01T09:00')).toEqual(new Date('2026-07-01T08:00:00Z'));
    expect(londonMinuteToInstant('2026-02-30T09:00')).toBeNull();
    expect(londonMinuteToInstant('tomorrow')).toBeNull();
    expect(instantToLondonMinute(new Date('2026-07-01T08:00:00Z'))).toBe('2026-07-01T09:00');
    expect(instantToLondonMinute(new Date('2026-12-01T09:00:00Z'))).toBe('2026-12-01T09:00');
  });
});
