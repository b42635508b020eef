import type { FastifyInstance } from 'fastify';
import { orderParams } from '#domain/checkout.ts';
import {
  bulkDocumentsQuery,
  DOCUMENT_KINDS,
  type DocumentKind,
} from '#domain/warehouse-documents.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { sendPdf } from '../../http/pdf.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { ordersForDocuments } from '../../services/orders/order-documents.ts';
import { renderWarehousePdf } from '../../services/orders/warehouse-pdf.ts';

const SUMMARIES: Readonly<Record<DocumentKind, string>> = {
  'packing-slip':
    "The order's packing slip as a PDF: lines with size, pieces, m², weight and a blank batch column, totals and packages; no prices",
  'delivery-note':
    "The order's delivery note as a PDF: the packing slip's lines plus the booked day and slot, site access, the driver's instructions, carrier and tracking, and a box to sign for receipt or note damage",
};

/** The warehouse's documents of orders: one order's, or many orders' in one PDF. */
export async function adminOrderDocumentsApi(app: FastifyInstance) {
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const pdfOf = async (kind: DocumentKind, numbers: readonly string[]) => {
    const { items, missing } = await ordersForDocuments(
      app.services.db,
      app.services.orders,
      numbers,
    );
    if (missing.length) {
      throw notFound(
        missing.length === 1 ? 'Order not found' : `No such orders: ${missing.join(', ')}`,
      );
    }
    return renderWarehousePdf(kind, items, (await app.services.shop.get()).identity);
  };

  for (const kind of DOCUMENT_KINDS) {
    route(app, {
      method: 'GET',
      url: `/admin/orders/:number/${kind}.pdf`,
      summary: SUMMARIES[kind],
      tags,
      params: orderParams,
      response: {
        description: kind === 'packing-slip' ? 'The packing slip' : 'The delivery note',
        contentType: 'application/pdf',
        errors: [401, 403, 404],
      },
      handler: async ({ params, request, reply }) => {
        await requireStaff(request, 'orders');
        return sendPdf(reply, `${kind}-${params.number}.pdf`, await pdfOf(kind, [params.number]));
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/admin/orders/documents.pdf',
    summary:
      'Packing slips or delivery notes of several orders in one PDF, each order from a new page, in the order listed (numbers: comma-separated, at most 50; 404 naming any unknown)',
    tags,
    query: bulkDocumentsQuery,
    response: {
      description: 'The documents, one order after another',
      contentType: 'application/pdf',
      errors: [401, 403, 404],
    },
    handler: async ({ query, request, reply }) => {
      await requireStaff(request, 'orders');
      const pdf = await pdfOf(query.kind, query.numbers);
      return sendPdf(reply, `${query.kind}s-${query.numbers.length}-orders.pdf`, pdf);
    },
  });
}
