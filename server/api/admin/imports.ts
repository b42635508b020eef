import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminJobSchema,
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  importQuery,
  JOB_MESSAGES,
  PROBLEM_CSV_HEADERS,
} from '#domain/admin-jobs.ts';
import { sendCsv } from '../../http/csv.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { shopOrigin } from '../../http/origin.ts';
import { route } from '../../http/route.ts';
import { auditActor, requireStaff } from '../../plugins/staff-session.ts';
import { importTempPath, sweepImportTempFiles } from '../../services/catalogue/import-file.ts';
import { ImportJobs } from '../../services/catalogue/import-jobs.ts';
import { IMAGE_FETCH_LIMITS } from '../../services/media/image-fetch.ts';
import { productCsvRows } from '../../services/catalogue/product-export.ts';

const jobParams = z.object({
  id: z.coerce.number({ error: JOB_MESSAGES.notFound }).int().positive().max(2_147_483_647),
});

const tooLarge = () => new HttpError(413, 'payload_too_large', JOB_MESSAGES.tooLarge);

/** Copies the request body to a file, refusing it (413) once it passes the limit. */
async function saveBody(body: Readable, filePath: string): Promise<number> {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > IMPORT_MAX_BYTES ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(body, limit, createWriteStream(filePath));
  } catch (error) {
    await rm(filePath, { force: true });
    throw error;
  }
  return bytes;
}

/**
 * Product CSV import and export (WooCommerce's format) for managers and owners. An import is a
 * background job: the upload is streamed to a temporary file and answered 202 with the job, whose
 * progress and row-by-row report GET /admin/jobs/{id} shows. The temporary file goes when the job
 * ends, when the upload is refused or broken off, and, for a process that died, at the next
 * start-up.
 */
export async function adminImportsApi(app: FastifyInstance) {
  const swept = await sweepImportTempFiles();
  if (swept > 0) app.log.warn({ files: swept }, 'removed uploads a stopped process left behind');
  const jobs = new ImportJobs(app.services.db, () => app.changes.publish('catalogue'), {
    ...IMAGE_FETCH_LIMITS,
    allowPrivate: app.config.importFetchPrivate,
  });
  const tags = ['admin'];
  app.addHook('onRequest', async (request) => {
    await requireStaff(request, 'catalogue');
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  // A closing instance lets its running imports finish their batches first.
  app.addHook('onClose', () => jobs.idle());
  // The CSV arrives as the raw body and is never held in memory: the handler streams it.
  app.addContentTypeParser([...IMPORT_CONTENT_TYPES], (_request, payload, done) =>
    done(null, payload),
  );

  route(app, {
    method: 'POST',
    url: '/admin/imports',
    summary: `Imports a WooCommerce product CSV (the body, text/csv, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB) as a background job; ?dry_run=true validates and counts without writing`,
    tags,
    query: importQuery,
    response: {
      description: 'The queued job: follow it at /api/admin/jobs/{id}',
      schema: z.object({ data: adminJobSchema }),
      status: 202,
      errors: [401, 403, 413, 415],
    },
    handler: async ({ query, request, reply }) => {
      const member = await requireStaff(request, 'catalogue');
      if (!(request.body instanceof Readable)) {
        throw new HttpError(415, 'unsupported_media_type', JOB_MESSAGES.notCsv);
      }
      if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES) throw tooLarge();
      const filePath = importTempPath();
      if ((await saveBody(request.body, filePath)) === 0) {
        await rm(filePath, { force: true });
        throw new HttpError(400, 'bad_request', JOB_MESSAGES.empty);
      }
      const job = await jobs
        .create({ fileName: query.file_name, filePath, dryRun: query.dry_run, staffId: member.id })
        .catch(async (error: unknown) => {
          await rm(filePath, { force: true });
          throw error;
        });
      jobs.start(job, filePath, {
        dryRun: query.dry_run,
        inferUnits: query.infer_units,
        shopOrigin: shopOrigin(app.config, request),
        who: auditActor(request, member),
      });
      reply.status(202);
      return { data: job };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/jobs/:id',
    summary: "A job's progress (processed of total rows), its counts and its row-by-row report",
    tags,
    params: jobParams,
    response: {
      description: 'The job',
      schema: z.object({ data: adminJobSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params }) => {
      const data = await jobs.get(params.id);
      if (!data) throw notFound(JOB_MESSAGES.notFound);
      return { data };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/jobs/:id/errors.csv',
    summary: "A job's row-by-row report as CSV: row, SKU, field, message, severity",
    tags,
    params: jobParams,
    response: { description: 'The report', contentType: 'text/csv', errors: [401, 403, 404] },
    handler: async ({ params, reply }) => {
      const job = await jobs.get(params.id);
      if (!job) throw notFound(JOB_MESSAGES.notFound);
      const rows = job.errors.map((p) => [p.row, p.sku, p.field, p.message, p.severity]);
      return sendCsv(reply, `import-${job.id}-errors.csv`, [PROBLEM_CSV_HEADERS, ...rows]);
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/exports/products.csv',
    summary:
      "Every product and size as WooCommerce's product CSV (streamed), with the shop's image URLs",
    tags,
    response: { description: 'The catalogue as CSV', contentType: 'text/csv', errors: [401, 403] },
    handler: async ({ request, reply }) =>
      sendCsv(
        reply,
        'products.csv',
        productCsvRows(app.services.db, shopOrigin(app.config, request)),
      ),
  });
}
