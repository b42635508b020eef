import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderSchema, orderSummarySchema, pageMetaSchema } from '#domain/api-schemas.ts';
import { pagingParams } from '#domain/catalogue-query.ts';
import { listMeta } from '#domain/catalogue.ts';
import { creditNoteFileParams } from '#domain/api-schemas-tracking.ts';
import { orderParams, orderTokenQuery, type OrderJson } from '#domain/checkout.ts';
import { parseCreditNoteNumber } from '#domain/refunds.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { sendPdf } from '../http/pdf.ts';
import type { OrderHead } from '../services/orders/order-rows.ts';
import { renderCreditNotePdf } from '../services/orders/credit-note-pdf.ts';
import { renderInvoicePdf } from '../services/orders/invoice-pdf.ts';
import { RefundService } from '../services/orders/refunds.ts';
import { requireCustomerId } from './auth.ts';

/**
 * The order when the caller may see it: its owner, the session that placed it, or whoever holds
 * its secret link. Anyone else gets the same 404 as for an order that does not exist.
 */
export async function accessibleOrder(
  app: FastifyInstance,
  request: FastifyRequest,
  number: string,
  token: string | undefined,
): Promise<OrderHead> {
  const session = await request.getSession();
  const order = await app.services.orders.findForAccess(number, {
    customerId: session?.customerId ?? null,
    sessionTokenHash: session?.tokenHash ?? null,
    token: token ?? null,
  });
  if (!order) throw notFound('Order not found');
  return order;
}

/** Answers a credit note of the order ('CN-000001.pdf') as a PDF, or 404. */
export async function sendCreditNotePdf(
  reply: FastifyReply,
  refunds: RefundService,
  order: OrderJson,
  file: string,
): Promise<Buffer> {
  const wanted = parseCreditNoteNumber(file.replace(/\.pdf$/i, ''));
  const notes = await refunds.creditNotes(order.number);
  const note = notes.find((n) => parseCreditNoteNumber(n.number) === wanted);
  if (!note) throw notFound('No such credit note for this order');
  const { identity } = await reply.server.services.shop.get();
  return sendPdf(
    reply,
    `credit-note-${note.number}.pdf`,
    await renderCreditNotePdf(order, note, identity),
  );
}

/** The customer's orders, one order with its tracking, its VAT invoice and credit notes. */
export async function ordersApi(app: FastifyInstance) {
  const { orders } = app.services;
  // Only to read credit notes: shoppers never refund, so no payment gateway.
  const refunds = new RefundService(app.services.db, orders, null);
  const tags = ['orders'];
  // Orders hold names and addresses: no browser or proxy may keep a copy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/orders',
    summary: "The signed-in customer's orders, newest first (401 when not signed in)",
    tags,
    query: z.object(pagingParams(10)),
    response: {
      description: 'A page of the orders',
      schema: z.object({ data: z.array(orderSummarySchema), meta: pageMetaSchema }),
      errors: [401],
    },
    handler: async ({ query, request }) => {
      const customerId = await requireCustomerId(request);
      const { data, total } = await orders.list(customerId, query.page, query.per_page);
      return { data, meta: listMeta(query.page, query.per_page, total) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/orders/:number',
    summary:
      'One order with its timeline and documents, for its owner or the holder of its secret link (?token=, then kept on the document links); 404 otherwise',
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: { description: 'The order', schema: z.object({ data: orderSchema }), errors: [404] },
    handler: async ({ params, query, request }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      return { data: await orders.json(order.id, { token: query.token ?? null }) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/orders/:number/invoice.pdf',
    summary: "The paid order's VAT invoice as a PDF (404 before the order is paid)",
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: { description: 'The VAT invoice', contentType: 'application/pdf', errors: [404] },
    handler: async ({ params, query, request, reply }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      const invoice = await orders.invoice(order.id);
      if (!invoice) throw notFound('This order has no invoice yet: it is issued once paid');
      const [json, shop] = await Promise.all([orders.json(order.id), app.services.shop.get()]);
      const pdf = await renderInvoicePdf(json, invoice, shop.identity);
      return sendPdf(reply, `invoice-${invoice.number}.pdf`, pdf);
    },
  });
  route(app, {
    method: 'GET',
    url: '/orders/:number/credit-notes/:note',
    summary:
      "A credit note of the order as a PDF ('CN-000001.pdf'), for its owner or the holder of its secret link (?token=); 404 otherwise",
    tags,
    params: creditNoteFileParams,
    query: orderTokenQuery,
    response: { description: 'The credit note', contentType: 'application/pdf', errors: [404] },
    handler: async ({ params, query, request, reply }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      return sendCreditNotePdf(reply, refunds, await orders.json(order.id), params.note);
    },
  });
}
