import type { Database } from '#db/client.ts';
import type {
  BankSettingsValue,
  IdentitySettingsValue,
} from '#domain/api-schemas-settings-identity.ts';
import type { ReturnRules } from '#domain/returns.ts';
import { ReturnService } from '../returns/returns.ts';
import { bankSection, identitySection } from './identity-section.ts';

/** The shop's identity and bank details as everything that shows them reads them. */
export interface ShopDetails {
  identity: IdentitySettingsValue;
  bank: Omit<BankSettingsValue, 'payment_days'> & {
    /** In force: the saved days, or ORDER_PAYMENT_DAYS until the owner saves some. */
    payment_days: number;
  };
  /** The return rules: the confirmation mail states what collecting a pallet costs. */
  returns: ReturnRules;
}

/**
 * A bound on staleness should a change notification be lost; a save drops the copy at once on
 * every instance (`invalidate`, on the `settings` ShopChange).
 */
const DETAILS_TTL_MS = 60_000;

/**
 * The shop's identity and bank details, read once and kept: the footer, the contact page, every
 * mail, invoice and order page shows them, and they change only when the owner saves.
 */
export class ShopDetailsCache {
  private cached: { at: number; details: Promise<ShopDetails> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly defaults: { paymentDays: number },
  ) {}

  get(): Promise<ShopDetails> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > DETAILS_TTL_MS) {
      const details = this.read();
      this.cached = { at: now, details };
      details.catch(() => {
        if (this.cached?.details === details) this.cached = null;
      });
    }
    return this.cached.details;
  }

  /** Drops the kept details: the owner saved (a `settings` ShopChange, on every instance). */
  invalidate(): void {
    this.cached = null;
  }

  private async read(): Promise<ShopDetails> {
    const [identity, bank, returns] = await Promise.all([
      identitySection.read(this.db),
      bankSection.read(this.db),
      new ReturnService(this.db).rules(),
    ]);
    return {
      identity,
      bank: { ...bank, payment_days: bank.payment_days ?? this.defaults.paymentDays },
      returns,
    };
  }
}

/** The owner's Reply-To for the mailer, read as each mail leaves. */
export const ownerReplyTo = (shop: ShopDetailsCache) => async () =>
  (await shop.get()).identity.reply_to;

/** The delivery terms in force: the days an unpaid order waits, as the owner last saved them. */
export const paymentTerms = async (shop: ShopDetailsCache) => ({
  paymentDays: (await shop.get()).bank.payment_days,
});
