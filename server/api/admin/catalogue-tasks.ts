import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminProductSchema } from '#domain/admin-catalogue.ts';
import {
  archiveSchema,
  categoryDeletedSchema,
  categoryDeleteQuery,
  deleteProductQuery,
  productDeletedSchema,
} from '#domain/admin-product-lifecycle.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { deleteCategory } from '../../services/catalogue/category-delete.ts';
import type { AuditActor } from '../../services/staff/audit.ts';

const idParams = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().positive().max(2_147_483_647),
});

/**
 * The catalogue's end-of-life tasks for staff (managers and owners): archive, duplicate and
 * delete a product; delete a category with a redirect of its old address. Each write announces
 * a catalogue change, so listings, search, the sitemap and the page caches drop the product.
 */
export async function adminCatalogueTasksApi(app: FastifyInstance) {
  const lifecycle = app.services.adminCatalogue.lifecycle;
  const tags = ['admin'];
  const write = <T>(request: FastifyRequest, run: (who: AuditActor) => Promise<T>) =>
    staffWrite(app, request, { area: 'catalogue', announce: 'catalogue' }, run);
  app.addHook('onRequest', async (request) => {
    await requireStaff(request, 'catalogue');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'POST',
    url: '/admin/products/:id/archive',
    summary:
      'Archives a product ({ archived: true }: hidden from listings, search and the sitemap, its page 410 Gone) or restores it as a draft ({ archived: false })',
    tags,
    params: idParams,
    body: archiveSchema,
    response: {
      description: 'The product as the editor shows it',
      schema: z.object({ data: adminProductSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, body, request }) => ({
      data: await write(request, (who) =>
        lifecycle.archive(params.id, body.archived, body.version, who),
      ),
    }),
  });

  route(app, {
    method: 'POST',
    url: '/admin/products/:id/duplicate',
    summary:
      'Copies a product as a draft: slug "<slug>-copy", name "(copy)", its fields, categories, terms, images and sizes with their prices; the sizes with stock 0 and no SKU',
    tags,
    params: idParams,
    response: {
      description: 'The copy as the editor shows it',
      schema: z.object({ data: adminProductSchema }),
      status: 201,
      errors: [401, 403, 404],
    },
    handler: async ({ params, request, reply }) => {
      const data = await write(request, (who) => lifecycle.duplicate(params.id, who));
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/admin/products/:id',
    summary:
      'Deletes a product that no order names; 409 product_ordered otherwise (archive it instead). ?version= the version the member saw',
    tags,
    params: idParams,
    query: deleteProductQuery,
    response: {
      description: 'The product was deleted',
      schema: z.object({ data: productDeletedSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, query, request }) => {
      const { id } = await write(request, (who) => lifecycle.delete(params.id, query.version, who));
      return { data: { id, deleted: true as const } };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/admin/categories/:id',
    summary:
      "Deletes a category: its products join ?target= (a category id), its listing address answers 301 to the target's; 409 when other categories name it as their section",
    tags,
    params: idParams,
    query: categoryDeleteQuery,
    response: {
      description: 'The category was deleted, and where its address and products went',
      schema: z.object({ data: categoryDeletedSchema }),
      errors: [401, 403, 404, 409],
    },
    handler: async ({ params, query, request }) => ({
      data: await write(request, (who) =>
        deleteCategory(app.services.db, params.id, query.target, query.version, who),
      ),
    }),
  });
}
