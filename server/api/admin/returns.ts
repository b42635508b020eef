import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  returnActionSchemas,
  returnParams,
  returnSchema,
  returnsListQuerySchema,
} from '#domain/api-schemas-returns.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { RefundService } from '../../services/orders/refunds.ts';
import { ReturnActions, type ReturnAction } from '../../services/returns/return-actions.ts';
import { ReturnService } from '../../services/returns/returns.ts';

const STEPS = {
  approve: 'Approves a requested return',
  refuse: 'Refuses a requested return, with the reason the customer reads',
  book: 'Books the collection of an approved return for a date',
  receive:
    'The packs arrived back: they go back in stock (a stock_ledger row each, reason return) in the same transaction',
  refund:
    'Refunds a received return: the refund figure through the order’s refund (Stripe for a card), with a numbered credit note',
} as const;

/** Returns for staff: the list, one return, its photos and each step of its life. */
export async function adminReturnsApi(app: FastifyInstance) {
  const { db } = app.services;
  const returns = new ReturnService(db);
  const refunds = new RefundService(db, app.services.orders, app.services.payments);
  const actions = new ReturnActions(db, returns, refunds);
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/returns',
    summary: 'Returns, newest first (the last 200), optionally of one status or one order',
    tags,
    query: returnsListQuerySchema,
    response: {
      description: 'The returns',
      schema: z.object({ data: z.array(returnSchema) }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'orders');
      return { data: await actions.list(query) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/returns/:return',
    summary: 'One return',
    tags,
    params: returnParams,
    response: {
      description: 'The return',
      schema: z.object({ data: returnSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'orders');
      return { data: await actions.get(params.return) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/returns/:return/photos/:nth',
    summary: "One of the return's damage photos (1 for the first), as uploaded",
    tags,
    params: returnParams.extend({ nth: z.coerce.number().int().min(1).max(100) }),
    response: { description: 'The photo', contentType: 'image/*', errors: [401, 403, 404] },
    handler: async ({ params, request, reply }) => {
      await requireStaff(request, 'orders');
      const photo = await actions.photo(params.return, params.nth);
      reply.type(photo.contentType);
      return photo.bytes;
    },
  });

  for (const kind of Object.keys(STEPS) as (keyof typeof STEPS)[]) {
    route(app, {
      method: 'POST',
      url: `/admin/returns/:return/${kind}`,
      summary: `${STEPS[kind]} (send the version loaded: 409 when stale or out of turn)`,
      tags,
      params: returnParams,
      body: returnActionSchemas[kind],
      response: {
        description: 'The return as it now is',
        schema: z.object({ data: returnSchema }),
        errors: [401, 403, 404, 409, ...(kind === 'refund' ? [502, 503] : [])],
      },
      handler: async ({ params, body, request }) =>
        staffWrite(app, request, { area: 'orders' }, async (who) => {
          // The loop's schemas type the body as their union: read it as the widest of them.
          const sent = body as { version: number; reason?: string; date?: string };
          const step: ReturnAction =
            kind === 'refuse'
              ? { kind, reason: sent.reason! }
              : kind === 'book'
                ? { kind, date: sent.date! }
                : { kind };
          return { data: await actions.act(params.return, step, sent.version, who) };
        }),
    });
  }
}
