import { and, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { payments } from '#db/schema/index.ts';
import type { PaymentMethod } from '#domain/checkout.ts';
import type { Config } from '../../config.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { bankTransferProvider } from './bank-transfer.ts';
import type { Buyer, PaymentOptionJson, PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe.ts';

/** The buyer a session is, as providers see them. */
export const buyerOf = (session: { customerId: number | null } | null): Buyer => ({
  customerId: session?.customerId ?? null,
});

/** What a provider may read to set itself up: the process's configuration and the database. */
export interface PaymentSettings {
  db: Database;
  config: Partial<Pick<Config, 'stripe'>>;
}

/**
 * Every way of paying, one line each, in the order the checkout lists them. A provider is one
 * module under server/services/payments/ (provider.ts says what it answers for); adding one is
 * its module and its line here.
 */
const PROVIDERS: ((settings: PaymentSettings) => PaymentProvider)[] = [
  () => bankTransferProvider(),
  ({ config }) => stripeProvider(config.stripe),
];

/**
 * The providers as configured: checkout, the payment routes, webhooks, refunds, returns and
 * order edits find a provider here, by the method a shopper chose or by the name a payment
 * row carries, and never name one.
 */
export class PaymentRegistry {
  readonly all: readonly PaymentProvider[];

  constructor(private readonly settings: PaymentSettings) {
    this.all = PROVIDERS.map((make) => make(settings));
  }

  /** The providers offered at all (configured). */
  enabled(): PaymentProvider[] {
    return this.all.filter((provider) => provider.enabled);
  }

  /** The methods any buyer may choose. */
  methods(): PaymentMethod[] {
    return this.enabled()
      .filter((provider) => !provider.offer)
      .map((provider) => provider.method);
  }

  /** What this buyer may choose at checkout, with what each shows. */
  async offered(buyer: Buyer): Promise<PaymentOptionJson[]> {
    const options = await Promise.all(
      this.enabled().map((provider) =>
        provider.offer
          ? provider.offer(buyer)
          : { method: provider.method, label: provider.label, description: provider.description },
      ),
    );
    return options.filter((option) => option !== null);
  }

  /** The provider of a method (enabled or not: an order's refund needs it either way). */
  forMethod(method: PaymentMethod): PaymentProvider {
    const provider = this.all.find((p) => p.method === method);
    if (!provider) throw notFound(`No payment provider for ${method}`);
    return provider;
  }

  /** The provider named on a payment row ('stripe', 'bank_transfer'). */
  byName(name: string): PaymentProvider {
    const provider = this.all.find((p) => p.name === name);
    if (!provider) throw conflict(`No payment provider named ${name} is configured`);
    return provider;
  }

  /** The name a payment row of this method carries. */
  nameOf(method: PaymentMethod): string {
    return this.forMethod(method).name;
  }

  /** The reference a provider answered when an order's payment started, if it ever did. */
  async storedRef(orderId: number, method: PaymentMethod): Promise<string | null> {
    const [row] = await this.settings.db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.provider, this.nameOf(method))))
      .limit(1);
    return row?.ref ?? null;
  }
}
