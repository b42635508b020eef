import type { FastifyInstance } from 'fastify';
import { shopJsonSchema } from '#domain/api-schemas-settings-identity.ts';
import { route } from '../http/route.ts';

/**
 * GET /api/shop: who the shop is, as the footer and the contact page show it (the owner's
 * identity settings). Read from the kept copy every instance drops on a settings save.
 */
export async function shopApi(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/shop',
    summary:
      "The shop's names, registered office, numbers, contact details, hours and social links",
    tags: ['content'],
    response: { description: "The shop's details", schema: shopJsonSchema },
    handler: async () => {
      const { identity } = await app.services.shop.get();
      const { reply_to: _private, ...shown } = identity;
      return { data: shown };
    },
  });
}
