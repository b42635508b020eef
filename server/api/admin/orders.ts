import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminOrderSchema,
  dashboardSchema,
  markPaidResultSchema,
  staffOrderRowSchema,
} from '#domain/api-schemas-staff.ts';
import { pageMetaSchema } from '#domain/api-schemas.ts';
import { pagingParams } from '#domain/catalogue-query.ts';
import { listMeta } from '#domain/catalogue.ts';
import { orderParams } from '#domain/checkout.ts';
import { formatPoundsPlain, toPence, tryToPence } from '#domain/money.ts';
import { ORDER_STATUSES } from '#domain/order-states.ts';
import { creditNoteFileParams } from '#domain/api-schemas-tracking.ts';
import { refundSchema } from '#domain/refunds.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { sendPdf } from '../../http/pdf.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { audit } from '../../services/staff/audit.ts';
import { dashboardFigures } from '../../services/orders/dashboard.ts';
import { renderInvoicePdf } from '../../services/orders/invoice-pdf.ts';
import { OrderService } from '../../services/orders/orders.ts';
import { RefundService } from '../../services/orders/refunds.ts';
import { firstPaymentPence } from '../../services/orders/order-rows.ts';
import { sendCreditNotePdf } from '../orders.ts';

const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'A date looks like 2026-11-24' })
  .transform((day) => new Date(`${day}T00:00:00Z`))
  .optional();

const ordersQuery = z.object({
  ...pagingParams(25),
  status: z.enum(ORDER_STATUSES, { error: 'Unknown order status' }).optional(),
  from: dateParam,
  to: dateParam,
  q: z.string().trim().max(200).optional(),
});

const moveBody = z.object({
  status: z.enum(
    ORDER_STATUSES.filter((s) => s !== 'paid' && s !== 'pending_payment' && s !== 'expired'),
    { error: 'Move to processing, dispatched, delivered or cancelled' },
  ),
  note: z.string().trim().max(1000).optional(),
});

const NOTHING_TO_PAY = 'This order has nothing to pay: it went straight to processing';
const MONEY_MESSAGE = 'The amount received, in pounds, e.g. 1050.15';
const markPaidBody = z.object({
  amount: z
    .string({ error: MONEY_MESSAGE })
    .refine((value) => (tryToPence(value) ?? -1) > 0, { error: MONEY_MESSAGE })
    .transform((value) => tryToPence(value)!),
});

/** Orders for staff: the list, one order, and the moves of its life (each audited). */
export async function adminOrdersApi(app: FastifyInstance) {
  const { orders } = app.services;
  const refunds = new RefundService(app.services.db, orders, app.services.payments);
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const orderIdOr404 = async (number: string) => {
    const id = await orders.idOf(number);
    if (id === null) throw notFound('Order not found');
    return id;
  };

  route(app, {
    method: 'GET',
    url: '/admin/orders',
    summary:
      'Orders for staff: filter by status and placing date (from, to: YYYY-MM-DD), search by number, email or postcode',
    tags,
    query: ordersQuery,
    response: {
      description: 'A page of orders',
      schema: z.object({ data: z.array(staffOrderRowSchema), meta: pageMetaSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'orders');
      const { data, total } = await orders.search({
        status: query.status,
        from: query.from,
        to: query.to,
        q: query.q,
        page: query.page,
        perPage: query.per_page,
      });
      return { data, meta: listMeta(query.page, query.per_page, total) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/dashboard',
    summary:
      "Today's and this month's orders and takings, sales by day (30 days), low-stock sizes, orders waiting for payment or dispatch",
    tags,
    response: {
      description: 'The figures',
      schema: z.object({ data: dashboardSchema }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'dashboard');
      return { data: await dashboardFigures(app.services.db) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:number',
    summary:
      'One order with its lines, addresses, payment (amount, refunded, refundable), credit notes and history',
    tags,
    params: orderParams,
    response: {
      description: 'The order, with its payment and credit notes',
      schema: z.object({ data: adminOrderSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'orders');
      return { data: await refunds.adminJson(await orderIdOr404(params.number)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/mark-paid',
    summary:
      'A bank transfer arrived: marks the order paid when the amount is its total (409 otherwise)',
    tags,
    params: orderParams,
    body: markPaidBody,
    response: {
      description: "The order, and what the payment did ('paid', 'already_paid', ...)",
      schema: z.object({ result: markPaidResultSchema, data: adminOrderSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const id = await orderIdOr404(params.number);
        const before = await orders.json(id);
        if (before.payment_status === 'not_required') throw conflict(NOTHING_TO_PAY);
        const result = await orders.markPaid({
          orderNumber: params.number,
          provider: 'bank_transfer',
          providerRef: null,
          amountPence: body.amount,
          currency: 'GBP',
          actor: `staff:${who.actor}`,
          audited: async (tx, result) => {
            if (result === 'amount_mismatch') return;
            const after = await new OrderService(tx, {
              paymentDays: app.services.paymentDays,
            }).json(id);
            await audit(tx, who, {
              action: 'order.mark_paid',
              entity: 'order',
              entityId: params.number,
              before: { status: before.status, payment_status: before.payment_status },
              after: { status: after.status, payment_status: after.payment_status, result },
            });
          },
        });
        if (result === 'amount_mismatch') {
          const total = toPence(before.totals.total.gross);
          const due = await firstPaymentPence(app.services.db, id);
          throw conflict(
            due === total
              ? `The amount received is not the order total of £${before.totals.total.gross}`
              : `The amount received is not the deposit due of £${formatPoundsPlain(due)}`,
          );
        }
        return { result, data: await refunds.adminJson(id) };
      }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/move',
    summary:
      'Moves an order on: processing, dispatched (with a delivery note), delivered, or cancelled before dispatch (stock goes back; an order on account not yet paid gets a credit note for what it owes, which takes it off the account)',
    tags,
    params: orderParams,
    body: moveBody,
    response: {
      description: 'The order, moved on',
      schema: z.object({ data: adminOrderSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const id = await orderIdOr404(params.number);
        await orders.move(
          params.number,
          body.status,
          `staff:${who.actor}`,
          body.note,
          undefined,
          async (tx, from) => {
            await audit(tx, who, {
              action: 'order.move',
              entity: 'order',
              entityId: params.number,
              before: { status: from },
              after: { status: body.status, note: body.note ?? null },
            });
            if (body.status === 'cancelled') await refunds.creditCancelled(tx, params.number, who);
          },
        );
        return { data: await refunds.adminJson(id) };
      }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/refund',
    summary:
      'Refunds all or part of the payment (never more than paid less refunded): through Stripe for a card, recorded by hand for a bank transfer, credited to the trade account for an order on account (paid or not); issues a numbered credit note',
    tags,
    params: orderParams,
    body: refundSchema,
    response: {
      description: "The credit note's number and the order as it now is",
      schema: z.object({ credit_note: z.string(), data: adminOrderSchema }),
      errors: [401, 403, 404, 409, 502, 503],
    },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const id = await orderIdOr404(params.number);
        const { creditNote } = await refunds.refund({
          orderNumber: params.number,
          amountPence: tryToPence(body.amount)!,
          reason: body.reason,
          who,
        });
        return { credit_note: creditNote, data: await refunds.adminJson(id) };
      }),
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:number/invoice.pdf',
    summary: "The paid order's VAT invoice as a PDF, for staff (404 before the order is paid)",
    tags,
    params: orderParams,
    response: {
      description: 'The VAT invoice',
      contentType: 'application/pdf',
      errors: [401, 403, 404],
    },
    handler: async ({ params, request, reply }) => {
      await requireStaff(request, 'orders');
      const id = await orderIdOr404(params.number);
      const invoice = await orders.invoice(id);
      if (!invoice) throw notFound('This order has no invoice yet: it is issued once paid');
      const [json, shop] = await Promise.all([orders.json(id), app.services.shop.get()]);
      const pdf = await renderInvoicePdf(json, invoice, shop.identity);
      return sendPdf(reply, `invoice-${invoice.number}.pdf`, pdf);
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:number/credit-notes/:note',
    summary: "A credit note of the order as a PDF ('CN-000001.pdf')",
    tags,
    params: creditNoteFileParams,
    response: {
      description: 'The credit note',
      contentType: 'application/pdf',
      errors: [401, 403, 404],
    },
    handler: async ({ params, request, reply }) => {
      await requireStaff(request, 'orders');
      const id = await orderIdOr404(params.number);
      return sendCreditNotePdf(reply, refunds, await orders.json(id), params.note);
    },
  });
}
