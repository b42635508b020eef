// VAT on VAT-inclusive prices. Shop prices include 20 % VAT. The basket shows the VAT contained in
// the subtotal (design.md section 7), not 20 % of it, which would overstate the tax by a fifth.
import { roundPence } from './money.ts';

export const VAT_RATE = 0.2;
export const VAT_PERCENT = 20;

/**
 * The price without VAT: gross / 1.2, to the penny (the 'hide vat?' toggle).
 *
 * exVatPence(12000) → 10000
 * exVatPence(1999) → 1666
 * exVatPence(0) → 0
 */
export function exVatPence(grossPence: number): number {
  // × 100 / 120 in that order keeps the intermediate an exact integer until the single division.
  return roundPence((grossPence * 100) / (100 + VAT_PERCENT));
}

/**
 * The VAT contained in a VAT-inclusive amount: gross − gross / 1.2, so that
 * exVatPence(g) + vatIncludedPence(g) = g to the penny.
 *
 * vatIncludedPence(12000) → 2000
 * vatIncludedPence(1999) → 333
 * vatIncludedPence(0) → 0
 */
export function vatIncludedPence(grossPence: number): number {
  return roundPence(grossPence) - exVatPence(grossPence);
}

/**
 * A net amount with VAT added: net × 1.2, to the penny.
 *
 * addVatPence(10000) → 12000
 * addVatPence(1666) → 1999
 */
export function addVatPence(netPence: number): number {
  return roundPence((netPence * (100 + VAT_PERCENT)) / 100);
}

/** An amount split into its net and VAT parts, which add up to the gross exactly. */
export interface VatSplit {
  netPence: number;
  vatPence: number;
  grossPence: number;
}

/**
 * Splits a VAT-inclusive amount: net = gross / 1.2 to the penny, VAT = the rest. This is the one
 * rounding rule for VAT: every line and the delivery are split this way, and totals are the sums
 * of the splits, so the basket, checkout, order, email and invoice show the same pennies.
 *
 * splitGross(12000) → { netPence: 10000, vatPence: 2000, grossPence: 12000 }
 * splitGross(1999) → { netPence: 1666, vatPence: 333, grossPence: 1999 }
 */
export function splitGross(grossPence: number): VatSplit {
  const netPence = exVatPence(grossPence);
  return { netPence, vatPence: grossPence - netPence, grossPence };
}

/**
 * The sum of several splits, part by part.
 *
 * sumSplits([splitGross(1999), splitGross(1999)]) → { netPence: 3332, vatPence: 666, grossPence: 3998 }
 * sumSplits([]) → { netPence: 0, vatPence: 0, grossPence: 0 }
 */
export function sumSplits(splits: readonly VatSplit[]): VatSplit {
  let netPence = 0;
  let vatPence = 0;
  let grossPence = 0;
  for (const split of splits) {
    netPence += split.netPence;
    vatPence += split.vatPence;
    grossPence += split.grossPence;
  }
  return { netPence, vatPence, grossPence };
}
