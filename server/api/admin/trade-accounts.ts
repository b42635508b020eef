import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageMetaSchema } from '#domain/api-schemas.ts';
import {
  recordedPaymentSchema,
  recordPaymentSchema,
  reopenAccountSchema,
  stopAccountSchema,
  tradeAccountParams,
  tradeAccountRowSchema,
  tradeAccountSchema,
  tradeAccountsQuery,
  tradeTermsInputSchema,
  TRADE_ACCOUNT_MESSAGES,
} from '#domain/api-schemas-trade-accounts.ts';
import { listMeta } from '#domain/catalogue.ts';
import { isIdempotencyKey, orderParams } from '#domain/checkout.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { sendPdf } from '../../http/pdf.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { recordAccountPayment } from '../../services/trade/account-payments.ts';
import { AdminTradeAccounts } from '../../services/trade/admin-accounts.ts';
import { proFormaPdf } from '../trade-account.ts';

const ONE = { description: 'The account', schema: z.object({ data: tradeAccountSchema }) };

/** The Idempotency-Key header a payment must carry, as checkout's. */
function idempotencyKey(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (!isIdempotencyKey(key)) {
    throw badRequest(TRADE_ACCOUNT_MESSAGES.idempotencyKey);
  }
  return key;
}

/**
 * Trade accounts for staff who run orders: balances and overdue debt, credit limits and terms,
 * stopping an account, and payments received against its invoices.
 */
export async function adminTradeAccountsApi(app: FastifyInstance) {
  const accounts = new AdminTradeAccounts(app.services.db);
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/trade/accounts',
    summary:
      'Trade accounts, most overdue first: company, group, credit limit, terms, balance, overdue amount, stopped; overdue=true keeps those with an invoice past its due day; q searches company and email',
    tags,
    query: tradeAccountsQuery,
    response: {
      description: 'A page of accounts',
      schema: z.object({ data: z.array(tradeAccountRowSchema), meta: pageMetaSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'orders');
      const { data, total } = await accounts.list(query);
      return { data, meta: listMeta(query.page, query.per_page, total) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/trade/accounts/:customerId',
    summary:
      "One trade account: its terms and figures, aged debt, invoices with what each still owes, the statement's lines and the payments with their allocations",
    tags,
    params: tradeAccountParams,
    response: { ...ONE, errors: [401, 403, 404] },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'orders');
      return { data: await accounts.one(params.customerId) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/trade/accounts/:customerId',
    summary:
      'Set the credit limit (pounds; empty for no credit) and terms (days from invoice, or end of the month after it); send the version loaded: 409 naming who saved since',
    tags,
    params: tradeAccountParams,
    body: tradeTermsInputSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => ({
        data: await accounts.setTerms(params.customerId, body, who),
      })),
  });

  route(app, {
    method: 'POST',
    url: '/admin/trade/accounts/:customerId/stop',
    summary:
      'Stop the account with a reason: no new orders on account until it is reopened (409 when already stopped or the version is stale)',
    tags,
    params: tradeAccountParams,
    body: stopAccountSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => ({
        data: await accounts.setStopped(
          params.customerId,
          { reason: body.reason },
          body.version,
          who,
        ),
      })),
  });

  route(app, {
    method: 'POST',
    url: '/admin/trade/accounts/:customerId/reopen',
    summary: 'Reopen a stopped account (409 when it is not stopped or the version is stale)',
    tags,
    params: tradeAccountParams,
    body: reopenAccountSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'orders' }, async (who) => ({
        data: await accounts.setStopped(params.customerId, null, body.version, who),
      })),
  });

  route(app, {
    method: 'POST',
    url: '/admin/trade/accounts/:customerId/payments',
    summary:
      'Record money received (header Idempotency-Key: the same key and body answer the same payment, another body 422 idempotency_key_reused), set against the invoices named or the oldest first; 400 with fields when an allocation exceeds what an invoice owes or the allocations exceed the payment. An invoice paid in full moves its order\u2019s payment to paid',
    tags,
    params: tradeAccountParams,
    body: recordPaymentSchema,
    response: {
      description: 'The payment (201; 200 for a repeated key) and the account after it',
      status: [201, 200],
      schema: recordedPaymentSchema,
      errors: [401, 403, 404, 422],
    },
    handler: async ({ params, body, request, reply }) => {
      const key = idempotencyKey(request);
      const recorded = await staffWrite(app, request, { area: 'orders' }, (who) =>
        recordAccountPayment(app.services.db, params.customerId, body, key, who),
      );
      const data = await accounts.one(params.customerId);
      const payment = data.payments.find((p) => p.id === recorded.paymentId);
      if (!payment) throw notFound(TRADE_ACCOUNT_MESSAGES.notTrade);
      reply.status(recorded.created ? 201 : 200);
      return { payment, data };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/orders/:number/pro-forma.pdf',
    summary:
      "A trade account's order awaiting a bank transfer: its pro-forma invoice as a PDF (404 for any other order)",
    tags,
    params: orderParams,
    response: {
      description: 'The pro-forma invoice',
      contentType: 'application/pdf',
      errors: [401, 403, 404],
    },
    handler: async ({ params, request, reply }) => {
      await requireStaff(request, 'orders');
      const id = await app.services.orders.idOf(params.number);
      if (id === null) throw notFound('Order not found');
      return sendPdf(reply, `pro-forma-${params.number}.pdf`, await proFormaPdf(app, id));
    },
  });
}
