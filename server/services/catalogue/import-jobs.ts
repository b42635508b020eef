import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { IMPORT_MESSAGES, matchHeaders, type RowProblem } from '#domain/woocommerce-csv.ts';
import { parseWooRow, type WooRow } from '#domain/woocommerce-row.ts';
import { JOB_MESSAGES, JOB_SILENT_MS, type AdminJobJson } from '#domain/admin-jobs.ts';
import type { ImageFetchLimits } from '../media/image-fetch.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { countRows, csvRecords, fileError, ImportFileError } from './import-file.ts';
import { ProductImport, type ImportOptions } from './product-import.ts';

/** Rows applied per transaction: large enough to write in few statements, small for locks. */
export const IMPORT_BATCH_ROWS = 500;
/** Problems kept in the job's report; more are counted in one last line. */
export const MAX_LISTED_PROBLEMS = 1_000;

interface JobRow {
  id: number;
  kind: string;
  status: AdminJobJson['status'];
  dry_run: boolean;
  file_name: string | null;
  total_rows: number | null;
  processed_rows: number;
  created_count: number;
  updated_count: number;
  skipped_count: number;
  errors: RowProblem[];
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

function jobJson(row: JobRow): AdminJobJson {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    dry_run: row.dry_run,
    file_name: row.file_name,
    total_rows: row.total_rows,
    processed_rows: row.processed_rows,
    created: row.created_count,
    updated: row.updated_count,
    skipped: row.skipped_count,
    errors: row.errors,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export interface ImportStart extends ImportOptions {
  who: AuditActor;
}

/**
 * Product CSV imports as background jobs of the instance that received the file: the file is
 * read as a stream, applied a batch at a time, and each batch's progress and problems are
 * written to the job so any instance can show them.
 */
export class ImportJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    /** Called after a real import changed the catalogue, to drop every stale cache. */
    private readonly onImported: () => Promise<void>,
    /** How images other sites hold are fetched. */
    private readonly fetchLimits: ImageFetchLimits,
  ) {}

  async create(input: {
    fileName: string;
    filePath: string;
    dryRun: boolean;
    staffId: number;
  }): Promise<AdminJobJson> {
    const [row] = await queryRows<JobRow>(
      this.db,
      sql`INSERT INTO admin_jobs (kind, status, dry_run, file_name, file_path, staff_id)
        VALUES ('product_import', 'queued', ${input.dryRun}, ${input.fileName}, ${input.filePath},
          ${input.staffId})
        RETURNING *`,
    );
    return jobJson(row!);
  }

  async get(id: number): Promise<AdminJobJson | null> {
    await this.failIfSilent(id);
    const [row] = await queryRows<JobRow>(this.db, sql`SELECT * FROM admin_jobs WHERE id = ${id}`);
    return row ? jobJson(row) : null;
  }

  /** A job whose server stopped mid-way (no progress for JOB_SILENT_MS) is marked failed. */
  private async failIfSilent(id: number): Promise<void> {
    const problem: RowProblem = {
      row: 1,
      sku: '',
      field: 'file',
      message: JOB_MESSAGES.interrupted,
      severity: 'error',
    };
    await this.db.execute(sql`UPDATE admin_jobs SET status = 'failed', finished_at = now(),
        errors = errors || ${JSON.stringify([problem])}::jsonb
      WHERE id = ${id} AND status IN ('queued', 'running')
        AND coalesce(heartbeat_at, created_at) < now() - make_interval(secs => ${JOB_SILENT_MS / 1000})`);
  }

  /** Runs the job in the background; its outcome is written to the job, never thrown. */
  start(job: AdminJobJson, filePath: string, options: ImportStart): void {
    const run = this.run(job.id, filePath, options)
      .catch(async (error: unknown) => {
        const message =
          error instanceof ImportFileError
            ? error.message
            : 'The import stopped on an unexpected error; rows before it were imported';
        if (!(error instanceof ImportFileError)) console.warn(error);
        await this.finish(job.id, 'failed', [
          { row: 1, sku: '', field: 'file', message, severity: 'error' },
        ]);
        // Batches before the failure were committed: the storefront shows them at once.
        if (!options.dryRun) await this.onImported();
      })
      .finally(async () => {
        await rm(filePath, { force: true });
        this.running.delete(run);
      });
    this.running.add(run);
  }

  /** Resolves when no job of this instance is running (the app waits for it on close). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async run(id: number, filePath: string, options: ImportStart): Promise<void> {
    // The whole file is read once within its bounds first: a file that breaks one changes nothing.
    const total = await countRows(filePath);
    await this.db.execute(sql`UPDATE admin_jobs SET status = 'running', started_at = now(),
        heartbeat_at = now(), total_rows = ${total}
      WHERE id = ${id}`);
    const { who, ...importOptions } = options;
    const importer = new ProductImport(this.db, {
      ...importOptions,
      stockActor: who.actor,
      jobId: id,
      fetchLimits: this.fetchLimits,
    });
    let columns: ReturnType<typeof matchHeaders> | null = null;
    let rowNumber = 0;
    let batch: WooRow[] = [];
    let problems: RowProblem[] = [];
    let listed = 0;
    const flush = async () => {
      problems.push(...(await importer.applyBatch(batch)));
      listed += await this.report(id, importer, rowNumber, problems, listed);
      batch = [];
      problems = [];
    };
    try {
      for await (const cells of csvRecords(filePath)) {
        rowNumber++;
        if (!columns) {
          columns = matchHeaders(cells);
          if (columns.missing.length > 0) {
            throw new ImportFileError(IMPORT_MESSAGES.missingColumns(columns.missing));
          }
          continue;
        }
        const { parsed, problems: found } = parseWooRow(cells, columns, rowNumber);
        problems.push(...found);
        if (parsed) batch.push(parsed);
        if (batch.length >= IMPORT_BATCH_ROWS) await flush();
      }
    } catch (error) {
      throw fileError(error, rowNumber);
    }
    if (!columns) throw new ImportFileError(IMPORT_MESSAGES.empty);
    await flush();
    // Publishing waits until every size is in: what cannot be sold stays a draft.
    await this.report(id, importer, rowNumber, await importer.settle(), listed);
    await this.finish(id, 'finished', []);
    if (!options.dryRun) {
      await audit(this.db, options.who, {
        action: 'catalogue.import',
        entity: 'admin_job',
        entityId: id,
        after: importer.counts,
      });
      await this.onImported();
    }
  }

  /**
   * Writes the job's progress and counts, and the problems found since the last report, while
   * fewer than MAX_LISTED_PROBLEMS are listed (one more line says the rest are only counted).
   * Answers how many lines it listed.
   */
  private async report(
    id: number,
    importer: ProductImport,
    rowNumber: number,
    problems: RowProblem[],
    listed: number,
  ): Promise<number> {
    problems.sort((a, b) => a.row - b.row);
    const kept = problems.slice(0, Math.max(MAX_LISTED_PROBLEMS - listed, 0));
    if (kept.length < problems.length && listed <= MAX_LISTED_PROBLEMS) {
      kept.push({
        row: rowNumber,
        sku: '',
        field: 'file',
        message: IMPORT_MESSAGES.tooManyErrors(MAX_LISTED_PROBLEMS),
        severity: 'warning',
      });
    }
    const { created, updated, skipped } = importer.counts;
    await this.db.execute(sql`UPDATE admin_jobs SET processed_rows = ${Math.max(rowNumber - 1, 0)},
        created_count = ${created}, updated_count = ${updated}, skipped_count = ${skipped},
        errors = errors || ${JSON.stringify(kept)}::jsonb, heartbeat_at = now()
      WHERE id = ${id}`);
    return kept.length;
  }

  private async finish(id: number, status: 'finished' | 'failed', problems: RowProblem[]) {
    await this.db.execute(sql`UPDATE admin_jobs SET status = ${status}, finished_at = now(),
        heartbeat_at = now(), errors = errors || ${JSON.stringify(problems)}::jsonb
      WHERE id = ${id}`);
  }
}
