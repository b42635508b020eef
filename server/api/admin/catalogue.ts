import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pageMetaSchema } from '#domain/api-schemas.ts';
import {
  adminProductRowSchema,
  adminProductSchema,
  adminTaxonomySchema,
  productCreateSchema,
  productEditSchema,
  variationsGridSchema,
} from '#domain/admin-catalogue.ts';
import {
  bulkAppliedSchema,
  bulkPreviewSchema,
  bulkUndoSchema,
  lastBulkEditSchema,
  adminProductsQuery,
  bulkEditSchema,
} from '#domain/admin-bulk-edits.ts';
import {
  categoryEditSchema,
  categoryJsonSchema,
  termEditSchema,
  termJsonSchema,
} from '#domain/admin-taxonomy.ts';
import {
  imageUploadQuery,
  productImagesSchema,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
} from '#domain/admin-images.ts';
import { listMeta } from '#domain/catalogue.ts';
import { notFound } from '../../http/errors.ts';
import { checkedUpload, storeUpload } from '../../services/media/uploaded-image.ts';
import { acceptRawBody } from '../../http/raw-body.ts';
import { route } from '../../http/route.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { readAdminProduct } from '../../services/catalogue/admin-products.ts';
import { saveSizeGrid } from '../../services/catalogue/admin-size-grid.ts';
import type { AuditActor } from '../../services/staff/audit.ts';

const productParams = z.object({
  id: z.coerce.number({ error: 'Product not found' }).int().positive().max(2_147_483_647),
});

/**
 * The catalogue for staff (managers and owners): the product list, the editor, the variations
 * grid and bulk edits. Each committed write announces a catalogue change, so the listing index,
 * the answer and page caches drop what it made stale at once.
 */
export async function adminCatalogueApi(app: FastifyInstance) {
  const catalogue = app.services.adminCatalogue;
  const tags = ['admin'];
  /** A catalogue write as staff: role, the write (version and audit inside), the announcement. */
  const write = <T>(request: FastifyRequest, run: (who: AuditActor) => Promise<T>) =>
    staffWrite(app, request, { area: 'catalogue', announce: 'catalogue' }, run);
  // The role first, before the body is read: a stranger or an editor learns nothing from the
  // validation of their input, and cannot make the server read a 15 MB upload.
  app.addHook('onRequest', async (request) => {
    await requireStaff(request, 'catalogue');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // Image uploads arrive as the raw body; any other type is answered 415.
  acceptRawBody(app, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES);

  const productAnswer = {
    description: 'The product as the editor shows it',
    schema: z.object({ data: adminProductSchema }),
  };
  /** A save of one part of the product editor, answered with the product as the editor shows it. */
  const editorSave = <B>(
    url: string,
    summary: string,
    body: z.ZodType<B>,
    save: (id: number, body: B, who: AuditActor) => Promise<unknown>,
  ) =>
    route(app, {
      method: 'PUT',
      url,
      summary,
      tags,
      params: productParams,
      body,
      response: { ...productAnswer, errors: [401, 403, 404] },
      handler: async ({ params, body, request }) => ({
        data: await write(request, (who) => save(params.id, body, who)),
      }),
    });
  /** A category or term added (POST, 201) or changed (PUT), answered as saved. */
  const taxonomyWrite = <P, B>(spec: {
    method: 'POST' | 'PUT';
    url: string;
    summary: string;
    params?: z.ZodType<P>;
    body: z.ZodType<B>;
    answer: { description: string; schema: z.ZodType };
    save: (params: P, body: B, who: AuditActor) => Promise<unknown>;
  }) => {
    const adds = spec.method === 'POST';
    route(app, {
      method: spec.method,
      url: spec.url,
      summary: spec.summary,
      tags,
      params: spec.params,
      body: spec.body,
      response: {
        description: spec.answer.description,
        schema: z.object({ data: spec.answer.schema }),
        ...(adds ? { status: 201 } : {}),
        errors: spec.params ? [401, 403, 404] : [401, 403],
      },
      handler: async ({ params, body, request, reply }) => {
        const data = await write(request, (who) => spec.save(params, body, who));
        if (adds) reply.status(201);
        return { data };
      },
    });
  };

  route(app, {
    method: 'GET',
    url: '/admin/products',
    summary:
      'Products for staff: search by name or SKU (q), filter by status and category id, sort, page; a price range per product',
    tags,
    query: adminProductsQuery,
    response: {
      description: 'A page of products, each with its price range',
      schema: z.object({ data: z.array(adminProductRowSchema), meta: pageMetaSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'catalogue');
      const { data, total } = await catalogue.list.page(query);
      return { data, meta: listMeta(query.page, query.per_page, total) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/products',
    summary:
      'Creates a draft product with its name (and a slug made from it unless given); the editor adds the rest',
    tags,
    body: productCreateSchema,
    response: {
      description: 'The new product as the editor shows it; 400 names a bad or taken slug',
      schema: z.object({ data: adminProductSchema }),
      status: 201,
      errors: [401, 403],
    },
    handler: async ({ body, request, reply }) => {
      const data = await write(request, (who) => catalogue.products.create(body, who));
      return reply.status(201).send({ data });
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/products/taxonomy',
    summary: "Every category and the four attributes' terms, for the editor's pickers",
    tags,
    response: {
      description: 'Categories and terms',
      schema: z.object({ data: adminTaxonomySchema }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'catalogue');
      return { data: await catalogue.taxonomy.taxonomy() };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/products/bulk/last',
    summary: 'The last bulk edit that can still be undone, or null',
    tags,
    response: {
      description: 'The last undoable bulk edit, or null',
      schema: z.object({ data: lastBulkEditSchema }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'catalogue');
      return { data: await catalogue.bulk.last() };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/products/bulk/preview',
    summary:
      'What a bulk edit would change, before → after per variation (or product status); nothing is stored',
    tags,
    body: bulkEditSchema,
    response: {
      description: 'What would change',
      schema: z.object({ data: bulkPreviewSchema }),
      errors: [401, 403],
    },
    handler: async ({ body, request }) => {
      await requireStaff(request, 'catalogue');
      return { data: await catalogue.bulk.preview(body) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/products/bulk',
    summary:
      'Applies a bulk edit (prices by a percentage or an amount, stock, publish, unpublish) and keeps it for undo',
    tags,
    body: bulkEditSchema,
    response: {
      description: 'What changed',
      schema: z.object({ data: bulkAppliedSchema }),
      errors: [401, 403],
    },
    handler: async ({ body, request }) => {
      const spec = {
        area: 'catalogue',
        announce: (r: { changes: number }) => (r.changes > 0 ? 'catalogue' : null),
      } as const;
      const data = await staffWrite(app, request, spec, (who) => catalogue.bulk.apply(body, who));
      return { data };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/products/bulk/undo',
    summary:
      'Undoes the last bulk edit: rows as it left them go back exactly; rows changed since are skipped and listed',
    tags,
    response: {
      description: 'What was restored and what was skipped',
      schema: z.object({ data: bulkUndoSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ request }) => {
      const data = await write(request, (who) => catalogue.bulk.undoLast(who));
      if (!data) throw notFound('There is no bulk edit to undo');
      return { data };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/products/:id',
    summary: 'One product for the editor, with its categories, terms, images and variations',
    tags,
    params: productParams,
    response: { ...productAnswer, errors: [401, 403, 404] },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'catalogue');
      const data = await readAdminProduct(app.services.db, params.id);
      if (!data) throw notFound('Product not found');
      return { data };
    },
  });

  editorSave(
    '/admin/products/:id',
    "Saves the editor's fields (name, slug with a redirect from the old one, status, descriptions, categories, terms, flags)",
    productEditSchema,
    (id, body, who) => catalogue.products.save(id, body, who),
  );

  editorSave(
    '/admin/products/:id/variations',
    'Saves the variations grid: size option, SKU, price (per m² or per item), sale price, stock in pieces; rows left out are deleted',
    variationsGridSchema,
    (id, body, who) => saveSizeGrid(app.services.db, id, body, who),
  );

  route(app, {
    method: 'POST',
    url: '/admin/products/:id/images',
    summary:
      "Uploads an image (the body: JPEG, PNG, WebP, AVIF or GIF, at most 15 MB and 50 megapixels; alt text in ?alt=) to the end of the product's images; served resized as WebP and AVIF under /media/upload/",
    tags,
    params: productParams,
    query: imageUploadQuery,
    bodyLimit: UPLOAD_MAX_BYTES,
    response: {
      description: 'The product with the new image last',
      schema: z.object({ data: adminProductSchema }),
      status: 201,
      errors: [401, 403, 404, 413, 415, 422],
    },
    handler: async ({ params, query, request, reply }) => {
      const bytes = request.body as Buffer;
      // The header only: nothing is decoded before its pixels are known to be within bounds.
      const info = await checkedUpload(bytes);
      if (!(await readAdminProduct(app.services.db, params.id)))
        throw notFound('Product not found');
      const uploaded = await storeUpload(app.services.db, bytes, info);
      const data = await write(request, (who) =>
        catalogue.images.add(params.id, uploaded, query.alt, who),
      );
      reply.status(201);
      return { data };
    },
  });

  editorSave(
    '/admin/products/:id/images',
    "Sets the product's images' order and alt text; images left out are removed",
    productImagesSchema,
    (id, body, who) => catalogue.images.save(id, body, who),
  );

  const idParams = z.object({
    id: z.coerce.number({ error: 'Not found' }).int().positive().max(2_147_483_647),
  });

  const category = { description: 'The category', schema: categoryJsonSchema };
  const term = { description: 'The term', schema: termJsonSchema };
  taxonomyWrite({
    method: 'POST',
    url: '/admin/categories',
    summary: 'Adds a category (name, slug, section, position)',
    body: categoryEditSchema,
    answer: category,
    save: (_params, body, who) => catalogue.taxonomy.saveCategory(undefined, body, who),
  });

  taxonomyWrite({
    method: 'PUT',
    url: '/admin/categories/:id',
    summary: 'Renames or moves a category',
    params: idParams,
    body: categoryEditSchema,
    answer: category,
    save: (params, body, who) => catalogue.taxonomy.saveCategory(params.id, body, who),
  });

  taxonomyWrite({
    method: 'POST',
    url: '/admin/attributes/:id/terms',
    summary: 'Adds a term to one of the four attributes',
    params: idParams,
    body: termEditSchema,
    answer: term,
    save: (params, body, who) => catalogue.taxonomy.saveTerm({ attributeId: params.id }, body, who),
  });

  taxonomyWrite({
    method: 'PUT',
    url: '/admin/terms/:id',
    summary: 'Renames or moves an attribute term',
    params: idParams,
    body: termEditSchema,
    answer: term,
    save: (params, body, who) => catalogue.taxonomy.saveTerm({ termId: params.id }, body, who),
  });
}
