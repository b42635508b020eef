import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { neutraliseCell } from '#domain/spreadsheet-csv.ts';

/**
 * An amount the shop printed itself from integer pence ('-12.50'). A spreadsheet reads it as a
 * number, never a formula, so it is written as it is: neutraliseCell would put a quote before a
 * refund's minus and turn it into text the accountant cannot add up.
 */
export class CsvAmount {
  constructor(readonly text: string) {
    if (!/^-?\d+\.\d{2}$/.test(text)) throw new RangeError(`Not an amount: ${text}`);
  }
}

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
  return Readable.from(rows).pipe(
    stringify({
      cast: {
        string: neutraliseCell,
        object: (value) =>
          value instanceof CsvAmount ? value.text : neutraliseCell(JSON.stringify(value)),
      },
    }),
  );
}
