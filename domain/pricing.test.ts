import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tileAreaM2 } from './area.ts';
import {
  CLEARANCE_DISCOUNT_PERCENT,
  CLEARANCE_RATE,
  addToCartTotalPence,
  basketTotals,
  clearanceOriginalPence,
  clearanceSalePence,
  fromPriceLabel,
  itemPricePence,
  lineTotalPence,
} from './pricing.ts';
import { exVatPence, splitGross } from './vat.ts';

describe('itemPricePence: "Item price = per-m2 price x tile area"', () => {
  it('multiplies and rounds to the penny', () => {
    expect(itemPricePence(5000, 0.24)).toBe(1200);
    expect(itemPricePence(4599, 0.093025)).toBe(428);
    expect(itemPricePence(5000, tileAreaM2('(600x400x20)') ?? 0)).toBe(1200);
  });

  it('property: is a whole number of pence within half a penny of the exact product', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        (perM2, w, h) => {
          const area = (w * h) / 1_000_000;
          const price = itemPricePence(perM2, area);
          expect(Number.isInteger(price)).toBe(true);
          expect(Math.abs(price - (perM2 * w * h) / 1_000_000)).toBeLessThanOrEqual(0.5 + 1e-9);
        },
      ),
    );
  });
});

describe('lineTotalPence: "samples price x quantity, otherwise price x (m2_quantity or quantity)"', () => {
  it('prices samples per item', () => {
    expect(lineTotalPence({ pricePence: 350, quantity: 2, m2Quantity: null, isSample: true })).toBe(
      700,
    );
    expect(lineTotalPence({ pricePence: 350, quantity: 2, m2Quantity: 0.48, isSample: true })).toBe(
      700,
    );
    expect(lineTotalPence({ pricePence: 0, quantity: 1, m2Quantity: null, isSample: true })).toBe(
      0,
    );
  });

  it('prices other lines by m² when given', () => {
    expect(
      lineTotalPence({ pricePence: 5000, quantity: 2, m2Quantity: 0.48, isSample: false }),
    ).toBe(2400);
    expect(
      lineTotalPence({ pricePence: 4599, quantity: 3, m2Quantity: 0.279, isSample: false }),
    ).toBe(1283);
  });

  it('falls back to the quantity when there is no m² (full-size samples, m² of 0)', () => {
    expect(
      lineTotalPence({ pricePence: 2500, quantity: 3, m2Quantity: null, isSample: false }),
    ).toBe(7500);
    expect(lineTotalPence({ pricePence: 2500, quantity: 3, m2Quantity: 0, isSample: false })).toBe(
      7500,
    );
  });
});

describe('basketTotals: "Total shown equals the subtotal"; "Count = sum of line quantities"', () => {
  it('sums the lines, shows the VAT contained, total = subtotal', () => {
    expect(
      basketTotals(
        [
          { pricePence: 5000, quantity: 2, m2Quantity: 0.48, isSample: false },
          { pricePence: 0, quantity: 1, m2Quantity: null, isSample: true },
        ],
        20,
      ),
    ).toEqual({ subtotalPence: 2400, vatPence: 400, totalPence: 2400, count: 3 });
  });

  it('is all zero for an empty basket', () => {
    expect(basketTotals([], 20)).toEqual({
      subtotalPence: 0,
      vatPence: 0,
      totalPence: 0,
      count: 0,
    });
  });

  const line = fc.record({
    pricePence: fc.integer({ min: 0, max: 1_000_000 }),
    quantity: fc.integer({ min: 1, max: 10_000 }),
    m2Quantity: fc.option(fc.integer({ min: 1, max: 100_000 }).map((t) => t / 1000)),
    isSample: fc.boolean(),
  });

  it('property: subtotal is the sum of the rounded line totals; VAT is the sum of their VAT, within a penny a line of VAT on the subtotal', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), (lines) => {
        const totals = basketTotals(lines, 20);
        const sum = lines.reduce((acc, l) => acc + lineTotalPence(l), 0);
        expect(totals.subtotalPence).toBe(sum);
        expect(totals.totalPence).toBe(totals.subtotalPence);
        const lineVat = lines.reduce((acc, l) => acc + splitGross(lineTotalPence(l)).vatPence, 0);
        expect(totals.vatPence).toBe(lineVat);
        const onSubtotal = totals.subtotalPence - exVatPence(totals.subtotalPence);
        expect(Math.abs(totals.vatPence - onSubtotal)).toBeLessThanOrEqual(lines.length);
        expect(totals.count).toBe(lines.reduce((acc, l) => acc + l.quantity, 0));
      }),
    );
  });
});

describe('clearance: "sale price = 85% of the parsed price (badge 15%)"', () => {
  it('has the spec constants', () => {
    expect(CLEARANCE_RATE).toBe(0.85);
    expect(CLEARANCE_DISCOUNT_PERCENT).toBe(15);
    expect(1 - CLEARANCE_RATE).toBeCloseTo(CLEARANCE_DISCOUNT_PERCENT / 100, 12);
  });

  it('takes 85 % of the first number in price_html', () => {
    expect(clearanceSalePence('<span>£45.00</span> – £60')).toBe(3825);
    expect(clearanceSalePence('£19.99')).toBe(1699);
    expect(clearanceSalePence('<bdi><span>&#163;</span>1,234.56</bdi>')).toBe(104938);
    expect(clearanceOriginalPence('<span>£45.00</span>')).toBe(4500);
  });

  it('gives null when price_html has no number', () => {
    expect(clearanceSalePence('POA')).toBeNull();
    expect(clearanceOriginalPence('')).toBeNull();
  });

  it('property: the sale price is 85 % of the original to the half penny, never above it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), (pence) => {
        const html = `<span>£${(pence / 100).toFixed(2)}</span>`;
        const sale = clearanceSalePence(html) ?? Number.NaN;
        expect(Math.abs(sale - pence * 0.85)).toBeLessThanOrEqual(0.5 + 1e-6);
        expect(sale).toBeLessThanOrEqual(pence);
      }),
    );
  });
});

describe('addToCartTotalPence: "Add-to-cart label shows the total in £ with 2 decimals"', () => {
  it('size variations: per-m² price × m²', () => {
    expect(addToCartTotalPence({ kind: 'size', pricePence: 5000, pieces: 2, m2: 0.48 })).toBe(2400);
    expect(addToCartTotalPence({ kind: 'size', pricePence: 4599, pieces: 3, m2: 0.279075 })).toBe(
      1283,
    );
  });

  it('full-size samples: price per item × pieces ("priced per item")', () => {
    expect(
      addToCartTotalPence({ kind: 'full-size-sample', pricePence: 1500, pieces: 2, m2: null }),
    ).toBe(3000);
    expect(
      addToCartTotalPence({ kind: 'full-size-sample', pricePence: 1500, pieces: 2.7, m2: 5 }),
    ).toBe(3000);
    expect(addToCartTotalPence({ kind: 'free-sample', pricePence: 0, pieces: 1, m2: null })).toBe(
      0,
    );
  });

  it('is 0 before a quantity is chosen', () => {
    expect(addToCartTotalPence({ kind: 'size', pricePence: 5000, pieces: null, m2: null })).toBe(0);
    expect(addToCartTotalPence({ kind: 'size', pricePence: 5000, pieces: 0, m2: 0 })).toBe(0);
    expect(
      addToCartTotalPence({ kind: 'full-size-sample', pricePence: 1500, pieces: null, m2: null }),
    ).toBe(0);
  });
});

describe("fromPriceLabel: product card 'From £{price}/M2'", () => {
  it('formats the per-m² price', () => {
    expect(fromPriceLabel(1250)).toBe('From £12.50/M2');
    expect(fromPriceLabel(123456)).toBe('From £1,234.56/M2');
  });
});
