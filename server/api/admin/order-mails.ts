import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOrderSchema } from '#domain/api-schemas-staff.ts';
import { orderParams } from '#domain/checkout.ts';
import { dispatchSchema, orderMailSchema } from '#domain/order-mail.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { announceMail, orderMails, resendMail } from '../../services/mail-outbox/outbox.ts';
import { RefundService } from '../../services/orders/refunds.ts';
import { audit } from '../../services/staff/audit.ts';

const mailParams = orderParams.extend({
  id: z.coerce.number({ error: 'A mail id is a number' }).int().positive(),
});

/** An order leaving with its carrier's details, and the order's mails: listed and resent. */
export async function adminOrderMailsApi(app: FastifyInstance) {
  const { orders, db } = app.services;
  const refunds = new RefundService(db, orders, app.services.payments);
  const tags = ['admin'];

  const orderIdOr404 = async (number: string) => {
    const id = await orders.idOf(number);
    if (id === null) throw notFound('Order not found');
    return id;
  };

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/dispatch',
    summary:
      'The order leaves: carrier, tracking number, tracking link (https) and delivery day are kept on the order and mailed to the customer (409 unless it is processing)',
    tags,
    params: orderParams,
    body: dispatchSchema,
    response: {
      description: 'The order, dispatched',
      schema: z.object({ data: adminOrderSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const id = await orderIdOr404(params.number);
        await orders.move(
          params.number,
          'dispatched',
          `staff:${who.actor}`,
          undefined,
          body,
          (tx, from) =>
            audit(tx, who, {
              action: 'order.dispatch',
              entity: 'order',
              entityId: params.number,
              before: { status: from },
              after: { status: 'dispatched', ...body },
            }),
        );
        return { data: await refunds.adminJson(id) };
      }),
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:number/mails',
    summary:
      "The order's mails, oldest first: kind, recipient, subject, status (pending, sent, failed), attempts, last error",
    tags,
    params: orderParams,
    response: {
      description: "The order's mails",
      schema: z.object({ data: z.array(orderMailSchema) }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'orders');
      return { data: await orderMails(db, await orderIdOr404(params.number)) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/mails/:id/resend',
    summary:
      "Sends one of the order's mails again, as it was written (attachments built afresh): a new mail of the outbox (201)",
    tags,
    params: mailParams,
    response: {
      description: "The new mail, pending, and the order's mails",
      status: [201],
      schema: z.object({ mail: orderMailSchema, data: z.array(orderMailSchema) }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request, reply }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const orderId = await orderIdOr404(params.number);
        const id = await resendMail(db, orderId, params.id, who.actor, (tx, id) =>
          audit(tx, who, {
            action: 'order.mail_resend',
            entity: 'order',
            entityId: params.number,
            before: { mail: params.id },
            after: { mail: id },
          }),
        );
        if (id === null) throw notFound('This order has no such mail');
        announceMail();
        const data = await orderMails(db, orderId);
        reply.status(201);
        return { mail: data.find((m) => m.id === id)!, data };
      }),
  });
}
