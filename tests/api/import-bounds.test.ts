import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, type AdminJobJson } from '#domain/admin-jobs.ts';
import { IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '#domain/woocommerce-csv.ts';
import {
  countRows,
  importTempPath,
  sweepImportTempFiles,
} from '#server/services/catalogue/import-file.ts';
import { runImport } from '#tests/setup/import-jobs.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// Uploads of this file's app wait in a temporary directory of its own, so that what is left
// there is this file's to count.
const uploads = mkdtempSync(join(tmpdir(), 'tessera-uploads-'));
process.env.TMPDIR = uploads;

let t: TestApp;
let manager: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
  rmSync(uploads, { recursive: true, force: true });
});

const leftUploads = () => readdirSync(uploads).filter((name) => name.startsWith('tessera-import-'));

async function upload(csv: string | Buffer, query = '') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/imports${query}`,
    headers: { cookie: manager.cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
}

/** Uploads a file and waits for its job to stop; answers the job. */
const importFile = (csv: string, dryRun = false) =>
  runImport(t.app, manager, csv, `dry_run=${dryRun}`);

/** Waits until the job's file is gone: it is removed as the job ends. */
async function noUploadLeft() {
  await expect.poll(leftUploads, { timeout: 30_000, interval: 50 }).toEqual([]);
}

const failedWith = (job: AdminJobJson) =>
  job.errors.map((e) => [job.status, e.row, e.field, e.message]);

const HEADER = 'Type,SKU,Name,Regular price,Attribute 1 name,Attribute 1 value(s)\n';
const product = (sku: string) => `simple,${sku},Slate ${sku},12.50,Sizemm,600x400x20\n`;

describe('a CSV is read within bounds', () => {
  // One cell of 60 MB between two good rows: the file reached 866 MB of heap before.
  const hugeField = HEADER + product('B-1') + `simple,B-2,"${'x'.repeat(60 * 1024 * 1024)}"\n`;

  for (const dryRun of [true, false]) {
    it(`fails a file with a 60 MB cell before applying any row${dryRun ? ' (dry run)' : ''}`, async () => {
      const job = await importFile(hugeField, dryRun);
      expect(failedWith(job)).toEqual([['failed', 1, 'file', IMPORT_MESSAGES.recordTooLong(3)]]);
      expect(job).toMatchObject({ created: 0, updated: 0, processed_rows: 0 });
      // Nothing was applied: the good row before it is not in the shop.
      expect((await t.app.inject({ url: '/api/products/slug/slate-b-1' })).statusCode).toBe(404);
      await noUploadLeft();
    });
  }

  it('fails a file with a line longer than 1 MB (a row of a million empty cells)', async () => {
    const job = await importFile(`${HEADER}simple,B-3${','.repeat(1_100_000)}\n`);
    expect(failedWith(job)).toEqual([['failed', 1, 'file', IMPORT_MESSAGES.lineTooLong(2)]]);
    await noUploadLeft();
  });

  it(`fails a file of more than ${IMPORT_MAX_ROWS} rows, and reads one of that many`, async () => {
    const rows = (n: number) => HEADER + 'variable,,,,,\n'.repeat(n);
    const tooMany = await importFile(rows(IMPORT_MAX_ROWS + 1), true);
    expect(failedWith(tooMany)).toEqual([['failed', 1, 'file', IMPORT_MESSAGES.tooManyRows]]);
    await noUploadLeft();
    const most = join(uploads, 'most.csv');
    writeFileSync(most, rows(IMPORT_MAX_ROWS));
    expect(await countRows(most)).toBe(IMPORT_MAX_ROWS);
    rmSync(most);
  });

  it('reads a file that is not CSV as a failed job, and removes it', async () => {
    const job = await importFile(`${HEADER}simple,"B-4,unclosed\n"x"y\n`);
    expect(job.status).toBe('failed');
    expect(job.errors[0]!.message).toMatch(/^The file is not a CSV file: /);
    await noUploadLeft();
  });
});

describe('uploads never stay in the temporary directory', () => {
  it('removes the file of a finished import and of a dry run', async () => {
    expect((await importFile(HEADER + product('T-1'), true)).status).toBe('finished');
    expect((await importFile(HEADER + product('T-1'))).status).toBe('finished');
    await noUploadLeft();
  });

  it('removes the file of a refused upload: empty, or larger than allowed', async () => {
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(JOB_MESSAGES.empty);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: {
        cookie: manager.cookie,
        'content-type': 'text/csv',
        'content-length': String(200 * 1024 * 1024),
      },
      payload: HEADER,
    });
    expect(declared.statusCode).toBe(413);
    expect(leftUploads()).toEqual([]);
  });

  it('removes the file of an upload the client breaks off', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const sent = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/admin/imports',
      headers: {
        cookie: manager.cookie,
        origin: `http://127.0.0.1:${port}`,
        'content-type': 'text/csv',
        'content-length': String(10 * 1024 * 1024),
      },
    });
    sent.on('error', () => {});
    sent.write(HEADER + product('A-1').repeat(1000));
    // The server has the file open once the first bytes are in: then the client goes.
    await expect.poll(leftUploads, { timeout: 30_000, interval: 20 }).toHaveLength(1);
    sent.destroy();
    await noUploadLeft();
  });

  it('at start-up, removes files a stopped process left, never a running one’s', async () => {
    const name = (pid: number, run: string) =>
      `tessera-import-${pid}-${run}-00000000-0000-4000-8000-000000000000.csv`;
    // A process that no longer runs, and an earlier run of this process's id.
    const stale = [name(2 ** 30, 'aaaaaaaa'), name(process.pid, 'bbbbbbbb')];
    // A process that runs (pid 1), and this very run's own upload in progress.
    const live = [name(1, 'cccccccc'), importTempPath().split('/').pop()!];
    for (const file of [...stale, ...live]) writeFileSync(join(uploads, file), HEADER);
    expect(await sweepImportTempFiles()).toBe(2);
    expect(leftUploads().sort()).toEqual([...live].sort());
    for (const file of live) rmSync(join(uploads, file));
  });
});
