import type { Database } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { vatPercentOn, type VatRate } from '#domain/vat.ts';
import { readVatRates } from './vat-rates.ts';

/**
 * How long the VAT rates are kept before they are read again; an owner's save drops them at once
 * on every instance (a `settings` ShopChange). The rates are kept, not the percent, so a rate
 * taking effect at midnight applies from then on without any save.
 */
const RATES_TTL_MS = 10_000;

/**
 * The VAT rate in force now, as the basket, checkout, order placement and confirmation split
 * prices with (decision 0011): the invoice is split again at its tax point, which agrees unless a
 * new rate takes effect between order and payment.
 */
export class VatRatesCache {
  private cached: { at: number; rates: Promise<VatRate[]> } | null = null;

  constructor(private readonly db: Database) {}

  private rates(): Promise<VatRate[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > RATES_TTL_MS) {
      const rates = readVatRates(this.db);
      this.cached = { at: now, rates };
      rates.catch(() => {
        if (this.cached?.rates === rates) this.cached = null;
      });
    }
    return this.cached.rates;
  }

  /** The percent in force on the London day of `at`. */
  async percentAt(at: Date = new Date()): Promise<number> {
    return vatPercentOn(await this.rates(), londonDay(at));
  }

  /** Drops the kept rates: the owner saved the `vat` section (a `settings` ShopChange). */
  invalidate(): void {
    this.cached = null;
  }
}

/** The percent in force now, read from the database (for a transaction that must see its own rows). */
export async function vatPercentNow(db: Database, at: Date = new Date()): Promise<number> {
  return vatPercentOn(await readVatRates(db), londonDay(at));
}
