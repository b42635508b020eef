import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  balanceLinkSchema,
  balanceReceivedBody,
  draftOrderBody,
  draftOrderSchema,
  orderEditBody,
  orderNoteBody,
  orderNoteSchema,
  sizeChoiceSchema,
  sizeSearchQuery,
} from '#domain/api-schemas-order-tasks.ts';
import { adminOrderSchema } from '#domain/api-schemas-staff.ts';
import { orderParams } from '#domain/checkout.ts';
import { formatPoundsPlain, toPence } from '#domain/money.ts';
import { shopOrigin } from '../../http/origin.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { BalanceLinkService } from '../../services/orders/balance-links.ts';
import { OrderEditService } from '../../services/orders/order-edit.ts';
import { addOrderNote } from '../../services/orders/order-notes.ts';
import { PhoneOrderService, searchSizes } from '../../services/orders/phone-orders.ts';
import { RefundService } from '../../services/orders/refunds.ts';
import { paymentTerms } from '../../services/settings/shop-details.ts';

const draftParams = z.object({
  id: z.coerce.number({ error: 'A draft order id is a number' }).int().min(1).max(2_147_483_647),
});

/** Staff's daily order tasks: notes, an order taken by phone, editing an order before dispatch. */
export async function adminOrderTasksApi(app: FastifyInstance) {
  const { db, orders, checkout } = app.services;
  const gateway = app.services.payments;
  const refunds = new RefundService(db, orders, gateway);
  const edits = new OrderEditService(
    db,
    gateway,
    () => paymentTerms(app.services.shop),
    app.services.buyers,
  );
  const phone = new PhoneOrderService(db, checkout, app.services.buyers);
  const balances = new BalanceLinkService(db, { paymentDays: app.services.paymentDays });
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/notes',
    summary:
      'Adds a note to an order: private (staff only) or to the customer (shown on their order page and mailed); audited',
    tags,
    params: orderParams,
    body: orderNoteBody,
    response: {
      description: 'The note (201)',
      status: [201],
      schema: z.object({ data: orderNoteSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, body, request, reply }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const note = await addOrderNote(db, params.number, body, who);
        reply.status(201);
        return { data: note };
      }),
  });

  route(app, {
    method: 'PUT',
    url: '/admin/orders/:number',
    summary:
      'Edits an order before dispatch: its lines (each size once), delivery address and option, with the version loaded. Re-priced as checkout prices; stock difference through the ledger (409 out_of_stock); a paid order gets a credit note cancelling its invoice and a new invoice, a lower total refunded, a higher one left as balance_due. 409 when dispatched or the version is stale',
    tags,
    params: orderParams,
    body: orderEditBody,
    response: {
      description: 'The order as it now is, and the papers and money of the edit',
      schema: z.object({
        data: adminOrderSchema,
        credit_note: z.string().nullable(),
        invoice: z.string().nullable(),
        refunded: z.string(),
        balance_due: z.string(),
      }),
      errors: [401, 403, 404, 409, 422, 502],
    },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const result = await edits.edit(params.number, body, who);
        return {
          data: await refunds.adminJson(result.orderId),
          credit_note: result.creditNote,
          invoice: result.invoice,
          refunded: formatPoundsPlain(result.refundedPence),
          balance_due: formatPoundsPlain(result.balanceDuePence),
        };
      }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/drafts',
    summary:
      'Takes an order by phone: a draft priced as checkout prices it (holds no stock until paid through its link)',
    tags,
    body: draftOrderBody,
    response: {
      description: 'The draft, priced (201)',
      status: [201],
      schema: z.object({ data: draftOrderSchema }),
      errors: [401, 403],
    },
    handler: async ({ body, request, reply }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const draft = await phone.create(body, who);
        reply.status(201);
        return { data: draft };
      }),
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/drafts/:id',
    summary: 'A phone order draft, priced now, with the order it became once paid',
    tags,
    params: draftParams,
    response: {
      description: 'The draft',
      schema: z.object({ data: draftOrderSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'orders');
      return { data: await phone.json(params.id) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/drafts/:id/send',
    summary:
      'Mails the customer a payment link for the draft (a new secret each time; it works for 7 days)',
    tags,
    params: draftParams,
    response: {
      description: 'The draft and the link sent',
      schema: z.object({ data: draftOrderSchema, link: z.string() }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const origin = shopOrigin(app.config, request);
        const { link, draft } = await phone.send(
          params.id,
          who,
          (token) => `${origin}/pay/${token}`,
        );
        return { data: draft, link };
      }),
  });
  route(app, {
    method: 'GET',
    url: '/admin/orders/sizes',
    summary:
      'Sizes on sale whose product name or SKU holds q (at least 2 letters), for a phone order: at most 20',
    tags,
    query: sizeSearchQuery,
    response: {
      description: 'The sizes found',
      schema: z.object({ data: z.array(sizeChoiceSchema) }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'orders');
      return { data: await searchSizes(db, query.q) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/balance-link',
    summary:
      'Mails the customer a payment link for what an order edited after payment still owes (its total less what its payment holds); a new link withdraws the one before. 409 when nothing is due',
    tags,
    params: orderParams,
    response: {
      description: 'The link sent and the amount it asks for',
      schema: balanceLinkSchema,
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const origin = shopOrigin(app.config, request);
        return balances.send(params.number, who, (token) => `${origin}/pay/${token}`);
      }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/orders/:number/balance-received',
    summary:
      "A balance's bank transfer arrived: the amount (exactly the balance due) joins the order's payment and its link is paid; again answers already_paid. 409 for another amount or nothing due",
    tags,
    params: orderParams,
    body: balanceReceivedBody,
    response: {
      description: 'What recording it did, and the order as it now is',
      schema: z.object({ result: z.enum(['paid', 'already_paid']), data: adminOrderSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => {
        const result = await balances.received(params.number, toPence(body.amount), who);
        const id = await app.services.orders.idOf(params.number);
        return { result, data: await refunds.adminJson(id!) };
      }),
  });
}
