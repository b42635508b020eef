import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkoutQuoteSchema, placedOrderSchema } from '#domain/api-schemas.ts';
import {
  CHECKOUT_MESSAGES,
  checkoutQuoteQuery,
  checkoutSchema,
  isIdempotencyKey,
  type PlacedOrderJson,
} from '#domain/checkout.ts';
import { badRequest } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { shopOrigin } from '../http/origin.ts';
import { chargeRequest } from '../http/request-limits.ts';
import type { OrderHead } from '../services/orders/order-rows.ts';

/** Checkout (issue: the shop takes real orders): the priced basket, and placing it. */
export async function checkoutApi(app: FastifyInstance) {
  const { checkout, orders } = app.services;
  const tags = ['checkout'];

  /**
   * An order's payment starts as it is placed (on a replay it resumes the same one: a card's
   * intent). The order stands if the provider cannot be reached: the order page retries through
   * POST /api/orders/{number}/payment.
   */
  async function startPayment(order: OrderHead): Promise<PlacedOrderJson['payment']> {
    try {
      return (await app.services.payments.startPlaced(order))?.client ?? null;
    } catch (error) {
      app.log.warn(
        { err: error, order: order.number },
        'payment not started; the order page retries',
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
    response: {
      description: 'The priced basket: lines, delivery and its options, totals',
      schema: z.object({ data: checkoutQuoteSchema }),
    },
    handler: async ({ query, request }) => ({
      data: await checkout.quote(await request.getSession(), query),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/checkout/orders',
    summary:
      'Place the basket as an order (header Idempotency-Key; the same key and request answer the same order, the same key with another body or basket 422 idempotency_key_reused). 409 price_changed with the new quote, 409 out_of_stock, 409 empty_basket, 422 not_deliverable',
    tags,
    body: checkoutSchema,
    response: {
      description:
        'The order (201); 200 with the same order for a repeated key. A 409 price_changed also carries the new quote',
      status: [201, 200],
      schema: placedOrderSchema,
      errors: [409, 422, 429],
    },
    handler: async ({ body, request, reply }): Promise<PlacedOrderJson> => {
      const key = request.headers['idempotency-key'];
      if (!isIdempotencyKey(key)) {
        throw badRequest(CHECKOUT_MESSAGES.idempotencyKeyRequired);
      }
      // Each order mails its buyer and holds stock: counted per address, session and buyer.
      await chargeRequest(app, request, 'orders', (limits) => [
        [`orders:email:${body.email.toLowerCase()}`, limits.ordersPerEmail],
      ]);
      const origin = shopOrigin(app.config, request);
      const placed = await checkout.place(await request.getSession(), key, body, {
        orderUrl: (number, token) => `${origin}/checkout/order/${number}?token=${token}`,
      });
      reply.status(placed.created ? 201 : 200);
      const [order, payment] = await Promise.all([
        placed.json ?? orders.json(placed.order.id),
        startPayment(placed.order),
      ]);
      return { data: order, token: placed.token, payment };
    },
  });
}
