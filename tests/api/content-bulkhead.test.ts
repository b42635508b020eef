import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// PGlite has one connection for everything; the bulkhead exists on PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a hanging content store', () => {
  let shop: TestApp;
  let locker: pg.Client;
  beforeAll(async () => {
    shop = await createTestApp();
    locker = new pg.Client({ connectionString: shop.database.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await shop?.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    shop.app.inject({ method, url, ...(payload ? { payload } : {}) });

  it('leaves the catalogue and the basket answering while content requests hang', async () => {
    const { data } = (await inject('GET', '/api/products?per_page=3')).json();
    const detail = (await inject('GET', `/api/products/slug/${data[0].slug}`)).json();
    const size = detail.variations.find(
      (v: { instock: boolean; attributes: { option: string }[] }) =>
        v.instock && !/sample/i.test(v.attributes[0]!.option),
    );

    // A writer holds the content tables: every content read waits on the lock.
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE pages, posts IN ACCESS EXCLUSIVE MODE');
    const content = Array.from({ length: 12 }, (_, i) =>
      inject('GET', i % 2 ? '/wp-json/wp/v2/pages?slug=about-us' : '/wp-json/wp/v2/posts?page=1'),
    );
    // More hung content reads than the app's whole pool holds: without a bulkhead these
    // would take every connection and the shop would answer 503 everywhere.
    const shopping = await Promise.all([
      inject('GET', '/api/products/by-category?category=marble-tiles&facets=true'),
      inject('GET', `/api/products/slug/${data[1].slug}`),
      inject('GET', '/api/products?search=marble'),
      inject('POST', '/api/cart/add', {
        product_id: data[0].id,
        variation_id: size.id,
        quantity: 2,
      }),
    ]);
    const hung = await Promise.all(content);
    await locker.query('ROLLBACK');

    expect(shopping.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(hung.map((r) => r.statusCode)).toEqual(Array(12).fill(503));
    expect(hung[0]!.headers['retry-after']).toBe('5');
    // And content answers again once the lock is gone.
    await expect
      .poll(async () => (await inject('GET', '/wp-json/wp/v2/pages?slug=about-us')).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
  });
});
