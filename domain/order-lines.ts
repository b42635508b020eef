// A basket line priced for checkout and kept on the order: the same line total as the basket
// shows, split into net and VAT by the one rule of vat.ts.
import { variationPricing } from './cart.ts';
import { lineTotalPence } from './pricing.ts';
import type { VariationKind } from './samples.ts';
import type { SellingUnit } from './selling-unit.ts';
import { exVatPence, splitGross, type VatSplit } from './vat.ts';

export interface OrderLineInput {
  option: string;
  /** The product's selling unit: only an m² product's tile sizes are priced by area. */
  sellingUnit: SellingUnit;
  /** Gross price per m² for tile sizes, per item for everything else. */
  pricePence: number;
  pieces: number;
  m2: number | null;
  isSample: boolean;
}

export interface PricedOrderLine {
  kind: VariationKind;
  unit: 'm2' | 'item';
  unitPricePence: number;
  unitNetPence: number;
  vatRate: number;
  total: VatSplit;
}

/**
 * Prices one line: its total is the basket's line total (price × m² for tile sizes of an m²
 * product, price × pieces otherwise, whatever m² a line may carry), split into net and VAT at
 * the percent in force (decision 0011).
 *
 * priceOrderLine({ option: '600x400x20', sellingUnit: 'm2', pricePence: 6000, pieces: 10, m2: 2.4, isSample: false }, 20)
 *   → { kind: 'size', unit: 'm2', unitPricePence: 6000, unitNetPence: 5000, vatRate: 20,
 *       total: { netPence: 12000, vatPence: 2400, grossPence: 14400 } }
 * priceOrderLine({ option: 'Free Sample', sellingUnit: 'm2', pricePence: 0, pieces: 1, m2: null, isSample: true }, 20)
 *   → { kind: 'free-sample', unit: 'item', unitPricePence: 0, unitNetPence: 0, vatRate: 20,
 *       total: { netPence: 0, vatPence: 0, grossPence: 0 } }
 */
export function priceOrderLine(line: OrderLineInput, vatPercent: number): PricedOrderLine {
  const pricing = variationPricing(line.option, line.sellingUnit);
  const perM2 = !line.isSample && pricing.perM2 && line.m2 !== null && line.m2 > 0;
  const gross = lineTotalPence({
    pricePence: line.pricePence,
    quantity: line.pieces,
    m2Quantity: perM2 ? line.m2 : null,
    isSample: line.isSample,
  });
  return {
    kind: pricing.kind,
    unit: perM2 ? 'm2' : 'item',
    unitPricePence: line.pricePence,
    unitNetPence: exVatPence(line.pricePence, vatPercent),
    vatRate: vatPercent,
    total: splitGross(gross, vatPercent),
  };
}
