// Issue 28: a scheduled sale is served at its start instant, not when a cached answer expires.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { ProductJson, VariationJson } from '#domain/api-types.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  // A response cache far longer than the wait below: only the sweep's announcement can clear it.
  t = await createTestApp({
    config: { SALE_SCHEDULE_SWEEP: '1', RESPONSE_CACHE_TTL_MS: '600000' },
  });
});
afterAll(async () => {
  await t?.close();
});

const read = async (url: string) => {
  const answer = await t.app.inject({ url });
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

it('starts a sale at its instant and drops the cached answers showing the old price', async () => {
  const db = t.app.services.db;
  const [size] = await queryRows<{ id: number; product_id: number; slug: string; price: number }>(
    db,
    sql`SELECT v.id, v.product_id, p.slug, v.price_pence AS price FROM variations v
      JOIN products p ON p.id = v.product_id
      WHERE p.status = 'publish' AND v.option !~* 'sample' AND v.regular_price_pence IS NULL
        AND v.price_pence > 1000
      ORDER BY v.price_pence, v.id LIMIT 1`,
  );
  const variationsUrl = `/api/product/${size!.product_id}/variations`;
  const productUrl = `/api/products/slug/${size!.slug}`;
  const salePence = size!.price - 500;
  const [{ starts }] = (await queryRows<{ starts: Date | string }>(
    db,
    sql`UPDATE variations SET scheduled_sale_price_pence = ${salePence},
        sale_from = now() + interval '1 second'
      WHERE id = ${size!.id} RETURNING sale_from AS starts`,
  )) as [{ starts: Date | string }];
  // The save that set the dates announces it, as every staff save does.
  await t.app.changes.publish('catalogue');

  const before = (await read(variationsUrl)) as VariationJson[];
  expect(before.find((v) => v.id === size!.id)).toMatchObject({ on_sale: false, sale_price: '' });
  const cachedProduct = (await read(productUrl)) as { data: ProductJson };
  expect(cachedProduct.data.sale_price).toBe('');

  const announced = await new Promise<number>((resolve) => {
    const off = t.app.changes.on((change) => {
      if (change !== 'catalogue') return;
      off();
      resolve(Date.now());
    });
  });
  expect(announced).toBeGreaterThanOrEqual(new Date(starts).getTime());

  const after = (await read(variationsUrl)) as VariationJson[];
  const sale = (salePence / 100).toFixed(2);
  expect(after.find((v) => v.id === size!.id)).toMatchObject({
    price: sale,
    regular_price: (size!.price / 100).toFixed(2),
    sale_price: sale,
    on_sale: true,
  });
  const product = (await read(productUrl)) as { data: ProductJson };
  expect(product.data).toMatchObject({ price: sale, sale_price: sale });
});
