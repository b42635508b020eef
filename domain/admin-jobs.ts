// The back office's background jobs (product CSV imports): what the API answers and accepts.
import { z } from '#domain/zod.ts';

/** The largest CSV an import accepts: about 100k products with their sizes. */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_CONTENT_TYPES = ['text/csv'] as const;

export const JOB_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it and import each part`,
  notCsv: 'Send the file as text/csv',
  empty: 'Choose a CSV file to import',
  notFound: 'Job not found',
  interrupted:
    'The import stopped when the server running it did. Run it again: rows already imported are recognised by their SKU',
} as const;

/**
 * A running job writes its progress after every batch (well under a second each): one silent
 * for this long has lost its server, and is reported as failed rather than shown running forever.
 */
export const JOB_SILENT_MS = 120_000;

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'Enter true or false' })
  .transform((v) => v === 'true' || v === '1');

export const importQuery = z.object({
  /** Validates and counts without writing the catalogue. */
  dry_run: flag.default(false),
  /**
   * Products without a unit in the file take the one their name quotes ("per litre", "each"),
   * or "each" when none of their sizes is a tile size; otherwise they keep theirs (m² when new).
   */
  infer_units: flag.default(false),
  /** The uploaded file's name, shown with the job. */
  file_name: z.string().trim().max(200).default('products.csv'),
});

export const JOB_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;

export const rowProblemSchema = z.object({
  row: z.number().int(),
  sku: z.string(),
  field: z.string(),
  message: z.string(),
  severity: z.enum(['error', 'warning']),
});

export const adminJobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  dry_run: z.boolean(),
  file_name: z.string().nullable(),
  /** Data rows of the file (the header aside); null until the job has counted them. */
  total_rows: z.number().int().nullable(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  errors: z.array(rowProblemSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AdminJobJson = z.infer<typeof adminJobSchema>;

/** Whether a job has stopped (finished or failed): the page stops asking for its progress. */
export const isJobDone = (job: Pick<AdminJobJson, 'status'>) =>
  job.status === 'finished' || job.status === 'failed';

/** The errors.csv download's columns. */
export const PROBLEM_CSV_HEADERS = ['Row', 'SKU', 'Field', 'Message', 'Severity'] as const;
