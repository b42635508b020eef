import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { payments } from '#db/schema/index.ts';
import type { PaymentMethod } from '#domain/checkout.ts';
import type { Config } from '../../config.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { bankTransferProvider } from './bank-transfer.ts';
import type { Buyer, PaymentOptionJson, PaymentProvider, StartedPayment } from './provider.ts';
import { stripeProvider } from './stripe.ts';
import { onAccountProvider } from './on-account.ts';
import { FIRST_PAYMENT_PENCE } from '../orders/order-rows.ts';

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
  ({ db }) => onAccountProvider(db),
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

  /**
   * Starts the payment of a just-placed order through its method's provider when it is awaiting
   * one and the provider is enabled; null otherwise (nothing to start).
   */
  async startPlaced(order: {
    number: string;
    status: string;
    paymentMethod: PaymentMethod;
  }): Promise<StartedPayment | null> {
    const provider = this.forMethod(order.paymentMethod);
    if (!provider.enabled || order.status !== 'pending_payment') return null;
    return this.start(order.number, provider);
  }

  /**
   * Starts the payment of an order awaiting it, or resumes the one started before: the
   * provider's reference is kept on the order's payment row and handed back on every retry.
   */
  async start(orderNumber: string, provider: PaymentProvider): Promise<StartedPayment> {
    const { db } = this.settings;
    const [row] = await queryRows<{
      id: number;
      number: string;
      status: string;
      first_payment_pence: number;
      email: string;
      provider_ref: string | null;
    }>(
      db,
      sql`SELECT o.id, o.number, o.status, ${FIRST_PAYMENT_PENCE} AS first_payment_pence, o.email,
            p.provider_ref FROM orders o
          LEFT JOIN payments p ON p.order_id = o.id AND p.provider = ${provider.name}
          WHERE o.number = ${orderNumber}`,
    );
    if (!row) throw notFound('Order not found');
    if (row.status !== 'pending_payment') throw conflict('This order is not awaiting payment');
    // An order may ask first for a deposit (one from a quote does); any other for its total.
    const amount = row.first_payment_pence;
    const started = await provider.start(
      {
        id: row.id,
        number: row.number,
        totalPence: amount,
        currency: 'GBP',
        email: row.email,
      },
      row.provider_ref,
    );
    if (started.providerRef !== null && started.providerRef !== row.provider_ref) {
      await db.execute(sql`INSERT INTO payments (order_id, provider, provider_ref, amount_pence)
          VALUES (${row.id}, ${provider.name}, ${started.providerRef}, ${amount})
          ON CONFLICT (order_id, provider) DO UPDATE SET provider_ref = excluded.provider_ref,
            updated_at = now()`);
    }
    return started;
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
