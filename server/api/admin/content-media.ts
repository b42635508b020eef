import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONTENT_IMAGE_WIDTH,
  contentImageQuery,
  contentImageSchema,
  contentImageSrcset,
  contentImageUrl,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
} from '#domain/admin-images.ts';
import { acceptRawBody } from '../../http/raw-body.ts';
import { route } from '../../http/route.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import { checkedUpload, storeUpload } from '../../services/media/uploaded-image.ts';

/**
 * Images for pages, posts and the home page, through the same checks and renders as product
 * images (type read from the file, 15 MB, 50 megapixels, resized on demand under /media/upload/).
 * An upload changes nothing a shopper sees until a page or the home page that uses it is saved,
 * so it is not audited on its own: the save that uses it is.
 */
export async function adminContentMediaApi(app: FastifyInstance) {
  // The role first, before the body is read: a stranger cannot make the server read 15 MB.
  app.addHook('onRequest', async (request) => {
    await requireStaff(request, 'content');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  acceptRawBody(app, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES);

  route(app, {
    method: 'POST',
    url: '/admin/content/images',
    summary:
      'Uploads an image for a page, post or the home page (the body: JPEG, PNG, WebP, AVIF or GIF, at most 15 MB and 50 megapixels; alt text, required, in ?alt=); served in its own shape as WebP at 320–1280 px wide',
    tags: ['admin'],
    query: contentImageQuery,
    bodyLimit: UPLOAD_MAX_BYTES,
    response: {
      description: 'Where the image is served, its srcset, and its size at the `src` width',
      schema: z.object({ data: contentImageSchema }),
      status: 201,
      errors: [401, 403, 413, 415, 422],
    },
    handler: async ({ query, request, reply }) => {
      const bytes = request.body as Buffer;
      const info = await checkedUpload(bytes);
      const id = await storeUpload(app.services.db, bytes, info);
      // The src width is never enlarged: a small original is served at its own size.
      const width = Math.min(CONTENT_IMAGE_WIDTH, info.width);
      reply.status(201);
      return {
        data: {
          id,
          src: contentImageUrl(id),
          srcset: contentImageSrcset(id),
          alt: query.alt,
          width,
          height: Math.round((info.height * width) / info.width),
        },
      };
    },
  });
}
