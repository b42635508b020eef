// VAT on VAT-inclusive prices. Shop prices include VAT (20 % until the owner schedules another
// rate). The basket shows the VAT contained in the subtotal (design.md section 7), not 20 % of
// it, which would overstate the tax by a fifth. A rate change moves the net/VAT split of the
// same shelf price; the invoice's tax point decides which rate applies (decision 0011).
import { roundPence } from './money.ts';

export const VAT_RATE = 0.2;
/** The standard rate the shop was seeded with (in force from 2011-01-04). */
export const VAT_PERCENT = 20;

/** A rate in percent (up to 2 decimals) and the London day it takes effect (YYYY-MM-DD). */
export interface VatRate {
  effectiveFrom: string;
  percent: number;
}

/** The rate the shop opens with, before the owner schedules another. */
export const DEFAULT_VAT_RATES: readonly VatRate[] = [
  { effectiveFrom: '2011-01-04', percent: VAT_PERCENT },
];

/**
 * The percent in force on a London day: the latest rate taking effect on or before it.
 *
 * vatPercentOn([{ effectiveFrom: '2011-01-04', percent: 20 }, { effectiveFrom: '2027-04-01', percent: 22.5 }], '2027-03-31') → 20
 * vatPercentOn(same, '2027-04-01') → 22.5
 */
export function vatPercentOn(rates: readonly VatRate[], day: string): number {
  let found: VatRate | undefined;
  for (const rate of rates) {
    if (rate.effectiveFrom <= day && (!found || rate.effectiveFrom > found.effectiveFrom)) {
      found = rate;
    }
  }
  return (found ?? DEFAULT_VAT_RATES[0]!).percent;
}

/** Percent as whole hundredths (17.5 → 1750), so the division below stays on integers. */
const hundredths = (percent: number) => Math.round(percent * 100);

/**
 * The price without VAT: gross / 1.2, to the penny (the 'hide vat?' toggle).
 *
 * exVatPence(12000) → 10000
 * exVatPence(1999) → 1666
 * exVatPence(0) → 0
 */
export function exVatPence(grossPence: number, percent: number = VAT_PERCENT): number {
  // × 10000 / 12000 in that order keeps the intermediate an exact integer until the one division.
  return roundPence((grossPence * 10000) / (10000 + hundredths(percent)));
}

/**
 * The VAT contained in a VAT-inclusive amount: gross − gross / 1.2, so that
 * exVatPence(g) + vatIncludedPence(g) = g to the penny.
 *
 * vatIncludedPence(12000) → 2000
 * vatIncludedPence(1999) → 333
 * vatIncludedPence(0) → 0
 */
export function vatIncludedPence(grossPence: number, percent: number = VAT_PERCENT): number {
  return roundPence(grossPence) - exVatPence(grossPence, percent);
}

/**
 * A net amount with VAT added: net × 1.2, to the penny.
 *
 * addVatPence(10000) → 12000
 * addVatPence(1666) → 1999
 */
export function addVatPence(netPence: number, percent: number = VAT_PERCENT): number {
  return roundPence((netPence * (10000 + hundredths(percent))) / 10000);
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
 * splitGross(12000, 22.5) → { netPence: 9796, vatPence: 2204, grossPence: 12000 }
 */
export function splitGross(grossPence: number, percent: number = VAT_PERCENT): VatSplit {
  const netPence = exVatPence(grossPence, percent);
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
