import Stripe from 'stripe';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import type { StripeConfig } from '../../config.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import type {
  PayableOrder,
  PaymentProvider,
  ProviderEvent,
  ProviderPayment,
  StartedPayment,
} from './provider.ts';

/** How long one call to Stripe may take before it is given up (Stripe's own default is 80 s). */
const STRIPE_TIMEOUT_MS = 10_000;
/**
 * Retries of a call that failed on the network. Safe: every create carries an idempotency key
 * (ours for intents, the library's own for the rest), so a retry never opens a second intent.
 */
const STRIPE_NETWORK_RETRIES = 2;

/** Seconds a shopper is asked to wait when Stripe cannot be reached. */
const RETRY_AFTER_SECONDS = 10;

/**
 * Stripe out of reach (network, its own 5xx, rate limit) answers 503 with Retry-After: the
 * shopper may try again and nothing was charged. Anything else (a wrong key) stays a 500.
 */
async function reachingStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new HttpError(
        503,
        'payment_provider_unavailable',
        'Card payments are unavailable for a moment. Please try again shortly.',
        undefined,
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    }
    throw error;
  }
}

/** An intent as the shop reads it back from Stripe. */
export interface StripeIntent {
  id: string;
  status: Stripe.PaymentIntent.Status;
  /** What was received when it succeeded, else what is asked. */
  amountPence: number;
  /** Lower case, as Stripe writes it ('gbp'). */
  currency: string;
  orderNumber: string | null;
}

/** The client's address options for an API origin other than Stripe's (the tests' fake). */
function endpoint(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** The idempotency key of an order's intent; a later one (after a cancel) gets a suffix. */
export const intentIdempotencyKey = (orderNumber: string, attempt = 0) =>
  attempt === 0 ? `order-${orderNumber}` : `order-${orderNumber}-${attempt}`;

/**
 * Card payments through Stripe Payment Intents. One intent per order: created with the order's
 * idempotency key (a retry after a lost answer gets the same intent back) and, once stored on
 * the order, retrieved again rather than created anew. The shop never marks an order paid on the
 * browser's word: only a signed webhook or an intent read back from Stripe does.
 */
export class StripePayments {
  /** For the browser's Stripe.js (the card form). */
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: StripeConfig) {
    this.publishableKey = config.publishableKey ?? null;
    this.webhookSecret = config.webhookSecret;
    this.stripe = new Stripe(config.secretKey, {
      ...endpoint(config.apiUrl),
      timeout: STRIPE_TIMEOUT_MS,
      maxNetworkRetries: STRIPE_NETWORK_RETRIES,
      telemetry: false,
      appInfo: { name: 'Tessera' },
    });
  }

  start(order: PayableOrder, existingRef: string | null): Promise<StartedPayment> {
    return reachingStripe(() => this.startOrResume(order, existingRef)).then(
      startedWith(this.publishableKey),
    );
  }

  private async startOrResume(
    order: PayableOrder,
    existingRef: string | null,
  ): Promise<Stripe.PaymentIntent> {
    if (existingRef) {
      const existing = await this.stripe.paymentIntents.retrieve(existingRef);
      if (existing.status !== 'canceled') return existing;
      // A canceled intent cannot be paid: open the next one under a key of its own, so the
      // replay of the first key does not hand the canceled one back.
      return this.create(order, attemptAfter(existing));
    }
    return this.create(order, 0);
  }

  /**
   * Refunds part or all of a succeeded intent (Stripe's Refunds API); answers the refund's id.
   * The idempotency key makes a retry after a lost answer the same refund.
   */
  async refundCard(intentId: string, amountPence: number, idempotencyKey: string): Promise<string> {
    const refund = await reachingStripe(() =>
      this.stripe.refunds
        .create(
          { payment_intent: intentId, amount: amountPence, reason: 'requested_by_customer' },
          { idempotencyKey },
        )
        .catch((error: unknown) => {
          // Stripe said no (already refunded there, more than is left): staff read why.
          if (error instanceof Stripe.errors.StripeInvalidRequestError) {
            throw new HttpError(
              409,
              'refund_refused',
              `Stripe refused the refund: ${error.message}. Nothing was recorded.`,
            );
          }
          throw error;
        }),
    );
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new HttpError(
        502,
        'refund_failed',
        `Stripe did not refund the payment (${refund.status}): nothing was recorded`,
      );
    }
    return refund.id;
  }

  /** The intent as Stripe has it now. */
  async retrieve(ref: string): Promise<StripeIntent> {
    const intent = await reachingStripe(() => this.stripe.paymentIntents.retrieve(ref));
    return {
      id: intent.id,
      status: intent.status,
      amountPence: intent.amount_received || intent.amount,
      currency: intent.currency,
      orderNumber: intent.metadata.order_number ?? null,
    };
  }

  /**
   * The event Stripe signed, read from the request's raw bytes; a missing, wrong or stale
   * signature (or a body changed on the way) answers 400.
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw badRequest('Missing Stripe-Signature header');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw badRequest('Invalid Stripe signature');
    }
  }

  private create(order: PayableOrder, attempt: number): Promise<Stripe.PaymentIntent> {
    return this.stripe.paymentIntents.create(
      {
        amount: order.totalPence,
        currency: order.currency.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        receipt_email: order.email,
        description: `Tessera order ${order.number}`,
        metadata: {
          order_number: order.number,
          order_id: String(order.id),
          ...(attempt > 0 ? { attempt: String(attempt) } : {}),
        },
      },
      { idempotencyKey: intentIdempotencyKey(order.number, attempt) },
    );
  }
}

/** The attempt after a canceled intent: one more than the attempt it was opened as. */
function attemptAfter(canceled: Stripe.PaymentIntent): number {
  const previous = Number(canceled.metadata.attempt ?? 0);
  return (Number.isInteger(previous) && previous >= 0 ? previous : 0) + 1;
}

function startedWith(publishableKey: string | null) {
  return (intent: Stripe.PaymentIntent): StartedPayment => {
    if (!intent.client_secret)
      throw new Error(`Stripe answered intent ${intent.id} without a client secret`);
    return {
      providerRef: intent.id,
      client: {
        provider: 'stripe',
        client_secret: intent.client_secret,
        publishable_key: publishableKey,
      },
    };
  };
}

/** An intent's state as every provider reports a payment. */
function asPayment(intent: StripeIntent): ProviderPayment {
  return {
    outcome: intent.status === 'succeeded' ? 'succeeded' : 'other',
    providerRef: intent.id,
    orderNumber: intent.orderNumber,
    amountPence: intent.amountPence,
    currency: intent.currency,
  };
}

/** Only these events move an order; Stripe's others are acknowledged and left alone. */
function asEvent(event: Stripe.Event): ProviderEvent | null {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return null;
  }
  const intent = event.data.object;
  return {
    id: event.id,
    type: event.type,
    outcome: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
    providerRef: intent.id,
    orderNumber: intent.metadata.order_number ?? null,
    amountPence: intent.amount_received || intent.amount,
    currency: intent.currency,
  };
}

const CARD_UNCONFIGURED = 'Card payments are not available';

/**
 * Card payments through Stripe (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; see
 * docs/operations.md): offered only when both keys are set. Unconfigured, it stays listed so a
 * card order's refund says why it cannot be made.
 */
export function stripeProvider(config: StripeConfig | undefined): PaymentProvider {
  const stripe = config ? new StripePayments(config) : null;
  const live = () => {
    if (!stripe) throw notFound(CARD_UNCONFIGURED);
    return stripe;
  };
  return {
    method: 'card',
    name: 'stripe',
    label: PAYMENT_METHOD_LABELS.card,
    description: 'You pay by card once your order is placed.',
    refundsHow: 'Back to the card through Stripe.',
    refundReaches: 'A card refund reaches your account in 5 to 10 working days.',
    enabled: stripe !== null,
    start: (order, existingRef) => live().start(order, existingRef),
    sync: async (ref) => asPayment(await live().retrieve(ref)),
    webhook: {
      path: '/payments/stripe/webhook',
      signatureHeader: 'stripe-signature',
      verify: (rawBody, signature) => asEvent(live().verifyEvent(rawBody, signature)),
    },
    refund: async (ref, amountPence, key) => {
      if (!stripe || !ref) throw conflict('Card refunds need Stripe to be configured');
      const id = await stripe.refundCard(ref, amountPence, key);
      return { ref: id, note: `Stripe refund ${id}` };
    },
  };
}
