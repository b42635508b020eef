import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  deliveryAreaSchema,
  deliveryEstimateInput,
  deliveryEstimateSchema,
} from '#domain/api-schemas-delivery.ts';
import { route } from '../http/route.ts';

/**
 * The delivery price before checkout (issue 27): an estimate for a postcode from the same rules
 * checkout charges by, and the table of delivery areas the Delivery Information page shows.
 */
export async function deliveryApi(app: FastifyInstance) {
  const { checkout } = app.services;
  const tags = ['checkout'];

  route(app, {
    method: 'POST',
    url: '/delivery/estimate',
    summary:
      "Delivery to a postcode: for the lines given (variation and pieces), or the caller's basket without them. The same figures checkout quotes; an address the shop cannot reach answers deliverable false with the reason",
    tags,
    body: deliveryEstimateInput,
    response: {
      description: 'The method, price, zone, surcharge and days, and the full delivery quote',
      schema: z.object({ data: deliveryEstimateSchema }),
    },
    handler: async ({ body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return { data: await checkout.estimate(await request.getSession(), body) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/delivery/areas',
    summary:
      'Every delivery area: the mainland and each zone with its postcodes, parcel and pallet prices, surcharges and days',
    tags,
    response: {
      description: 'The areas, the mainland first',
      schema: z.object({ data: z.array(deliveryAreaSchema) }),
    },
    handler: async () => ({ data: await checkout.areas() }),
  });
}
