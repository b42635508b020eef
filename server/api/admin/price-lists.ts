import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  customerGroupCreateSchema,
  customerGroupParams,
  customerGroupSaveSchema,
  customerGroupSchema,
} from '#domain/api-schemas-price-lists.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { PriceLists } from '../../services/trade/price-lists.ts';

const ONE = {
  description: 'The group and its price list',
  schema: z.object({ data: customerGroupSchema }),
};

/**
 * Customer groups and their price lists, for staff who run the catalogue. Every save announces
 * a 'prices' change, so each instance's price caches drop what they kept.
 */
export async function adminPriceListsApi(app: FastifyInstance) {
  const lists = new PriceLists(app.services.db, () => app.services.vat.percentAt());
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/price-lists',
    summary: 'Every customer group with its members and price list',
    tags,
    response: {
      description: 'The groups',
      schema: z.object({ data: z.array(customerGroupSchema) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'catalogue');
      return { data: await lists.list() };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/price-lists/:id',
    summary: 'One customer group and its price list',
    tags,
    params: customerGroupParams,
    response: { ...ONE, errors: [401, 403, 404] },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'catalogue');
      return { data: await lists.get(params.id) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/price-lists',
    summary: 'Creates a customer group with an empty price list (400 with fields: a name taken)',
    tags,
    body: customerGroupCreateSchema,
    response: { ...ONE, status: 201, errors: [401, 403] },
    handler: async ({ body, request, reply }) => {
      const data = await staffWrite(
        app,
        request,
        { area: 'catalogue', announce: 'prices' },
        (who) => lists.create(body, who),
      );
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/price-lists/:id',
    summary:
      "Saves a group's name, ex-VAT display and whole price list: percentages off categories and trade prices of sizes (typed inc or ex VAT, stored inc VAT), each between optional dates (send the version loaded: 409 naming who saved since)",
    tags,
    params: customerGroupParams,
    body: customerGroupSaveSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'catalogue', announce: 'prices' }, async (who) => ({
        data: await lists.save(params.id, body, who),
      })),
  });
}
