import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminProductSchema } from '#domain/admin-catalogue.ts';
import { isPdf, PRODUCT_DOCUMENT_MAX_BYTES } from '#domain/product-documents.ts';
import {
  adminFactsSchema,
  documentUploadQuery,
  FACTS_MESSAGES,
  productDocumentSchema,
  productDocumentsEditSchema,
  productFactsEditSchema,
} from '#domain/product-facts.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { acceptRawBody } from '../../http/raw-body.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { AdminProductFacts } from '../../services/catalogue/product-facts.ts';
import type { AuditActor } from '../../services/staff/audit.ts';

const productParams = z.object({
  id: z.coerce.number({ error: 'Product not found' }).int().positive().max(2_147_483_647),
});

const answer = {
  description: 'The product as the editor shows it, with its facts and documents',
  schema: z.object({
    data: adminProductSchema.extend({
      facts: adminFactsSchema,
      documents: z.array(productDocumentSchema),
    }),
  }),
};

/**
 * The product editor's facts panel (managers and owners): ratings and sealing advice, and the
 * product's PDFs. Each write is versioned against the product, audited, and announces a catalogue
 * change so the product's answer and page are made again.
 */
export async function adminProductFactsApi(app: FastifyInstance) {
  const facts = new AdminProductFacts(app.services.db);
  const tags = ['admin'];
  const write = <T>(request: FastifyRequest, run: (who: AuditActor) => Promise<T>) =>
    staffWrite(app, request, { area: 'catalogue', announce: 'catalogue' }, run);
  // The role first, before the body is read: a stranger cannot make the server read a 10 MB file.
  app.addHook('onRequest', async (request) => {
    await requireStaff(request, 'catalogue');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Documents arrive as the raw body; the header of the bytes decides whether it is a PDF.
  acceptRawBody(app, ['application/pdf'], PRODUCT_DOCUMENT_MAX_BYTES);

  route(app, {
    method: 'GET',
    url: '/admin/products/:id/facts',
    summary: "One product for the editor's facts panel: ratings, sealing advice and documents",
    tags,
    params: productParams,
    response: { ...answer, errors: [401, 403, 404] },
    handler: async ({ params }) => {
      const data = await facts.read(params.id);
      if (!data) throw notFound('Product not found');
      return { data };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/products/:id/facts',
    summary:
      "Saves the product's frost resistance, slip rating and sealing advice (empty: not known, not shown)",
    tags,
    params: productParams,
    body: productFactsEditSchema,
    response: { ...answer, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) => ({
      data: await write(request, (who) => facts.save(params.id, body, who)),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/products/:id/documents',
    summary: `Uploads a PDF (the body, application/pdf, at most ${PRODUCT_DOCUMENT_MAX_BYTES / 1024 / 1024} MB; ?title= and ?kind=dop|ce_ukca|datasheet) to the end of the product's documents; it downloads under /api/product-documents/ as a name made from its title`,
    tags,
    params: productParams,
    query: documentUploadQuery,
    bodyLimit: PRODUCT_DOCUMENT_MAX_BYTES,
    response: { ...answer, status: 201, errors: [401, 403, 404, 413, 415] },
    handler: async ({ params, query, request, reply }) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || !isPdf(bytes)) {
        throw new HttpError(415, 'unsupported_media_type', FACTS_MESSAGES.notAPdf);
      }
      const data = await write(request, (who) =>
        facts.addDocument(params.id, { ...query, bytes }, who),
      );
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/products/:id/documents',
    summary:
      "Sets the product's documents' order, titles and kinds; documents left out are removed",
    tags,
    params: productParams,
    body: productDocumentsEditSchema,
    response: { ...answer, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) => ({
      data: await write(request, (who) => facts.saveDocuments(params.id, body, who)),
    }),
  });
}
