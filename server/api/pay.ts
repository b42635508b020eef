import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  balancePayBody,
  balancePaymentSchema,
  draftOrderSchema,
  draftPayBody,
  draftTokenParams,
} from '#domain/api-schemas-order-tasks.ts';
import { placedOrderSchema } from '#domain/api-schemas.ts';
import type { PlacedOrderJson } from '#domain/checkout.ts';
import { shopOrigin } from '../http/origin.ts';
import { chargeRequest } from '../http/request-limits.ts';
import { route } from '../http/route.ts';
import { BalanceLinkService } from '../services/orders/balance-links.ts';
import { PhoneOrderService } from '../services/orders/phone-orders.ts';

/** A phone order's payment link: the customer sees the order and pays it as at checkout. */
export async function payApi(app: FastifyInstance) {
  const { checkout, orders } = app.services;
  const phone = new PhoneOrderService(app.services.db, checkout, app.services.buyers);
  const balances = new BalanceLinkService(app.services.db, {
    paymentDays: app.services.paymentDays,
  });
  const tags = ['checkout'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/pay/:token',
    summary:
      "A phone order behind its payment link, priced now, or an edited order's balance link (balance set): 404 unknown, 410 expired or withdrawn, 409 already placed or balance paid",
    tags,
    params: draftTokenParams,
    response: {
      description: 'The order to pay',
      schema: z.object({ data: draftOrderSchema }),
      errors: [404, 409, 410],
    },
    handler: async ({ params }) => {
      const link = await balances.link(params.token);
      if (link) return { data: await balances.present(link, ['bank_transfer']) };
      return { data: await phone.byToken(params.token) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/pay/:token',
    summary:
      "Places the phone order through checkout's placement at the total shown (409 price_changed with the new quote, 409 out_of_stock, 410 expired); a card payment starts as at checkout",
    tags,
    params: draftTokenParams,
    body: draftPayBody,
    response: {
      description: 'The order placed (201)',
      status: [201],
      schema: placedOrderSchema,
      errors: [404, 409, 410, 422, 429],
    },
    handler: async ({ params, body, request, reply }): Promise<PlacedOrderJson> => {
      await chargeRequest(app, request, 'orders');
      const origin = shopOrigin(app.config, request);
      const placed = await phone.pay(params.token, body, {
        orderUrl: (number, token) => `${origin}/checkout/order/${number}?token=${token}`,
      });
      reply.status(201);
      const started = await app.services.payments.startPlaced(placed.order);
      const payment: PlacedOrderJson['payment'] = started?.client ?? null;
      return {
        data: await orders.json(placed.order.id, { token: placed.token }),
        token: placed.token,
        payment,
      };
    },
  });
  route(app, {
    method: 'POST',
    url: '/pay/:token/balance',
    summary:
      "The customer pays an edited order's balance at the amount shown (expected_total): by bank transfer, answered with the details to pay to (the same again, changing nothing). 409 price_changed when the amount due changed, balance_paid once paid; 410 expired or withdrawn",
    tags,
    params: draftTokenParams,
    body: balancePayBody,
    response: {
      description: 'How to pay the balance',
      schema: z.object({ data: balancePaymentSchema }),
      errors: [404, 409, 410, 422, 429],
    },
    handler: async ({ params, body, request }) => {
      await chargeRequest(app, request, 'orders');
      return { data: await balances.pay(params.token, body) };
    },
  });
}
