import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { neutraliseCell } from '#domain/spreadsheet-csv.ts';

/**
 * Sends rows as a CSV download. Every CSV the shop writes goes through here, so every text cell
 * is neutralised against spreadsheet formulas (neutraliseCell) and quoted as RFC 4180 says.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  rows: Iterable<readonly unknown[]> | AsyncIterable<readonly unknown[]>,
): Readable {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`);
  return Readable.from(rows).pipe(stringify({ cast: { string: neutraliseCell } }));
}
