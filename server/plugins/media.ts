import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { StoneImageCache } from '../services/media/stone-image.ts';
import { UploadedImages } from '../services/media/uploaded-image.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** /media/*: generated images, content-addressed by name, so they are cached forever. */
export async function mediaRoutes(
  app: FastifyInstance,
  options: { dataDir: string; maxCacheBytes: number },
) {
  const stones = new StoneImageCache(join(options.dataDir, 'media-cache'), {
    maxBytes: options.maxCacheBytes,
    onCacheError: (error, name) => app.log.warn({ err: error, image: name }, 'image cache'),
  });
  app.get<{ Params: { name: string } }>('/media/stone/:name', async (request, reply) => {
    const image = await stones.get(request.params.name);
    if (!image) {
      return reply
        .status(404)
        .send({ code: 'not_found', message: 'No such image', error: 'No such image' });
    }
    return reply.header('cache-control', IMMUTABLE).type(image.contentType).send(image.body);
  });
  const uploads = new UploadedImages(app.services.db);
  app.get<{ Params: { name: string } }>('/media/upload/:name', async (request, reply) => {
    const image = await uploads.get(request.params.name);
    if (!image) {
      return reply
        .status(404)
        .send({ code: 'not_found', message: 'No such image', error: 'No such image' });
    }
    return reply.header('cache-control', IMMUTABLE).type(image.contentType).send(image.body);
  });
  app.get('/media/*', async (_request, reply) =>
    reply.status(404).send({ code: 'not_found', message: 'No such file', error: 'No such file' }),
  );
}
