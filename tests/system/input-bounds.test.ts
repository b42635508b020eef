import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSync } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '#domain/admin-images.ts';
import type { AdminJobJson } from '#domain/admin-jobs.ts';
import { IMPORT_MESSAGES } from '#domain/woocommerce-csv.ts';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';

// The server as production runs it (a 256 MB heap), fed the inputs that took it down before: a
// CSV with one 60 MB cell, and a PNG of 1 MB that decodes to 16000 × 16000 pixels.
const OWNER = { email: 'owner@tessera.test', password: 'Portland-limestone-1' };

let server: ServerProcess;
let uploads: string;
let dataDir: string;
let cookie = '';
let database: TestDatabase | undefined;
/** An upload a process that died long ago left in the temporary directory. */
const STALE = 'tessera-import-1073741824-aaaaaaaa-00000000-0000-4000-8000-000000000000.csv';

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'tessera-system-uploads-'));
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-system-'));
  writeFileSync(join(uploads, STALE), 'Type,SKU\n');
  // On PostgreSQL when there is one, so the figures are the server's own, not PGlite's.
  if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
  server = await startServerProcess({
    TMPDIR: uploads,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
  await signIn();
});
afterAll(async () => {
  await server?.kill();
  await database?.drop();
  rmSync(uploads, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** A request as the back office's page sends it: our origin, the staff cookie. */
function staff(path: string, init: { method?: string; body?: BodyInit; type?: string } = {}) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: server.url,
      ...(cookie ? { cookie } : {}),
      ...(init.type ? { 'content-type': init.type } : {}),
    },
    body: init.body,
  });
}

async function signIn() {
  const first = await staff('/api/admin/auth/sign-in', {
    method: 'POST',
    type: 'application/json',
    body: JSON.stringify(OWNER),
  });
  const { challenge, enrol } = (await first.json()) as {
    challenge: string;
    enrol: { secret: string };
  };
  const code = generateSync({ secret: enrol.secret });
  const second = await staff('/api/admin/auth/code', {
    method: 'POST',
    type: 'application/json',
    body: JSON.stringify({ challenge, code }),
  });
  expect(second.status).toBe(200);
  cookie = second.headers.getSetCookie()[0]!.split(';')[0]!;
}

const leftUploads = () => readdirSync(uploads).filter((name) => name.startsWith('tessera-import-'));

/**
 * The server's resident memory before `work`, and the highest while it runs (sampled every
 * 20 ms), as a line for the report.
 */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; memory: string }> {
  const beforeMb = server.rssMb();
  let peakMb = beforeMb;
  const sampler = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, server.rssMb());
    } catch {
      // The process is gone: the test's own checks say so.
    }
  }, 20);
  try {
    const result = await work();
    return {
      result,
      memory: `RSS ${Math.round(beforeMb)} MB before, peak ${Math.round(peakMb)} MB`,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function answersStill() {
  expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  expect((await fetch(`${server.url}/api/products?per_page=1`)).status).toBe(200);
}

describe('inputs that took the server down', () => {
  it('at start-up, removed the upload a stopped process left behind', () => {
    expect(leftUploads()).toEqual([]);
  });

  for (const dryRun of [true, false]) {
    it(`fails a CSV with a 60 MB cell and keeps serving${dryRun ? ' (dry run)' : ''}`, async () => {
      const csv =
        'Type,SKU,Name,Regular price\nsimple,B-1,Slate,12.50\n' +
        `simple,B-2,"${'x'.repeat(60 * 1024 * 1024)}",1\n`;
      const { result: job, memory } = await peakRss(async () => {
        const answer = await staff(`/api/admin/imports?dry_run=${dryRun}`, {
          method: 'POST',
          type: 'text/csv',
          body: csv,
        });
        expect(answer.status).toBe(202);
        const { data } = (await answer.json()) as { data: AdminJobJson };
        for (;;) {
          const polled = await staff(`/api/admin/jobs/${data.id}`);
          const { data: now } = (await polled.json()) as { data: AdminJobJson };
          if (now.status === 'finished' || now.status === 'failed') return now;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      expect(job.status).toBe('failed');
      expect(job.errors.map((e) => e.message)).toEqual([IMPORT_MESSAGES.recordTooLong(3)]);
      await answersStill();
      await expect.poll(leftUploads, { timeout: 30_000, interval: 50 }).toEqual([]);
      console.log(`60 MB cell${dryRun ? ' (dry run)' : ''}: ${memory}`);
    });
  }

  it('refuses a 1 MB PNG of 16000 × 16000 pixels with 422, and keeps serving', async () => {
    const bomb = await sharp({
      create: { width: 16_000, height: 16_000, channels: 3, background: '#000' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const { result: answer, memory } = await peakRss(() =>
      staff('/api/admin/products/1/images', { method: 'POST', type: 'image/png', body: bomb }),
    );
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({
      code: 'image_too_large',
      message: IMAGE_MESSAGES.tooManyPixels(16_000, 16_000),
    });
    await answersStill();
    console.log(`pixel bomb (${Math.round(bomb.length / 1024)} kB): ${memory}`);
  });

  it('answers a burst of 40 new images each with an image or a fast 503, and still serves', async () => {
    const names = Array.from(
      { length: 40 },
      (_, n) => `/media/stone/travertine-beige-brown-${900_000 + n}-960.webp`,
    );
    const page = fetch(`${server.url}/api/products?per_page=12`);
    const answers = await Promise.all(names.map((name) => fetch(`${server.url}${name}`)));
    expect((await page).status).toBe(200);
    for (const answer of answers) {
      expect([200, 503]).toContain(answer.status);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('2');
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    await answersStill();
  });
});
