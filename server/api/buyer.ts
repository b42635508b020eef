import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buyerSchema, type BuyerJson } from '#domain/api-schemas-buyer.ts';
import { route } from '../http/route.ts';

/** Whose prices the shopper sees: the storefront asks once per page to write them. */
export async function buyerApi(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/buyer',
    summary:
      "The shopper's price list: retail (group null), or a customer group's with prices shown ex VAT first",
    tags: ['accounts'],
    response: { description: 'The buyer', schema: z.object({ data: buyerSchema }) },
    handler: async ({ request, reply }): Promise<{ data: BuyerJson }> => {
      // One shopper's answer: never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Authorization');
      const buyer = await app.services.buyers.forRequest(request);
      return {
        data: {
          group: buyer.group,
          trade: buyer.groupId !== null,
          show_ex_vat: buyer.groupId !== null && buyer.showExVat,
        },
      };
    },
  });
}
