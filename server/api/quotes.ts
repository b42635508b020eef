import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptedQuoteSchema,
  acceptQuoteBody,
  quoteLineParams,
  quoteNumberParams,
  quoteSchema,
  quoteTokenQuery,
} from '#domain/api-schemas-quotes.ts';
import type { PlacedOrderJson } from '#domain/checkout.ts';
import { shopOrigin } from '../http/origin.ts';
import { sendDownload } from '../http/download.ts';
import { chargeRequest } from '../http/request-limits.ts';
import { route } from '../http/route.ts';
import { QuoteAcceptance, type QuoteAccess } from '../services/quotes/accept-quote.ts';

/** A quote as its customer reads and accepts it: signed in as its customer, or by its link. */
export async function quotesApi(app: FastifyInstance) {
  const { orders } = app.services;
  const { payments } = app.services;
  const acceptance = new QuoteAcceptance(app.services.db, {
    shop: app.services.shop,
    // Paying on account is a trade account's: a quote is paid by its deposit, now.
    paymentMethods: () => payments.methods(),
    providerName: (method) => payments.nameOf(method),
    shopOrdersEmail: app.config.shopOrdersEmail,
  });
  const tags = ['quotes'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const access = async (request: FastifyRequest, token?: string): Promise<QuoteAccess> => {
    const session = await request.getSession();
    return { customerId: session?.customerId ?? null, token: token ?? null };
  };

  route(app, {
    method: 'GET',
    url: '/quotes/:number',
    summary:
      "A quote, for the signed-in customer it belongs to or the holder of its link's token: lines, totals with VAT, validity and deposit (404 for anyone else)",
    tags,
    params: quoteNumberParams,
    query: quoteTokenQuery,
    response: { description: 'The quote', schema: z.object({ data: quoteSchema }), errors: [404] },
    handler: async ({ params, query, request }) => ({
      data: await acceptance.view(params.number, await access(request, query.token)),
    }),
  });

  route(app, {
    method: 'GET',
    url: '/quotes/:number/lines/:position/drawing',
    summary:
      "The drawing of a quote's bespoke line (a PDF or an image, a download), for the quote's customer or the holder of its link's token (404 for anyone else, or a line without one)",
    tags,
    params: quoteLineParams,
    query: quoteTokenQuery,
    response: { description: 'The file', contentType: 'application/pdf', errors: [404] },
    handler: async ({ params, query, request, reply }) =>
      sendDownload(
        reply,
        await acceptance.drawing(
          params.number,
          params.position,
          await access(request, query.token),
        ),
      ),
  });

  route(app, {
    method: 'POST',
    url: '/quotes/:number/accept',
    summary:
      "Accepts a sent quote: an order at the quote's prices with the deposit (or the total) to pay now; accepting again answers the same order. 410 expired or withdrawn, 409 superseded or not sent",
    tags,
    params: quoteNumberParams,
    query: quoteTokenQuery,
    body: acceptQuoteBody,
    response: {
      description: 'The order made from the quote (201, or 200 when accepted before)',
      status: [200, 201],
      schema: acceptedQuoteSchema,
      errors: [404, 409, 410, 429],
    },
    handler: async ({ params, query, body, request, reply }) => {
      await chargeRequest(app, request, 'orders');
      const origin = shopOrigin(app.config, request);
      const accepted = await acceptance.accept(
        params.number,
        await access(request, query.token),
        body,
        { orderUrl: (number, token) => `${origin}/checkout/order/${number}?token=${token}` },
      );
      reply.status(accepted.token ? 201 : 200);
      const order = accepted.order;
      // The one place a quote's payment starts: the order carries the deposit it asks first.
      const started = await payments.startPlaced(order);
      const payment: PlacedOrderJson['payment'] = started?.client ?? null;
      return {
        data: await orders.json(order.id, { token: accepted.token }),
        quote: accepted.quote,
        token: accepted.token,
        payment,
      };
    },
  });
}
