import { describe, expect, it } from 'vitest';
import {
  exIncVatText,
  percentOffPence,
  priceFor,
  priceListOf,
  RETAIL_BUYER,
  type Buyer,
  type PriceRule,
  type PricedSize,
} from './price-for.ts';

const now = new Date('2026-12-01T12:00:00Z');
const tile: PricedSize = { id: 7, categoryIds: [5, 9], pricePence: 4950, regularPricePence: null };
const onSale: PricedSize = { ...tile, pricePence: 4200, regularPricePence: 4950 };
const open: { startsAt: Date | null; endsAt: Date | null } = { startsAt: null, endsAt: null };

const trade = (...rules: PriceRule[]): Buyer => ({
  groupId: 3,
  group: 'Trade',
  showExVat: true,
  rules,
});
const percent = (categoryId: number, percentOff: number, dates = open): PriceRule => ({
  kind: 'category_percent',
  categoryId,
  percentOff,
  ...dates,
});
const setPrice = (variationId: number, pricePence: number, dates = open): PriceRule => ({
  kind: 'size_price',
  variationId,
  pricePence,
  ...dates,
});

describe('priceFor: the price a buyer pays now', () => {
  it('charges retail the stored price, with the regular price struck through during a sale', () => {
    expect(priceFor(RETAIL_BUYER, tile, 1, now)).toEqual({
      pricePence: 4950,
      wasPence: null,
      retailPence: 4950,
      fromPriceList: false,
    });
    expect(priceFor(RETAIL_BUYER, onSale, 1, now)).toMatchObject({
      pricePence: 4200,
      wasPence: 4950,
    });
  });

  it('takes a category percentage off the regular price: 10 % off £49.50 is £44.55', () => {
    expect(priceFor(trade(percent(5, 10)), tile, 1, now)).toEqual({
      pricePence: 4455,
      wasPence: 4950,
      retailPence: 4950,
      fromPriceList: true,
    });
  });

  it('lets a size’s set price beat a category percentage, whichever is lower', () => {
    // 10 % off would be £44.55; the size's own £46.00 wins though it is dearer.
    expect(priceFor(trade(percent(5, 10), setPrice(7, 4600)), tile, 1, now).pricePence).toBe(4600);
  });

  it('never charges a trade buyer more than retail pays now (a deeper retail sale wins)', () => {
    // 10 % off the regular £49.50 is £44.55, but the sale price is £42.00.
    expect(priceFor(trade(percent(5, 10)), onSale, 1, now)).toMatchObject({
      pricePence: 4200,
      wasPence: 4950,
      retailPence: 4200,
    });
    // A set price above the retail price is capped too.
    expect(priceFor(trade(setPrice(7, 5200)), tile, 1, now).pricePence).toBe(4950);
  });

  it('applies the percentage to the regular price during a shallower sale', () => {
    // 20 % off the regular £49.50 = £39.60, below the sale's £42.00.
    expect(priceFor(trade(percent(9, 20)), onSale, 1, now).pricePence).toBe(3960);
  });

  it('uses the larger percentage of two categories and the lower of two set prices', () => {
    expect(priceFor(trade(percent(5, 10), percent(9, 15)), tile, 1, now).pricePence).toBe(4208);
    expect(priceFor(trade(setPrice(7, 4000), setPrice(7, 3900)), tile, 1, now).pricePence).toBe(
      3900,
    );
  });

  it('ignores rules of other categories and sizes', () => {
    expect(priceFor(trade(percent(6, 10), setPrice(8, 100)), tile, 1, now)).toMatchObject({
      pricePence: 4950,
      wasPence: null,
      fromPriceList: false,
    });
  });

  it('applies a dated rule from its start included to its end excluded', () => {
    const dated = trade(
      percent(5, 10, {
        startsAt: new Date('2026-12-01T12:00:00Z'),
        endsAt: new Date('2026-12-02T00:00:00Z'),
      }),
    );
    expect(priceFor(dated, tile, 1, new Date('2026-12-01T11:59:59Z')).pricePence).toBe(4950);
    expect(priceFor(dated, tile, 1, now).pricePence).toBe(4455);
    expect(priceFor(dated, tile, 1, new Date('2026-12-02T00:00:00Z')).pricePence).toBe(4950);
  });

  it('gives the same unit price for any quantity (no quantity breaks yet)', () => {
    const buyer = trade(percent(5, 10));
    expect(priceFor(buyer, tile, 500, now)).toEqual(priceFor(buyer, tile, 1, now));
  });
});

describe('percentOffPence: one rounding rule', () => {
  it('rounds half up to the penny', () => {
    expect(percentOffPence(1999, 12.5)).toBe(1749); // 1749.125
    expect(percentOffPence(1990, 12.5)).toBe(1741); // 1741.25
    expect(percentOffPence(1001, 50)).toBe(501); // 500.5
    expect(percentOffPence(4950, 33.33)).toBe(3300); // 3300.165
  });
});

describe('exIncVatText and priceListOf', () => {
  it('writes a trade price ex VAT first: £49.50 inc VAT is £41.25 ex VAT', () => {
    expect(exIncVatText(4950)).toBe('£41.25 ex VAT, £49.50 inc VAT');
    expect(exIncVatText(4455)).toBe('£37.13 ex VAT, £44.55 inc VAT');
  });

  it('names the price list a cache is keyed by', () => {
    expect(priceListOf(RETAIL_BUYER)).toBe('retail');
    expect(priceListOf(trade())).toBe('group-3');
  });
});
