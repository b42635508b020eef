import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';
import { purchasableVariations, Shopper } from './shopper.ts';

/** A fresh render of a page (the page cache would answer without the content store). */
async function page(shopper: Shopper, path: string) {
  const response = await fetch(`${shopper.baseUrl}${path}`, {
    headers: { 'cache-control': 'no-cache', ...(shopper.cookie ? { cookie: shopper.cookie } : {}) },
  });
  const html = await response.text();
  return { status: response.status, html };
}

// PGlite has one connection for everything; the bulkhead exists on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a hanging content store, seen in pages', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let locker: pg.Client;
  const dir = mkdtempSync(join(tmpdir(), 'tessera-hanging-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    // Four render slots, as in production: hung loaders must not hold them.
    server = await startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: dir });
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
  });

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await server?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves product, listing, basket and account pages answering', async () => {
    const [variation] = await purchasableVariations(server.url, 1);
    const shopper = new Shopper(server.url);
    await shopper.json('POST', '/api/cart/add', { ...variation, quantity: 1 });
    const { data } = await shopper.json<{ data: { slug: string }[] }>(
      'GET',
      '/api/products?per_page=1',
    );

    // A writer holds the content tables: every content read waits on the lock.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE pages, posts IN ACCESS EXCLUSIVE MODE');
    try {
      // Twelve content pages hang in their loaders, more than the render slots and the
      // content store's connections.
      let contentAnswered = 0;
      const hung = Array.from({ length: 12 }, (_, i) =>
        page(shopper, i % 2 ? '/about-us' : '/blog').finally(() => (contentAnswered += 1)),
      );
      const shopping = await Promise.all(
        [
          `/product/${data[0]!.slug}`,
          '/collections/stone-collection/marble-tiles',
          '/checkout',
          '/my-account',
        ].map((path) => page(shopper, path)),
      );
      // Answered while every content page still waits for the locked tables.
      expect(contentAnswered).toBe(0);
      for (const answer of shopping) {
        expect(answer.status).toBe(200);
        expect(answer.html).toContain('</html>');
      }
      const content = await Promise.all(hung);
      // The content pages end too, with their fallback, once the content store gives up.
      expect(content.every((answer) => answer.status === 200)).toBe(true);
    } finally {
      await locker.query('ROLLBACK');
    }
    expect((await page(shopper, '/about-us')).html).not.toContain('Error loading page');
  });
});
