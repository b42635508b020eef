// A shop with the demo catalogue, its staff of every role signed in, and a published product
// with at least two sizes, for the back-office catalogue tests.
import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { type AdminProductJson } from '#domain/admin-catalogue.ts';
import { staffOfEveryRole as signedInStaff, StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

export let t: TestApp;
export let owner: StaffBrowser;
export let manager: StaffBrowser;
export let editor: StaffBrowser;
/** A published product with at least two sizes. */
export let product: { id: number; slug: string };

export function useAdminCatalogueApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, manager, editor } = await signedInStaff(t.app));
    const [row] = await queryRows<{ id: number; slug: string }>(
      t.app.services.db,
      sql`SELECT p.id, p.slug FROM products p WHERE p.status = 'publish'
        AND (SELECT count(*) FROM variations v WHERE v.product_id = p.id AND v.option !~* 'sample') >= 2
        ORDER BY p.id LIMIT 1`,
    );
    product = row!;
  });
  afterAll(async () => {
    await t?.close();
  });
}

export async function load(id = product.id): Promise<AdminProductJson> {
  const answer = await owner.call('GET', `/api/admin/products/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}
