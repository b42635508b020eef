import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline, Transform } from 'node:stream';
import { parse, CsvError } from 'csv-parse';
import { restoreCell } from '#domain/spreadsheet-csv.ts';
import {
  IMPORT_MAX_LINE_BYTES,
  IMPORT_MAX_RECORD_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
} from '#domain/woocommerce-csv.ts';

/** A file the import cannot read (no header, missing columns, past a bound): nothing is applied. */
export class ImportFileError extends Error {}

/**
 * Uploads wait in the system's temporary directory, named after the process that holds them and
 * this run of it, so that a start-up can tell its own files from those a crashed process left.
 */
const RUN = randomUUID().slice(0, 8);
const TEMP_NAME = /^tessera-import-(\d+)-([0-9a-f]{8})-[0-9a-f-]{36}\.csv$/;

export function importTempPath(): string {
  return join(tmpdir(), `tessera-import-${process.pid}-${RUN}-${randomUUID()}.csv`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the uploads a stopped process left behind (killed mid-import, or a crash): files of a
 * process that no longer runs, or of an earlier run that had this process's id. Files of running
 * instances on this machine are theirs and stay. Answers how many it removed.
 */
export async function sweepImportTempFiles(): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpdir()).catch(() => [])) {
    const match = TEMP_NAME.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    const stale = pid === process.pid ? match[2] !== RUN : !isRunning(pid);
    if (!stale) continue;
    await rm(join(tmpdir(), name), { force: true });
    removed++;
  }
  return removed;
}

/** Refuses a physical line longer than the bound: it bounds the cells one row can hold. */
function lineLimit(): Transform {
  let lineBytes = 0;
  let line = 1;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(10, start);
        const end = newline === -1 ? chunk.length : newline;
        lineBytes += end - start;
        if (lineBytes > IMPORT_MAX_LINE_BYTES) {
          done(new ImportFileError(IMPORT_MESSAGES.lineTooLong(line)));
          return;
        }
        if (newline === -1) break;
        line++;
        lineBytes = 0;
        start = newline + 1;
      }
      done(null, chunk);
    },
  });
}

/**
 * Bytes read from the file at a time. csv-parse handles each piece synchronously; a small piece
 * keeps that short even for rows it reads slowly (a ragged row costs it an error object).
 */
const READ_CHUNK_BYTES = 16 * 1024;

/**
 * A CSV's records, streamed from the file within the bounds: a record of at most
 * IMPORT_MAX_RECORD_CHARS characters, a line of at most IMPORT_MAX_LINE_BYTES bytes (a BOM is
 * dropped, ragged rows allowed). Every cell is read back as the export neutralised it.
 */
export async function* csvRecords(filePath: string): AsyncGenerator<string[]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: IMPORT_MAX_RECORD_CHARS,
  });
  // pipeline destroys every stream on the first error, so the records' reader sees it.
  const records = pipeline(
    createReadStream(filePath, { highWaterMark: READ_CHUNK_BYTES }),
    lineLimit(),
    parser,
    () => {},
  );
  // Restored here rather than by csv-parse's cast option, which costs 15 times more a cell.
  for await (const record of records as AsyncIterable<string[]>) yield record.map(restoreCell);
}

/**
 * Reads the whole file once within its bounds, before anything is applied: answers its data rows
 * (the header aside), or throws an ImportFileError saying where the file went wrong.
 */
export async function countRows(filePath: string): Promise<number> {
  let records = 0;
  try {
    for await (const _record of csvRecords(filePath)) {
      records++;
      if (records - 1 > IMPORT_MAX_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
    }
  } catch (error) {
    throw fileError(error, records);
  }
  return Math.max(records - 1, 0);
}

/** A reading error as the import reports it; `records` were read before it. */
export function fileError(error: unknown, records: number): unknown {
  if (error instanceof CsvError && error.code === 'CSV_MAX_RECORD_SIZE') {
    return new ImportFileError(IMPORT_MESSAGES.recordTooLong(records + 1));
  }
  if (error instanceof CsvError) {
    return new ImportFileError(`${IMPORT_MESSAGES.notCsv}: ${error.message}`);
  }
  return error;
}
