import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardPaymentSchema, orderStatusSchema, paymentStatusSchema } from '#domain/api-schemas.ts';
import { orderParams, orderTokenQuery } from '#domain/checkout.ts';
import { conflict } from '../http/errors.ts';
import { documentedRoutes, route } from '../http/route.ts';
import { applyProviderEvent } from '../services/payments/provider-events.ts';
import { accessibleOrder } from './orders.ts';

/**
 * Payments through the providers of the registry (services/payments/registry.ts): each
 * provider's webhook, starting (or resuming) an order's payment in the browser, and the return
 * page's check with the provider. A provider that is not configured answers 404.
 */
export async function paymentsApi(app: FastifyInstance) {
  const { orders, payments } = app.services;
  const tags = ['payments'];

  // Payment answers carry a client secret: never cached.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Webhooks read their body as raw bytes (a signature covers them exactly), in a scope of
  // their own so every other route keeps the parsed JSON.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    for (const provider of payments.all) {
      const webhook = provider.webhook;
      if (!webhook) continue;
      scope.post(webhook.path, async (request) => {
        const event = webhook.verify(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers[webhook.signatureHeader] as string | undefined,
        );
        const result = await applyProviderEvent(orders, provider, event, request.log);
        return { received: true, result };
      });
      documentedRoutes.push({
        method: 'POST',
        path: `${app.prefix}${webhook.path}`,
        summary: `${provider.label} webhook (${provider.name}): an event signed by the provider (${webhook.signatureHeader} header over the raw body); a succeeded payment pays the order once, a failed one is recorded. 400 on a bad signature, 404 when the provider is not configured`,
        tags,
        body: z.object({
          id: z.string(),
          type: z.string(),
          data: z.object({ object: z.unknown() }),
        }),
        response: {
          description:
            "The event is received; result: 'paid', 'already_paid', 'duplicate_event', 'ignored', ...",
          schema: z.object({ received: z.literal(true), result: z.string() }),
          errors: [404],
        },
      });
    }
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/payment',
    summary:
      "Start, or resume, the online payment of an order awaiting it (a card order: its one PaymentIntent's client secret for Stripe.js)",
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: {
      description: "What the browser needs to confirm the payment (for a card: Stripe.js's)",
      schema: cardPaymentSchema,
      errors: [404, 409],
    },
    handler: async ({ params, query, request }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      const provider = payments.forMethod(order.paymentMethod);
      if (!provider.sync) throw conflict(`This order is paid by ${provider.label.toLowerCase()}`);
      if (order.status !== 'pending_payment') throw conflict('This order is not awaiting payment');
      const started = await payments.start(order.number, provider);
      if (!started.client) throw conflict('This order has nothing to pay online');
      return started.client;
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/payment/sync',
    summary:
      "After the browser confirms (Stripe.js): reads the order's payment back from its provider and, when it has succeeded, marks the order paid (never on the browser's word)",
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: {
      description: "The order's status and payment status as now known",
      schema: z.object({ status: orderStatusSchema, payment_status: paymentStatusSchema }),
      errors: [404],
    },
    handler: async ({ params, query, request }) => {
      let order = await accessibleOrder(app, request, params.number, query.token);
      const provider = payments.forMethod(order.paymentMethod);
      const ref =
        provider.sync && order.status === 'pending_payment'
          ? await payments.storedRef(order.id, order.paymentMethod)
          : null;
      if (ref && provider.sync) {
        const payment = await provider.sync(ref);
        if (payment.outcome === 'succeeded' && payment.orderNumber === order.number) {
          await orders.markPaid({
            orderNumber: order.number,
            provider: provider.name,
            providerRef: payment.providerRef,
            amountPence: payment.amountPence,
            currency: payment.currency,
            actor: 'customer-return',
          });
          order = await accessibleOrder(app, request, params.number, query.token);
        }
      }
      return { status: order.status, payment_status: order.paymentStatus };
    },
  });
}
