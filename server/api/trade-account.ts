import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '#db/client.ts';
import { z } from 'zod';
import { statementSchema, TRADE_ACCOUNT_MESSAGES } from '#domain/api-schemas-trade-accounts.ts';
import { orderParams, orderTokenQuery } from '#domain/checkout.ts';
import { notFound } from '../http/errors.ts';
import { sendPdf } from '../http/pdf.ts';
import { route } from '../http/route.ts';
import { renderProFormaPdf } from '../services/orders/proforma-pdf.ts';
import { accountStatement } from '../services/trade/ledger.ts';
import { renderStatementPdf } from '../services/trade/statement-pdf.ts';
import { accessibleOrder } from './orders.ts';
import { requireCustomerId } from './auth.ts';

export const PRO_FORMA_MISSING =
  'A pro-forma invoice is issued for a trade account’s order awaiting a bank transfer';

/**
 * The pro-forma invoice of an order, for a trade account's order still awaiting its bank
 * transfer; 404 for any other order (a paid one has its VAT invoice instead).
 */
export async function proFormaPdf(app: FastifyInstance, orderId: number): Promise<Buffer> {
  const [[row], order] = await Promise.all([
    queryRows<{ trade: boolean }>(
      app.services.db,
      sql`SELECT EXISTS (SELECT 1 FROM orders o JOIN trade_accounts t ON t.customer_id = o.customer_id
          WHERE o.id = ${orderId}) AS trade`,
    ),
    app.services.orders.json(orderId),
  ]);
  const trade = row?.trade === true;
  if (!trade || order.bank_transfer === null) throw notFound(PRO_FORMA_MISSING);
  const { identity } = await app.services.shop.get();
  return renderProFormaPdf({ ...order, bank_transfer: order.bank_transfer }, identity);
}

/** A trade customer's account: the statement (JSON and PDF) and pro-forma invoices. */
export async function tradeAccountApi(app: FastifyInstance) {
  const tags = ['accounts'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const statementOf = async (customerId: number) => {
    const found = await accountStatement(app.services.db, customerId);
    if (!found) throw notFound(TRADE_ACCOUNT_MESSAGES.notTrade);
    return found;
  };

  route(app, {
    method: 'GET',
    url: '/account/statement',
    summary:
      "The signed-in trade customer's statement: balance, what is due and when, what is overdue and how late, every invoice, credit note and payment with the running balance (401 signed out, 404 without a trade account)",
    tags,
    response: {
      description: 'The statement on today (London)',
      schema: z.object({ data: statementSchema }),
      errors: [401, 404],
    },
    handler: async ({ request }) => ({
      data: (await statementOf(await requireCustomerId(request))).statement,
    }),
  });

  route(app, {
    method: 'GET',
    url: '/account/statement.pdf',
    summary:
      "The signed-in trade customer's statement as a PDF (401 signed out, 404 without a trade account)",
    tags,
    response: { description: 'The statement', contentType: 'application/pdf', errors: [401, 404] },
    handler: async ({ request, reply }) => {
      const { head, statement } = await statementOf(await requireCustomerId(request));
      const shop = await app.services.shop.get();
      const pdf = await renderStatementPdf(statement, head, shop.identity, shop.bank);
      return sendPdf(reply, `statement-${statement.today}.pdf`, pdf);
    },
  });

  route(app, {
    method: 'GET',
    url: '/orders/:number/pro-forma.pdf',
    summary:
      "A trade account's order awaiting a bank transfer: its pro-forma invoice as a PDF (not a VAT invoice; bank details and the order number as reference), for its owner or the holder of its link (?token=); 404 otherwise",
    tags: ['orders'],
    params: orderParams,
    query: orderTokenQuery,
    response: {
      description: 'The pro-forma invoice',
      contentType: 'application/pdf',
      errors: [404],
    },
    handler: async ({ params, query, request, reply }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      return sendPdf(reply, `pro-forma-${params.number}.pdf`, await proFormaPdf(app, order.id));
    },
  });
}
