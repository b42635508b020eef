import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AdminJobJson } from '#domain/admin-jobs.ts';
import type { StaffBrowser } from './staff-browser.ts';

/** Uploads a product CSV as `who` (query: dry_run, infer_units…) and answers the 202 job's id. */
export async function startImport(
  app: FastifyInstance,
  who: StaffBrowser,
  csv: string,
  query = '',
): Promise<number> {
  const answer = await app.inject({
    method: 'POST',
    url: `/api/admin/imports${query ? `?${query}` : ''}`,
    headers: { cookie: who.cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json().data.id as number;
}

/** Uploads a product CSV and waits for its job to stop; answers the job. */
export async function runImport(
  app: FastifyInstance,
  who: StaffBrowser,
  csv: string,
  query = '',
): Promise<AdminJobJson> {
  const id = await startImport(app, who, csv, query);
  for (;;) {
    const job = (await who.call('GET', `/api/admin/jobs/${id}`)).body.data as AdminJobJson;
    if (job.status === 'finished' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
