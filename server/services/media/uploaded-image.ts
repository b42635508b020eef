import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { queryRows, type Database } from '#db/client.ts';
import { UPLOAD_WIDTHS } from '#domain/admin-catalogue.ts';

/** What sharp reads a file as → the content type it is stored under. */
const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heif: 'image/avif',
  gif: 'image/gif',
};

/** An upload's real type and size, read from its bytes (never from what the client said). */
export async function inspectUpload(
  bytes: Buffer,
): Promise<{ contentType: string; width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { animated: false }).metadata();
    const contentType = meta.format ? FORMATS[meta.format] : undefined;
    if (!contentType || !meta.width || !meta.height) return null;
    if (meta.format === 'heif' && meta.compression !== 'av1') return null;
    return { contentType, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** Stores an original once (by its SHA-256) and answers its id. */
export async function storeUpload(
  db: Database,
  bytes: Buffer,
  info: { contentType: string; width: number; height: number },
): Promise<number> {
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

const NAME = /^(\d{1,9})-(\d{3,4})\.(webp|avif)$/;

/**
 * Renders uploaded originals at the storefront's widths as square WebP or AVIF, keeping recent
 * renders in memory (bounded by bytes). A name's picture never changes: originals are stored by
 * content and never edited, so answers are cached forever.
 */
export class UploadedImages {
  private readonly cache: LRUCache<string, Buffer>;

  constructor(
    private readonly db: Database,
    maxBytes = 32 * 1024 * 1024,
  ) {
    this.cache = new LRUCache<string, Buffer>({
      maxSize: maxBytes,
      sizeCalculation: (value) => Math.max(1, value.length),
    });
  }

  async get(name: string): Promise<{ body: Buffer; contentType: string } | null> {
    const match = NAME.exec(name);
    if (!match) return null;
    const [, id, width, format] = match;
    if (!(UPLOAD_WIDTHS as readonly number[]).includes(Number(width))) return null;
    const contentType = format === 'avif' ? 'image/avif' : 'image/webp';
    const cached = this.cache.get(name);
    if (cached) return { body: cached, contentType };
    const [row] = await queryRows<{ bytes: Buffer }>(
      this.db,
      sql`SELECT bytes FROM uploaded_images WHERE id = ${Number(id)}`,
    );
    if (!row) return null;
    const resized = sharp(Buffer.from(row.bytes), { animated: false })
      .rotate()
      .resize(Number(width), Number(width), { fit: 'cover', withoutEnlargement: false });
    const body =
      format === 'avif'
        ? await resized.avif({ quality: 50 }).toBuffer()
        : await resized.webp({ quality: 78 }).toBuffer();
    this.cache.set(name, body);
    return { body, contentType };
  }
}
