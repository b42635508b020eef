import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '#domain/admin-images.ts';
import {
  returnFiguresSchema,
  returnOptionsSchema,
  returnPhotoSchema,
  returnRequestSchema,
  returnSchema,
  RETURN_PHOTOS_MAX,
} from '#domain/api-schemas-returns.ts';
import { orderParams, orderTokenQuery } from '#domain/checkout.ts';
import { acceptRawBody } from '../http/raw-body.ts';
import { route } from '../http/route.ts';
import { checkedUpload } from '../services/media/uploaded-image.ts';
import { figuresJson, ReturnService } from '../services/returns/returns.ts';
import { accessibleOrder } from './orders.ts';

/** Damage photos are smaller than the shop's own images: a phone photo, not a print. */
const PHOTO_MAX_BYTES = Math.min(UPLOAD_MAX_BYTES, 8 * 1024 * 1024);

/**
 * A customer's returns: what the order can send back, the figures before sending, the request,
 * and its damage photos. The order's owner or the holder of its secret link only (404 else).
 */
export async function returnsApi(app: FastifyInstance) {
  const returns = new ReturnService(app.services.db);
  const tags = ['orders'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // A photo arrives as the raw body, as the back office's image uploads do.
  acceptRawBody(app, UPLOAD_CONTENT_TYPES, PHOTO_MAX_BYTES);

  route(app, {
    method: 'GET',
    url: '/orders/:number/returns',
    summary:
      "The return rules, what each line can still send back (whole packs), and the order's returns",
    tags,
    params: orderParams,
    query: orderTokenQuery,
    response: {
      description: 'What can be returned, and the returns so far',
      schema: z.object({ data: returnOptionsSchema }),
      errors: [404],
    },
    handler: async ({ params, query, request }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      return { data: await returns.options(order.id) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/returns/preview',
    summary:
      'The figures of a return before it is sent: goods, restocking fee, collection and refund, each with its VAT (400 naming a part pack, 409 outside the window)',
    tags,
    params: orderParams,
    query: orderTokenQuery,
    body: returnRequestSchema,
    response: {
      description: 'The figures',
      schema: z.object({ data: returnFiguresSchema }),
      errors: [404, 409],
    },
    handler: async ({ params, query, body, request }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      const plan = await returns.plan(app.services.db, order.id, body, new Date());
      return { data: figuresJson(plan.figures) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/returns',
    summary:
      'Asks to return whole packs of delivered lines within the window, with a reason (damage: photos, noted on the delivery note, within the claim hours)',
    tags,
    params: orderParams,
    query: orderTokenQuery,
    body: returnRequestSchema,
    response: {
      description: 'The return, requested',
      schema: z.object({ data: returnSchema }),
      status: 201,
      errors: [404, 409],
    },
    handler: async ({ params, query, body, request, reply }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      const data = await returns.request(order, body, `customer:${order.email}`);
      reply.status(201);
      return { data };
    },
  });

  route(app, {
    method: 'POST',
    url: '/orders/:number/returns/photos',
    summary: `A photo of damage while a damage claim is open (the body: JPEG, PNG, WebP, AVIF or GIF, at most 8 MB; 409 after the claim hours), kept for the return that names its id; at most ${RETURN_PHOTOS_MAX} wait at once`,
    tags,
    params: orderParams,
    query: orderTokenQuery,
    bodyLimit: PHOTO_MAX_BYTES,
    response: {
      description: "The photo's id",
      schema: z.object({ data: returnPhotoSchema }),
      status: 201,
      errors: [404, 409, 413, 415, 422],
    },
    handler: async ({ params, query, request, reply }) => {
      const order = await accessibleOrder(app, request, params.number, query.token);
      const bytes = request.body as Buffer;
      const info = await checkedUpload(bytes);
      const id = await returns.storePhoto(order.id, bytes, info, RETURN_PHOTOS_MAX);
      reply.status(201);
      return { data: { id } };
    },
  });
}
