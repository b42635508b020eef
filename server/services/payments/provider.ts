import type { PaymentMethod, PaymentOptionJson, PlacedOrderJson } from '#domain/checkout.ts';

export type { PaymentOptionJson };
import type { Database } from '#db/client.ts';

/** What the browser needs to confirm a payment with its provider (Stripe.js's card form). */
export type ClientPaymentJson = NonNullable<PlacedOrderJson['payment']>;

/** What a provider needs to know of an order to take its money. */
export interface PayableOrder {
  id: number;
  number: string;
  totalPence: number;
  currency: 'GBP';
  email: string;
}

/** A payment begun: the provider's reference (kept on the order) and what the browser needs. */
export interface StartedPayment {
  providerRef: string | null;
  /** For the browser to confirm the payment with the provider (a card form); null: nothing. */
  client: ClientPaymentJson | null;
}

/** A payment as the provider reports it, from a verified webhook or a read-back (sync). */
export interface ProviderPayment {
  outcome: 'succeeded' | 'failed' | 'other';
  providerRef: string;
  /** The order the provider was told this payment is for; null when it names none. */
  orderNumber: string | null;
  amountPence: number;
  /** Lower case, as providers write it ('gbp'). */
  currency: string;
}

/** A provider's webhook event, once its signature is verified. */
export interface ProviderEvent extends ProviderPayment {
  id: string;
  type: string;
}

/** Money given back: the provider's reference of the refund and the words for the history. */
export interface ProviderRefund {
  /** Stored on the credit note: the provider's refund id, or 'manual'. */
  ref: string;
  /** For the order's history: 'Stripe refund re_…', 'paid back by hand'. */
  note: string;
}

/** Who is checking out: a provider may be offered to some buyers only (pay on account). */
export interface Buyer {
  customerId: number | null;
}

/**
 * One way of paying, one module each (server/services/payments/), listed once in registry.ts.
 * `start` is called after the order is placed, and again when the shopper retries, then with the
 * reference it answered the first time: it must resume that payment, never open a second one.
 * Money is marked received only on the provider's word: a verified webhook or `sync`.
 */
export interface PaymentProvider {
  /** What the shopper chooses (orders.payment_method). */
  readonly method: PaymentMethod;
  /** Who takes the money (payments.provider, payment_events.provider). */
  readonly name: string;
  /** What the checkout shows. */
  readonly label: string;
  readonly description: string;
  /** How its refunds are made, for staff: 'Back to the card through Stripe.' */
  readonly refundsHow: string;
  /** How the money reaches the customer, for the refund mail: 'A card refund reaches …'. */
  readonly refundReaches: string;
  /** Configured and offered (card payments need Stripe's keys). */
  readonly enabled: boolean;
  /**
   * The order is invoiced on credit, not paid up front (pay on account): its payment row stands
   * for what is owed, so a refund credits that debt whether or not it has been paid yet.
   */
  readonly onCredit?: boolean;
  /** Whether a buyer may choose it, and what they see; absent: everyone, label and description. */
  offer?(buyer: Buyer): Promise<PaymentOptionJson | null>;
  /**
   * Settles an order as it is placed, inside the placing transaction (pay on account): throws to
   * refuse it (nothing is written), or answers true when it moved the order on.
   */
  placed?(tx: Database, orderId: number): Promise<boolean>;
  start(order: PayableOrder, existingRef: string | null): Promise<StartedPayment>;
  /** The return page or a poll: the payment as the provider has it now (never the browser's word). */
  sync?(providerRef: string): Promise<ProviderPayment>;
  /** Its webhook, when it has one: verified from the raw body, or a 400. */
  webhook?: {
    /** Under /api: '/payments/stripe/webhook'. */
    path: string;
    /** The request header carrying the signature. */
    signatureHeader: string;
    verify(rawBody: Buffer, signature: string | undefined): ProviderEvent | null;
  };
  /**
   * Gives back part or all of what it took; the key makes a retry after a lost answer the same
   * refund. A refusal throws, and nothing is recorded.
   */
  refund(
    providerRef: string | null,
    amountPence: number,
    idempotencyKey: string,
  ): Promise<ProviderRefund>;
}
