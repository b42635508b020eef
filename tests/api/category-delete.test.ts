import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.db;

async function category(slug: string) {
  const [row] = await queryRows<{ id: number; slug: string; name: string; version: number }>(
    db(),
    sql`SELECT id, slug, name, version FROM categories WHERE slug = ${slug}`,
  );
  return row!;
}

async function productIdsIn(categoryId: number): Promise<number[]> {
  const rows = await queryRows<{ product_id: number }>(
    db(),
    sql`SELECT product_id FROM product_categories WHERE category_id = ${categoryId} ORDER BY 1`,
  );
  return rows.map((r) => r.product_id);
}

describe('DELETE /api/admin/categories/:id', () => {
  it('moves its products to the target and answers its old address (and a former one) with 301 to the target', async () => {
    const gone = await category('travertine-tiles');
    const into = await category('limestone-tiles');
    // A former slug of the deleted category must follow it to the target.
    const renamed = await manager.call('PUT', `/api/admin/categories/${gone.id}`, {
      name: gone.name,
      slug: 'travertine',
      section: 'stone-collection',
      position: 3,
      version: gone.version,
    });
    expect(renamed.status).toBe(200);
    const moving = await productIdsIn(gone.id);
    const already = await productIdsIn(into.id);
    expect(moving.length).toBeGreaterThan(0);

    const missing = await manager.call('DELETE', `/api/admin/categories/${gone.id}`);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({
      target: 'Choose the category its old address and products move to',
    });
    const self = await manager.call('DELETE', `/api/admin/categories/${gone.id}?target=${gone.id}`);
    expect(self.status).toBe(400);
    expect(self.body.fields.target).toBe('Choose another category than the one being deleted');
    const unknown = await manager.call('DELETE', `/api/admin/categories/${gone.id}?target=999999`);
    expect(unknown.body.fields.target).toBe('Choose a category from the list');

    const answer = await manager.call(
      'DELETE',
      `/api/admin/categories/${gone.id}?target=${into.id}&version=${renamed.body.data.version}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: gone.id,
      deleted: true,
      target: { id: into.id, slug: 'limestone-tiles', name: 'Limestone Tiles' },
      moved_products: moving.length,
    });
    expect(await productIdsIn(into.id)).toEqual(
      [...new Set([...already, ...moving])].sort((a, b) => a - b),
    );

    for (const old of ['travertine-tiles', 'travertine']) {
      const api = await t.app.inject({ url: `/api/products/by-category?category=${old}` });
      expect(api.statusCode).toBe(301);
      expect(api.headers.location).toBe('/api/products/by-category?category=limestone-tiles');
    }
    const listing = await t.app.inject({
      url: '/api/products/by-category?category=limestone-tiles&per_page=100',
    });
    const listed = (listing.json().data as { id: number }[]).map((p) => p.id);
    expect(listed).toEqual(expect.arrayContaining(moving.slice(0, 5)));

    const sitemap = (await t.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.test' } }))
      .body;
    expect(sitemap).not.toContain('/collections/travertine<');
    expect(sitemap).not.toMatch(/\/collections\/travertine-tiles</);

    const [row] = await queryRows<{ action: string; after: unknown }>(
      db(),
      sql`SELECT action, after FROM audit_log WHERE entity = 'category' AND entity_id = ${String(gone.id)}
        ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({
      action: 'category.delete',
      after: { redirect_to: 'limestone-tiles', target_id: into.id, moved_products: moving.length },
    });
    expect(
      (await manager.call('DELETE', `/api/admin/categories/${gone.id}?target=${into.id}`)).status,
    ).toBe(404);
  });

  it('refuses (409) a category that other categories name as their section', async () => {
    const parent = await manager.call('POST', '/api/admin/categories', {
      name: 'Outdoor',
      slug: 'outdoor',
      section: 'outdoor',
      position: 0,
    });
    expect(parent.status).toBe(201);
    await manager.call('POST', '/api/admin/categories', {
      name: 'Paving',
      slug: 'paving',
      section: 'outdoor',
      position: 1,
    });
    const into = await category('marble-tiles');
    const refused = await manager.call(
      'DELETE',
      `/api/admin/categories/${parent.body.data.id}?target=${into.id}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'category_has_children',
      message: 'These categories belong under it: Paving. Move them to another section first',
    });
  });
});
