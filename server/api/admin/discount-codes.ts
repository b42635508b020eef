import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  discountCodeInputSchema,
  discountCodeParams,
  discountCodeSchema,
  discountCodeVersionSchema,
} from '#domain/api-schemas-discounts.ts';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { staffWrite } from '../../http/staff-write.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { AdminDiscountCodes } from '../../services/discounts/admin-discount-codes.ts';

const ONE = { description: 'The discount code', schema: z.object({ data: discountCodeSchema }) };

/**
 * Discount codes for staff who run the catalogue: each is read fresh whenever a basket is
 * priced, so a save needs no cache cleared.
 */
export async function adminDiscountCodesApi(app: FastifyInstance) {
  const codes = new AdminDiscountCodes(app.services.db);
  const tags = ['admin'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/discount-codes',
    summary: 'Every discount code, newest first, with its uses',
    tags,
    response: {
      description: 'The codes',
      schema: z.object({ data: z.array(discountCodeSchema) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'catalogue');
      return { data: await codes.list() };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/discount-codes/:id',
    summary: 'One discount code',
    tags,
    params: discountCodeParams,
    response: { ...ONE, errors: [401, 403, 404] },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'catalogue');
      const code = await codes.get(params.id);
      if (!code) throw notFound('Discount code not found');
      return { data: code };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/discount-codes',
    summary: 'Create a discount code (400 with fields for form errors, e.g. a code taken)',
    tags,
    body: discountCodeInputSchema,
    response: { ...ONE, status: 201, errors: [401, 403] },
    handler: async ({ body, request, reply }) => {
      const data = await staffWrite(app, request, { area: 'catalogue' }, (who) =>
        codes.create(body, who),
      );
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/discount-codes/:id',
    summary: 'Edit a discount code (send the version loaded: 409 naming who saved since)',
    tags,
    params: discountCodeParams,
    body: discountCodeInputSchema,
    response: { ...ONE, errors: [401, 403, 404, 409] },
    handler: async ({ params, body, request }) =>
      staffWrite(app, request, { area: 'catalogue' }, async (who) => ({
        data: await codes.update(params.id, body, who),
      })),
  });

  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    route(app, {
      method: 'POST',
      url: `/admin/discount-codes/:id/${action}`,
      summary:
        action === 'disable'
          ? 'Disable a code: refused in baskets and at checkout from now on'
          : 'Enable a disabled code again',
      tags,
      params: discountCodeParams,
      body: discountCodeVersionSchema,
      response: { ...ONE, errors: [401, 403, 404, 409] },
      handler: async ({ params, body, request }) =>
        staffWrite(app, request, { area: 'catalogue' }, async (who) => ({
          data: await codes.setActive(params.id, active, body.version, who),
        })),
    });
  }
}
