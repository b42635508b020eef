// Drawings of bespoke pieces: staff upload one (a PDF or an image, judged by its bytes) and name
// it on a line; the customer downloads it from their quote, and nobody else can.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { QuoteDrawingJson } from '#domain/api-schemas-quotes.ts';
import { QUOTE_MESSAGES } from '#domain/quotes.ts';
import { documentFileName, documentType } from '#domain/uploads.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';

export interface DrawingFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Keeps a drawing: 415 unless its bytes are a PDF, JPEG, PNG or WebP. */
export async function storeDrawing(
  db: Database,
  upload: { bytes: unknown; fileName: string | undefined },
  who: AuditActor,
): Promise<QuoteDrawingJson> {
  const type = Buffer.isBuffer(upload.bytes) ? documentType(upload.bytes) : null;
  if (!type) throw new HttpError(415, 'unsupported_media_type', QUOTE_MESSAGES.drawingType);
  const bytes = upload.bytes as Buffer;
  const fileName = documentFileName(upload.fileName, type, 'drawing');
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO quote_drawings (file_name, content_type, size_bytes, bytes, created_by)
          VALUES (${fileName}, ${type}, ${bytes.length}, ${bytes}, ${who.actor}) RETURNING id`,
    );
    const drawing = {
      id: row!.id,
      file_name: fileName,
      content_type: type,
      size_bytes: bytes.length,
    };
    await audit(tx, who, {
      action: 'quote.drawing',
      entity: 'quote_drawing',
      entityId: drawing.id,
      after: drawing,
    });
    return drawing;
  });
}

/** A drawing's file, chosen by `where` over quote_drawings d (joined as the caller needs). */
export async function readDrawing(db: Database, from: SQL): Promise<DrawingFile> {
  const [row] = await queryRows<{ file_name: string; content_type: string; bytes: Buffer }>(
    db,
    sql`SELECT d.file_name, d.content_type, d.bytes ${from} LIMIT 1`,
  );
  if (!row) throw notFound(QUOTE_MESSAGES.noDrawing);
  return { fileName: row.file_name, contentType: row.content_type, bytes: row.bytes };
}
