import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceOrderLine } from './order-lines.ts';
import { lineTotalPence } from './pricing.ts';

describe('priceOrderLine: the basket line total, split into net and VAT', () => {
  it('prices a tile size per m² and splits 20 % VAT out of the gross', () => {
    expect(
      priceOrderLine(
        {
          sellingUnit: 'm2',
          option: '600x400x20',
          pricePence: 6000,
          pieces: 10,
          m2: 2.4,
          isSample: false,
        },
        20,
      ),
    ).toEqual({
      kind: 'size',
      unit: 'm2',
      unitPricePence: 6000,
      unitNetPence: 5000,
      vatRate: 20,
      total: { netPence: 12000, vatPence: 2400, grossPence: 14400 },
    });
  });

  it('splits at the percent given: 22.5 % moves the net and VAT of the same gross', () => {
    expect(
      priceOrderLine(
        {
          sellingUnit: 'm2',
          option: '600x400x20',
          pricePence: 6000,
          pieces: 10,
          m2: 2.4,
          isSample: false,
        },
        22.5,
      ),
    ).toEqual({
      kind: 'size',
      unit: 'm2',
      unitPricePence: 6000,
      unitNetPence: 4898,
      vatRate: 22.5,
      total: { netPence: 11755, vatPence: 2645, grossPence: 14400 },
    });
  });

  it('rounds the net half up to the penny and gives VAT the rest', () => {
    // £19.99 gross: net 1665.83… → 1666, VAT 333.
    expect(
      priceOrderLine(
        {
          sellingUnit: 'm2',
          option: '5 Litre',
          pricePence: 1999,
          pieces: 1,
          m2: null,
          isSample: false,
        },
        20,
      ).total,
    ).toEqual({
      netPence: 1666,
      vatPence: 333,
      grossPence: 1999,
    });
  });

  it('prices a tile-like size of a product sold by the litre or each per piece', () => {
    // 3 × £12.50: by area it would be 3 × 0.24 m² × £12.50 = £9.00.
    for (const sellingUnit of ['litre', 'each'] as const) {
      expect(
        priceOrderLine(
          {
            option: '600x400',
            sellingUnit,
            pricePence: 1250,
            pieces: 3,
            m2: 0.72,
            isSample: false,
          },
          20,
        ),
      ).toEqual({
        kind: 'size',
        unit: 'item',
        unitPricePence: 1250,
        unitNetPence: 1042,
        vatRate: 20,
        total: { netPence: 3125, vatPence: 625, grossPence: 3750 },
      });
    }
  });

  it('prices samples per item', () => {
    expect(
      priceOrderLine(
        {
          sellingUnit: 'm2',
          option: 'Free Sample',
          pricePence: 0,
          pieces: 1,
          m2: null,
          isSample: true,
        },
        20,
      ),
    ).toMatchObject({
      kind: 'free-sample',
      unit: 'item',
      total: { netPence: 0, vatPence: 0, grossPence: 0 },
    });
    expect(
      priceOrderLine(
        {
          sellingUnit: 'm2',
          option: 'Full Size Sample (600x400x20)',
          pricePence: 1500,
          pieces: 2,
          m2: null,
          isSample: false,
        },
        20,
      ),
    ).toMatchObject({ kind: 'full-size-sample', unit: 'item', total: { grossPence: 3000 } });
  });

  it('property: the gross is the basket line total and net + VAT = gross exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (pricePence, pieces) => {
          const m2 = Math.round(pieces * 0.24 * 1000) / 1000;
          const line = priceOrderLine(
            {
              sellingUnit: 'm2',
              option: '600x400x20',
              pricePence,
              pieces,
              m2,
              isSample: false,
            },
            20,
          );
          expect(line.total.grossPence).toBe(
            lineTotalPence({ pricePence, quantity: pieces, m2Quantity: m2, isSample: false }),
          );
          expect(line.total.netPence + line.total.vatPence).toBe(line.total.grossPence);
          expect(Math.abs(line.total.vatPence - line.total.grossPence / 6)).toBeLessThanOrEqual(
            0.5,
          );
        },
      ),
    );
  });
});
