import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { salesReportSchema, vatReportSchema } from '#domain/api-schemas-reports.ts';
import { reportPeriodQuery, salesReportQuery } from '#domain/reports.ts';
import { sendCsv } from '../../http/csv.ts';
import { route } from '../../http/route.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import {
  ORDERS_CSV_HEADERS,
  ordersCsvRows,
  salesFigures,
  VAT_DOCUMENTS_CSV_HEADERS,
  vatFigures,
  vatDocumentsCsvRows,
} from '../../services/reports/reports.ts';

/**
 * The owner's and the accountant's reports, for owners and managers ('reports'): sales, refunds
 * and net takings, the VAT return's figures, and CSV exports. Periods are London calendar
 * dates, both included.
 */
export async function adminReportsApi(app: FastifyInstance) {
  const { db } = app.services;
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/reports/sales',
    summary:
      'Sales of a period (from, to: London dates, both included) by day, month or product: gross, net, VAT and orders from the invoices by tax point, refunds from the credit notes by their dates, and net takings',
    tags,
    query: salesReportQuery,
    response: {
      description: 'The rows and the totals of the period',
      schema: z.object({ data: salesReportSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'reports');
      return { data: await salesFigures(db, query, query.group) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/reports/vat',
    summary:
      "The MTD VAT return's box 1 (output VAT), box 6 (sales ex VAT, whole pounds) and box 7 (purchases: not recorded, 0) of a period, with the invoices and credit notes behind them",
    tags,
    query: reportPeriodQuery,
    response: {
      description: 'The boxes and the documents',
      schema: z.object({ data: vatReportSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'reports');
      return { data: await vatFigures(db, query) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/reports/vat.csv',
    summary:
      "The VAT report's invoices and credit notes of a period as CSV (a credit note's amounts negative)",
    tags,
    query: reportPeriodQuery,
    response: { description: 'The documents as CSV', contentType: 'text/csv', errors: [401, 403] },
    handler: async ({ query, request, reply }) => {
      await requireStaff(request, 'reports');
      const rows = vatDocumentsCsvRows(await vatFigures(db, query));
      return sendCsv(reply, `vat-documents-${query.from}-to-${query.to}.csv`, [
        VAT_DOCUMENTS_CSV_HEADERS,
        ...rows,
      ]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/reports/orders.csv',
    summary:
      'The orders placed in a period (London dates) as CSV: status, customer, goods, delivery and total figures, invoice, tax point, refunds and credit notes',
    tags,
    query: reportPeriodQuery,
    response: { description: 'The orders as CSV', contentType: 'text/csv', errors: [401, 403] },
    handler: async ({ query, request, reply }) => {
      await requireStaff(request, 'reports');
      const rows = await ordersCsvRows(db, query);
      return sendCsv(reply, `orders-${query.from}-to-${query.to}.csv`, [
        ORDERS_CSV_HEADERS,
        ...rows,
      ]);
    },
  });
}
