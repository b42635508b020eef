import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { queryRows, type Database } from '#db/client.ts';
import { IMAGE_MESSAGES, UPLOAD_MAX_PIXELS, UPLOAD_WIDTHS } from '#domain/admin-images.ts';
import { HttpError } from '../../http/errors.ts';
import { RenderQueue, type RenderTicket } from './render-queue.ts';

/** What sharp reads a file as → the content type it is stored under. */
const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heif: 'image/avif',
  gif: 'image/gif',
};

/** Decoding an upload never takes more pixels than the shop accepts (a second fence). */
const DECODE = { animated: false, limitInputPixels: UPLOAD_MAX_PIXELS } as const;

export interface UploadInfo {
  contentType: string;
  width: number;
  height: number;
}

/**
 * An upload's real type and size, read from its header (never from what the client said, and
 * without decoding it); null when it is not an image the shop takes.
 */
export async function inspectUpload(bytes: Buffer): Promise<UploadInfo | null> {
  try {
    // The header only: limitInputPixels would refuse a large image before its size is known.
    const meta = await sharp(bytes, { animated: false, limitInputPixels: false }).metadata();
    const contentType = meta.format ? FORMATS[meta.format] : undefined;
    if (!contentType || !meta.width || !meta.height) return null;
    if (meta.format === 'heif' && meta.compression !== 'av1') return null;
    return { contentType, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Whether decoding the image would take more pixels than the shop accepts. */
export const hasTooManyPixels = (info: UploadInfo) => info.width * info.height > UPLOAD_MAX_PIXELS;

/**
 * An uploaded body checked as an image the shop takes: 415 when it is not one, 422 when decoding
 * it would take more pixels than allowed. Reads the header only; nothing is decoded.
 */
export async function checkedUpload(bytes: unknown): Promise<UploadInfo> {
  const unsupported = () => new HttpError(415, 'unsupported_media_type', IMAGE_MESSAGES.notAnImage);
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw unsupported();
  const info = await inspectUpload(bytes);
  if (!info) throw unsupported();
  if (hasTooManyPixels(info)) {
    throw new HttpError(
      422,
      'image_too_large',
      IMAGE_MESSAGES.tooManyPixels(info.width, info.height),
    );
  }
  return info;
}

/** Stores an original once (by its SHA-256) and answers its id. */
export async function storeUpload(db: Database, bytes: Buffer, info: UploadInfo): Promise<number> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO uploaded_images (sha256, content_type, width, height, bytes)
      VALUES (${sha256}, ${info.contentType}, ${info.width}, ${info.height}, ${bytes})
      ON CONFLICT (sha256) DO UPDATE SET sha256 = excluded.sha256
      RETURNING id`,
  );
  return row!.id;
}

/** `7-640.webp`: a square crop (product images); `7-640w.webp`: 640 wide, its shape kept (content). */
const NAME = /^(\d{1,9})-(\d{3,4})(w?)\.(webp|avif)$/;

/**
 * Renders uploaded originals at the storefront's widths as WebP or AVIF, square or (content images)
 * in their own shape, keeping recent
 * renders in memory (bounded by bytes). A name's picture never changes: originals are stored by
 * content and never edited, so answers are cached forever. Renders wait their turn in the media's
 * render queue, costed by the original's pixels.
 */
export class UploadedImages {
  private readonly cache: LRUCache<string, Buffer>;

  constructor(
    private readonly db: Database,
    private readonly queue = new RenderQueue({
      concurrency: 2,
      maxWaiting: Infinity,
      maxWaitMs: Infinity,
      maxBackground: 0,
    }),
    maxBytes = 32 * 1024 * 1024,
  ) {
    this.cache = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      sizeCalculation: (value) => Math.max(1, value.length),
    });
  }

  /** null when the name names no stored image, or one too large to decode. */
  async get(
    name: string,
    ticket: Omit<RenderTicket, 'cost'> = { client: '' },
  ): Promise<{ body: Buffer; contentType: string } | null> {
    const match = NAME.exec(name);
    if (!match) return null;
    const [, id, width, wide, format] = match;
    if (!(UPLOAD_WIDTHS as readonly number[]).includes(Number(width))) return null;
    const contentType = format === 'avif' ? 'image/avif' : 'image/webp';
    const cached = this.cache.get(name);
    if (cached) return { body: cached, contentType };
    const [row] = await queryRows<{ bytes: Buffer; width: number; height: number }>(
      this.db,
      sql`SELECT bytes, width, height FROM uploaded_images WHERE id = ${Number(id)}`,
    );
    if (!row || hasTooManyPixels({ contentType, ...row })) return null;
    const render = () => {
      const resized = sharp(Buffer.from(row.bytes), DECODE)
        .rotate()
        .resize(
          Number(width),
          wide ? undefined : Number(width),
          wide ? { withoutEnlargement: true } : { fit: 'cover', withoutEnlargement: false },
        );
      return format === 'avif'
        ? resized.avif({ quality: 50 }).toBuffer()
        : resized.webp({ quality: 78 }).toBuffer();
    };
    const body = await this.queue.run(render, { ...ticket, cost: row.width * row.height });
    this.cache.set(name, body);
    return { body, contentType };
  }
}
