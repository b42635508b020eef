import type { FastifyInstance } from 'fastify';
import {
  CHECKOUT_MESSAGES,
  checkoutQuoteQuery,
  checkoutSchema,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type PlacedOrderJson,
} from '#domain/checkout.ts';
import { badRequest } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { shopOrigin } from '../http/origin.ts';
import type { OrderHead } from '../services/orders/orders.ts';
import { stripePaymentsFor } from '../services/payments/stripe.ts';

const QUOTE_ANSWER =
  '{ data: { lines: [{ name, size, pieces, m2, unit_price, unit, unit_price_net, vat_rate, weight_kg, total: { net, vat, gross }, ... }], delivery: { deliverable, message, zone, method, weight_kg, parcels, pallets, note, options: [{ id, label, price, estimate }], selected }, totals: { goods, delivery, total }, payment_methods, terms_version } }';

const PRINTABLE_KEY = /^[\x21-\x7e]+$/;

/** Checkout (issue: the shop takes real orders): the priced basket, and placing it. */
export async function checkoutApi(app: FastifyInstance) {
  const { checkout, orders } = app.services;
  const card = stripePaymentsFor(app.config.stripe);
  const tags = ['checkout'];

  /**
   * A card order's payment starts as it is placed (on a replay it resumes the same intent). The
   * order stands if Stripe cannot be reached: the order page retries through
   * POST /api/orders/{number}/payment.
   */
  async function startCard(order: OrderHead): Promise<PlacedOrderJson['payment']> {
    if (!card || order.paymentMethod !== 'card' || order.status !== 'pending_payment') return null;
    try {
      const started = await orders.startPayment(order.number, card);
      return started.provider === 'stripe'
        ? {
            provider: 'stripe',
            client_secret: started.clientSecret,
            publishable_key: card.publishableKey ?? null,
          }
        : null;
    } catch (error) {
      app.log.warn(
        { err: error, order: order.number },
        'card payment not started; the order page retries',
      );
      return null;
    }
  }
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/checkout',
    summary: "The caller's basket priced for a delivery address and option (all figures)",
    tags,
    query: checkoutQuoteQuery,
    response: QUOTE_ANSWER,
    handler: async ({ query, request }) => ({
      data: await checkout.quote(await request.getSession(), query),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/checkout/orders',
    summary:
      'Place the basket as an order (header Idempotency-Key; the same key answers the same order). 409 price_changed with the new quote, 409 out_of_stock, 409 empty_basket, 422 not_deliverable',
    tags,
    body: checkoutSchema,
    response: '201 { data: Order, token, payment }; 200 with the same order for a repeated key',
    handler: async ({ body, request, reply }): Promise<PlacedOrderJson> => {
      const key = request.headers['idempotency-key'];
      if (
        typeof key !== 'string' ||
        key.length === 0 ||
        key.length > IDEMPOTENCY_KEY_MAX_LENGTH ||
        !PRINTABLE_KEY.test(key)
      ) {
        throw badRequest(CHECKOUT_MESSAGES.idempotencyKeyRequired);
      }
      const placed = await checkout.place(await request.getSession(), key, body);
      reply.status(placed.created ? 201 : 200);
      if (placed.created && placed.token) {
        const link = `${shopOrigin(app.config, request)}/checkout/order/${placed.order.number}?token=${placed.token}`;
        await orders.sendConfirmation(placed.order.id, link).catch((error: unknown) => {
          request.log.error(
            { err: error, order: placed.order.number },
            'order confirmation not mailed',
          );
        });
      }
      return {
        data: await orders.json(placed.order.id),
        token: placed.token,
        payment: await startCard(placed.order),
      };
    },
  });
}
