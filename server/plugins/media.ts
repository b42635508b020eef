import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PaintThreads } from '../services/media/paint-threads.ts';
import { placeholderImage, type PlaceholderFormat } from '../services/media/placeholder.ts';
import {
  RenderAbandonedError,
  RenderQueue,
  RenderQueueFullError,
  type RenderTicket,
} from '../services/media/render-queue.ts';
import { renderStoneImage, StoneImageCache } from '../services/media/stone-image.ts';
import { UploadedImages } from '../services/media/uploaded-image.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Seconds a client is asked to wait before asking again for an image the queue refused. */
const RETRY_AFTER_SECONDS = 2;
/** Refused images kept to be made when the queue is idle; more are not. */
const BACKGROUND_RENDERS = 64;

const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ code: 'not_found', message: 'No such image', error: 'No such image' });

/** Who is asking, and a signal that aborts when the client goes away before its answer. */
function ticketOf(request: FastifyRequest, reply: FastifyReply): Omit<RenderTicket, 'cost'> {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return { client: request.ip, signal: gone.signal };
}

type ImageLoad = (
  ticket: Omit<RenderTicket, 'cost'>,
) => Promise<{ body: Buffer; contentType: string } | null>;

/**
 * The image, or the answer for an image that cannot be made now: a full render queue answers
 * 503 at once with Retry-After and a placeholder picture (never cached), and the image is made
 * in the background when the queue is idle, for the next time it is asked for. A client that
 * went away gets nothing made for it.
 */
/** Images being made in the background, by URL: each once, however often it is refused. */
const warming = new Set<string>();

async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  format: PlaceholderFormat,
  load: ImageLoad,
) {
  try {
    const image = await load(ticketOf(request, reply));
    if (!image) return notFound(reply);
    return reply.header('cache-control', IMMUTABLE).type(image.contentType).send(image.body);
  } catch (error) {
    if (!(error instanceof RenderQueueFullError || error instanceof RenderAbandonedError)) {
      throw error;
    }
    const key = request.url;
    if (error instanceof RenderQueueFullError && !warming.has(key)) {
      warming.add(key);
      load({ client: '', background: true })
        .catch(() => {})
        .finally(() => warming.delete(key));
    }
    const placeholder = await placeholderImage(format);
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .type(placeholder.contentType)
      .send(placeholder.body);
  }
}

const formatOf = (name: string): PlaceholderFormat =>
  name.endsWith('.avif') ? 'avif' : name.endsWith('.jpg') ? 'jpg' : 'webp';

/**
 * /media/*: generated and uploaded images, content-addressed by name, so they are cached forever.
 * Making one is CPU work: it waits its turn in one render queue (bounded, fair between clients,
 * cheapest first), and stone textures are painted on threads of their own, so a burst of new
 * images never holds up the pages.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  options: {
    dataDir: string;
    maxCacheBytes: number;
    renderConcurrency: number;
    renderQueueLength: number;
    renderMaxWaitMs: number;
  },
) {
  const queue = new RenderQueue({
    concurrency: options.renderConcurrency,
    maxWaiting: options.renderQueueLength,
    maxWaitMs: options.renderMaxWaitMs,
    maxBackground: BACKGROUND_RENDERS,
  });
  const painters = new PaintThreads(options.renderConcurrency);
  app.addHook('onClose', () => painters.close());
  const stones = new StoneImageCache(join(options.dataDir, 'media-cache'), {
    maxBytes: options.maxCacheBytes,
    queue,
    render: (spec) => renderStoneImage(spec, painters.paint),
    onCacheError: (error, name) => app.log.warn({ err: error, image: name }, 'image cache'),
  });
  app.get<{ Params: { name: string } }>('/media/stone/:name', (request, reply) =>
    sendImage(request, reply, formatOf(request.params.name), (ticket) =>
      stones.get(request.params.name, ticket),
    ),
  );
  const uploads = new UploadedImages(app.services.db, queue);
  app.get<{ Params: { name: string } }>('/media/upload/:name', (request, reply) =>
    sendImage(request, reply, formatOf(request.params.name), (ticket) =>
      uploads.get(request.params.name, ticket),
    ),
  );
  app.get('/media/*', async (_request, reply) =>
    reply.status(404).send({ code: 'not_found', message: 'No such file', error: 'No such file' }),
  );
}
