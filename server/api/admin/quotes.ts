import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  drawingParams,
  drawingUploadQuery,
  quoteDrawingSchema,
  quoteInputSchema,
  quoteNumberParams,
  quoteSchema,
  quoteSummarySchema,
  quoteVersionBody,
  sentQuoteSchema,
} from '#domain/api-schemas-quotes.ts';
import { QUOTE_MESSAGES, QUOTE_STATES } from '#domain/quotes.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES } from '#domain/uploads.ts';
import { sendDownload } from '../../http/download.ts';
import { notFound } from '../../http/errors.ts';
import { shopOrigin } from '../../http/origin.ts';
import { sendPdf } from '../../http/pdf.ts';
import { acceptRawBody } from '../../http/raw-body.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { AdminQuotes } from '../../services/quotes/admin-quotes.ts';
import { quotePdf } from '../../services/quotes/quote-document.ts';
import { readDrawing, storeDrawing } from '../../services/quotes/quote-drawings.ts';
import { listQuotes } from '../../services/quotes/quote-store.ts';
import { quotableEnquiries } from '../../services/quotes/quote-enquiries.ts';
import { enquirySummarySchema } from '#domain/api-schemas-quotes.ts';

const ONE = {
  description: 'The quote (its newest revision)',
  schema: z.object({ data: quoteSchema }),
};

/** Quotes for bespoke work, for staff who take orders: built, sent, revised and withdrawn. */
export async function adminQuotesApi(app: FastifyInstance) {
  const quotes = new AdminQuotes(app.services.db);
  const tags = ['admin'];
  const area = 'orders' as const;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/quotes',
    summary:
      'Every quote revision, newest first, with its state (a sent one past its validity reads expired)',
    tags,
    query: z.object({ state: z.enum(QUOTE_STATES).optional() }),
    response: {
      description: 'The quotes',
      schema: z.object({ data: z.array(quoteSummarySchema) }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, area);
      return { data: await listQuotes(app.services.db, query.state) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/quotes/enquiries',
    summary:
      'Recent "We Can Cut", "Get Quote" and lead-time enquiries, with the quote answering each',
    tags,
    response: {
      description: 'The enquiries',
      schema: z.object({ data: z.array(enquirySummarySchema) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, area);
      return { data: await quotableEnquiries(app.services.db) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/quotes/:number',
    summary: 'A quote: its newest revision with the history of every revision',
    tags,
    params: quoteNumberParams,
    response: { ...ONE, errors: [401, 403, 404] },
    handler: async ({ params, request }) => {
      await requireStaff(request, area);
      return { data: await quotes.get(params.number) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/quotes/:number/quote.pdf',
    summary: "The quote's newest revision as the PDF the customer is sent",
    tags,
    params: quoteNumberParams,
    response: { description: 'The quote', contentType: 'application/pdf', errors: [401, 403, 404] },
    handler: async ({ params, request, reply }) => {
      await requireStaff(request, area);
      const pdf = await quotePdf(app.services.db, sql`q.number = ${params.number}`);
      if (!pdf) throw notFound(QUOTE_MESSAGES.notFound);
      return sendPdf(reply, `quote-${params.number}.pdf`, pdf);
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/quotes',
    summary:
      'A draft quote, from scratch or answering an enquiry (enquiry_id): priced at once, delivery by the usual rules unless manual_delivery is set (400 with fields)',
    tags,
    body: quoteInputSchema,
    response: { ...ONE, status: 201, errors: [401, 403, 404] },
    handler: async ({ body, request, reply }) => {
      const data = await staffWrite(app, request, { area }, (who) => quotes.create(body, who));
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/quotes/:number',
    summary: 'Edit a draft (send the version loaded: 409 naming who saved since; 409 once sent)',
    tags,
    params: quoteNumberParams,
    body: quoteInputSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area }, async (who) => ({
        data: await quotes.update(params.number, body, who),
      })),
  });

  route(app, {
    method: 'POST',
    url: '/admin/quotes/:number/send',
    summary:
      'Send a draft: valid from now for its days, mailed with its PDF and a link (answered too); earlier revisions are superseded',
    tags,
    params: quoteNumberParams,
    body: quoteVersionBody,
    response: {
      description: 'The quote sent',
      schema: sentQuoteSchema,
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, body, request }) => {
      const origin = shopOrigin(app.config, request);
      return staffWrite(app, request, { area }, (who) =>
        quotes.send(
          params.number,
          body.version,
          who,
          (number, token) => `${origin}/quote/${number}?token=${token}`,
        ),
      );
    },
  });

  for (const [action, summary] of [
    ['revise', 'A new draft revision copying a sent or expired quote; it replaces it once sent'],
    [
      'withdraw',
      'Withdraw a draft or sent quote (and the sent revision a draft would replace): none can be accepted',
    ],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/admin/quotes/:number/${action}`,
      summary,
      tags,
      params: quoteNumberParams,
      body: quoteVersionBody,
      response: { ...ONE, errors: [401, 403, 404, 409] },
      handler: async ({ params, body, request }) =>
        staffWrite(app, request, { area }, async (who) => ({
          data: await quotes[action](params.number, body.version, who),
        })),
    });
  }

  await app.register(async (scope) => {
    // The role first, before the body is read: a stranger cannot make the server read 8 MB.
    scope.addHook('onRequest', async (request) => {
      await requireStaff(request, area);
    });
    // The drawing arrives as the raw body; its first bytes decide what it is, not this header.
    acceptRawBody(scope, DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES);

    route(scope, {
      method: 'POST',
      url: '/admin/quotes/drawings',
      summary: `Uploads a drawing of a bespoke piece (the body: a PDF, JPEG, PNG or WebP file, at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB; ?file_name= the name it downloads as) for a line to name as drawing_id; 415 for another kind of file, 413 when larger`,
      tags,
      query: drawingUploadQuery,
      bodyLimit: DOCUMENT_MAX_BYTES,
      response: {
        description: 'The drawing',
        schema: z.object({ data: quoteDrawingSchema }),
        status: 201,
        errors: [401, 403, 413, 415],
      },
      handler: async ({ query, request, reply }) => {
        const data = await staffWrite(app, request, { area }, (who) =>
          storeDrawing(app.services.db, { bytes: request.body, fileName: query.file_name }, who),
        );
        reply.status(201);
        return { data };
      },
    });

    route(scope, {
      method: 'GET',
      url: '/admin/quotes/drawings/:id',
      summary: 'A drawing as uploaded: a PDF, or a JPEG, PNG or WebP image (a download)',
      tags,
      params: drawingParams,
      response: {
        description: 'The file',
        contentType: 'application/pdf',
        errors: [401, 403, 404],
      },
      handler: async ({ params, reply }) =>
        sendDownload(
          reply,
          await readDrawing(app.services.db, sql`FROM quote_drawings d WHERE d.id = ${params.id}`),
        ),
    });
  });
}
