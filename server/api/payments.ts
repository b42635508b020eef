import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { cardPaymentSchema, orderStatusSchema, paymentStatusSchema } from '#domain/api-schemas.ts';
import { orderParams, orderTokenQuery } from '#domain/checkout.ts';
import { conflict, notFound } from '../http/errors.ts';
import { documentedRoutes, route } from '../http/route.ts';
import type { OrderService } from '../services/orders/orders.ts';
import { storedIntentRef, stripePaymentsFor } from '../services/payments/stripe.ts';
import { accessibleOrder } from './orders.ts';

const WEBHOOK_PATH = '/payments/stripe/webhook';

/** Ids only: the event, its intent and the order it named; nothing about the buyer. */
function logNotOwn(log: FastifyBaseLogger, event: Stripe.Event, orderNumber: string) {
  const intent = event.data.object as Stripe.PaymentIntent;
  log.warn(
    { event: event.id, type: event.type, intent: intent.id, order: orderNumber },
    "Stripe event for an intent that is not the order's own card payment: ignored",
  );
}

/**
 * What a Stripe event does to an order. A succeeded intent pays it, a failed one is recorded,
 * anything else is acknowledged and left alone. An event counts only for the intent the shop
 * created for a card order; any other (another order's intent, one the shop never made, a
 * bank-transfer order) is logged and ignored. Each event id is processed once (the order
 * service records it in the same transaction); a payment that does not match the order is
 * answered 200 too, logged for staff, so Stripe does not retry it for days.
 */
async function applyStripeEvent(orders: OrderService, event: Stripe.Event, log: FastifyBaseLogger) {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return 'ignored' as const;
  }
  const intent = event.data.object;
  const orderNumber = intent.metadata.order_number;
  if (!orderNumber) {
    log.warn({ event: event.id, intent: intent.id }, 'Stripe event for an intent of no order');
    return 'ignored' as const;
  }
  const eventRef = { id: event.id, type: event.type };
  if (event.type === 'payment_intent.payment_failed') {
    const failed = await orders.recordPaymentFailed({
      orderNumber,
      provider: 'stripe',
      providerRef: intent.id,
      actor: 'stripe',
      event: eventRef,
    });
    if (failed === 'not_own_payment') logNotOwn(log, event, orderNumber);
    return failed;
  }
  const result = await orders.markPaid({
    orderNumber,
    provider: 'stripe',
    providerRef: intent.id,
    amountPence: intent.amount_received || intent.amount,
    currency: intent.currency,
    actor: 'stripe',
    event: eventRef,
  });
  if (result === 'not_own_payment') logNotOwn(log, event, orderNumber);
  else if (
    result === 'amount_mismatch' ||
    result === 'flagged_for_refund' ||
    result === 'not_found'
  ) {
    log.warn(
      { event: event.id, intent: intent.id, order: orderNumber, result },
      'Stripe payment left for staff',
    );
  }
  return result;
}

/**
 * Card payments through Stripe: the webhook Stripe calls, starting (or resuming) an order's
 * payment, and the return page's check with Stripe. All answer 404 when Stripe is not configured.
 */
export async function paymentsApi(app: FastifyInstance) {
  const { orders } = app.services;
  const stripe = stripePaymentsFor(app.config.stripe);
  const tags = ['payments'];
  const requireStripe = () => {
    if (!stripe) throw notFound('Card payments are not available');
    return stripe;
  };

  // Payment answers carry a client secret: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The webhook reads its body as raw bytes (the signature covers them exactly), in a scope of
  // its own so every other route keeps the parsed JSON.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (request) => {
      const event = requireStripe().verifyEvent(
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        request.headers['stripe-signature'] as string | undefined,
      );
      const result = await applyStripeEvent(orders, event, request.log);
      return { received: true, result };
    });
  });
  documentedRoutes.push({
    method: 'POST',
    path: `${app.prefix}${WEBHOOK_PATH}`,
    summary:
      'Stripe webhook: a signed event (Stripe-Signature header over the raw body); payment_intent.succeeded pays the order once, payment_intent.payment_failed is recorded. 400 on a bad signature',
    tags,
    body: z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }) }),
    response: {
      description:
        "The event is received; result: 'paid', 'already_paid', 'duplicate_event', 'ignored', ...",
      schema: z.object({ received: z.literal(true), result: z.string() }),
      errors: [404],
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/payment',
    summary:
      "Start, or resume, the card payment of an order awaiting it: its one PaymentIntent's client secret for Stripe.js",
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: {
      description: "The order's one PaymentIntent, for Stripe.js",
      schema: cardPaymentSchema,
      errors: [404, 409],
    },
    handler: async ({ params, query, request }) => {
      const card = requireStripe();
      const order = await accessibleOrder(app, request, params.number, query.token);
      if (order.paymentMethod !== 'card') throw conflict('This order is not paid by card');
      if (order.status !== 'pending_payment') throw conflict('This order is not awaiting payment');
      const started = await orders.startPayment(order.number, card);
      return {
        provider: 'stripe',
        client_secret: started.clientSecret,
        publishable_key: card.publishableKey,
      };
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/payment/sync',
    summary:
      "After Stripe.js confirms: reads the order's PaymentIntent back from Stripe and, when it has succeeded, marks the order paid (never on the browser's word)",
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: {
      description: "The order's status and payment status as now known",
      schema: z.object({ status: orderStatusSchema, payment_status: paymentStatusSchema }),
      errors: [404],
    },
    handler: async ({ params, query, request }) => {
      const card = requireStripe();
      let order = await accessibleOrder(app, request, params.number, query.token);
      const ref =
        order.paymentMethod === 'card' && order.status === 'pending_payment'
          ? await storedIntentRef(app.services.db, order.id)
          : null;
      if (ref) {
        const intent = await card.retrieve(ref);
        if (intent.status === 'succeeded' && intent.orderNumber === order.number) {
          await orders.markPaid({
            orderNumber: order.number,
            provider: 'stripe',
            providerRef: intent.id,
            amountPence: intent.amountPence,
            currency: intent.currency,
            actor: 'customer-return',
          });
          order = await accessibleOrder(app, request, params.number, query.token);
        }
      }
      return { status: order.status, payment_status: order.paymentStatus };
    },
  });
}
