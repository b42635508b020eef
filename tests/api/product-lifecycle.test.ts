import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AdminProductJson } from '#domain/admin-catalogue.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.services.db;

/** A published product with sizes in stock, images, categories and terms. */
async function publishedProduct(
  offset: number,
): Promise<{ id: number; slug: string; name: string }> {
  const [row] = await queryRows<{ id: number; slug: string; name: string }>(
    db(),
    sql`SELECT p.id, p.slug, p.name FROM products p WHERE p.status = 'publish'
      AND EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)
      AND EXISTS (SELECT 1 FROM product_terms pt WHERE pt.product_id = p.id)
      AND EXISTS (SELECT 1 FROM variations v WHERE v.product_id = p.id AND v.stock_quantity > 0)
      ORDER BY p.id OFFSET ${offset} LIMIT 1`,
  );
  return row!;
}

async function load(id: number): Promise<AdminProductJson> {
  const answer = await manager.call('GET', `/api/admin/products/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function auditRows(action: string, id: number) {
  return queryRows<{ actor: string; before: unknown; after: Record<string, unknown> | null }>(
    db(),
    sql`SELECT actor, before, after FROM audit_log WHERE action = ${action} AND entity = 'product'
      AND entity_id = ${String(id)} ORDER BY id`,
  );
}

async function sitemap(): Promise<string> {
  return (await t.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.test' } })).body;
}

describe('archiving a product', () => {
  it('hides it from listings, search, the sitemap and its page (410), keeps it in the admin list under its filter, and restores it as a draft', async () => {
    const product = await publishedProduct(0);
    const word = product.name.split(' ')[0]!;
    const search = async () =>
      (
        await t.app.inject({
          url: `/api/products?search=${encodeURIComponent(product.name)}&per_page=100`,
        })
      ).json().data as { id: number }[];
    expect((await search()).map((p) => p.id)).toContain(product.id);
    expect(await sitemap()).toContain(`/product/${product.slug}<`);

    const { version } = await load(product.id);
    const archived = await manager.call('POST', `/api/admin/products/${product.id}/archive`, {
      archived: true,
      version,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.data.status).toBe('archived');

    expect((await search()).map((p) => p.id)).not.toContain(product.id);
    const all = await t.app.inject({
      url: '/api/products?per_page=100&search=' + encodeURIComponent(word),
    });
    expect((all.json().data as { id: number }[]).map((p) => p.id)).not.toContain(product.id);
    expect(await sitemap()).not.toContain(`/product/${product.slug}<`);
    const page = await t.app.inject({ url: `/api/products/slug/${product.slug}` });
    expect(page.statusCode).toBe(410);
    expect(page.json()).toMatchObject({
      code: 'gone',
      message: 'This product is no longer sold',
      name: product.name,
    });
    expect(page.json().category.slug).toMatch(/^[a-z0-9-]+$/);

    const defaultList = await manager.call(
      'GET',
      `/api/admin/products?q=${encodeURIComponent(product.slug)}`,
    );
    expect(defaultList.body.data).toEqual([]);
    const archivedList = await manager.call(
      'GET',
      `/api/admin/products?status=archived&q=${encodeURIComponent(product.slug)}`,
    );
    expect(archivedList.body.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(archivedList.body.data[0].status).toBe('archived');

    // A stale click is refused, naming who changed it.
    const stale = await manager.call('POST', `/api/admin/products/${product.id}/archive`, {
      archived: false,
      version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');

    const restored = await manager.call('POST', `/api/admin/products/${product.id}/archive`, {
      archived: false,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.status).toBe('draft');
    const rows = [
      ...(await auditRows('product.archive', product.id)),
      ...(await auditRows('product.unarchive', product.id)),
    ];
    expect(rows.map((r) => r.after)).toEqual([
      { status: 'archived', version: version + 1 },
      { status: 'draft', version: version + 2 },
    ]);
    expect(rows[0]!.actor).toBe(manager.email);
  });

  it('refuses an editor (403) and a stranger (401)', async () => {
    const product = await publishedProduct(1);
    for (const [method, url, body] of [
      ['POST', `/api/admin/products/${product.id}/archive`, { archived: true }],
      ['POST', `/api/admin/products/${product.id}/duplicate`, undefined],
      ['DELETE', `/api/admin/products/${product.id}`, undefined],
      ['DELETE', `/api/admin/categories/1?target=2`, undefined],
    ] as const) {
      expect((await editor.call(method, url, body)).status).toBe(403);
      expect((await t.app.inject({ method, url, payload: body })).statusCode).toBe(401);
    }
  });
});

describe('duplicating a product', () => {
  it('copies fields, categories, terms, images and sizes as a draft "-copy" with stock 0 and no size SKUs', async () => {
    const product = await publishedProduct(2);
    const source = await load(product.id);
    const answer = await manager.call('POST', `/api/admin/products/${product.id}/duplicate`);
    expect(answer.status).toBe(201);
    const copy: AdminProductJson = answer.body.data;
    expect(copy.id).not.toBe(source.id);
    expect(copy.slug).toBe(`${source.slug}-copy`);
    expect(copy.name).toBe(`${source.name} (copy)`);
    expect(copy.status).toBe('draft');
    expect(copy.sku).not.toBe(source.sku);
    expect(copy).toMatchObject({
      unit: source.unit,
      short_description: source.short_description,
      description: source.description,
      category_ids: source.category_ids,
      term_ids: source.term_ids,
      featured: source.featured,
      is_new_arrival: source.is_new_arrival,
      on_sale: source.on_sale,
      version: 1,
    });
    expect(copy.images.map(({ src, alt, position }) => ({ src, alt, position }))).toEqual(
      source.images.map(({ src, alt, position }) => ({ src, alt, position })),
    );
    expect(copy.variations.map(({ id: _i, sku: _s, stock: _t, in_stock: _n, ...v }) => v)).toEqual(
      source.variations.map(({ id: _i, sku: _s, stock: _t, in_stock: _n, ...v }) => v),
    );
    expect(copy.variations.map((v) => [v.sku, v.stock])).toEqual(
      source.variations.map((v) => [null, v.stock === null ? null : 0]),
    );
    // A second copy takes the next free slug; the source is untouched.
    const again = await manager.call('POST', `/api/admin/products/${product.id}/duplicate`);
    expect(again.body.data.slug).toBe(`${source.slug}-copy-2`);
    expect(await load(product.id)).toEqual(source);
    // A draft copy is not on show.
    const page = await t.app.inject({ url: `/api/products/slug/${copy.slug}` });
    expect(page.statusCode).toBe(404);
    const [row] = await auditRows('product.duplicate', copy.id);
    expect(row!.after).toMatchObject({ copied_from: product.id, slug: copy.slug, status: 'draft' });
  });
});

describe('deleting a product', () => {
  it('is refused (409) while an order names it, suggesting archiving', async () => {
    const product = await publishedProduct(3);
    const order = await storeOrderAwaitingPayment(db());
    const [size] = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM variations WHERE product_id = ${product.id} LIMIT 1`,
    );
    await db().execute(sql`INSERT INTO order_lines (order_id, position, product_id, variation_id,
        name, size, kind, pieces, weight_kg, unit, unit_price_pence, unit_net_pence, vat_rate,
        net_pence, vat_pence, gross_pence)
      VALUES (${order.id}, 0, ${product.id}, ${size!.id}, ${product.name}, '600x400x20', 'size',
        1, 10, 'm2', 10800, 9000, 20, 9000, 1800, 10800)`);
    const refused = await manager.call('DELETE', `/api/admin/products/${product.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'product_ordered',
      message:
        'This product is on 1 order, so it cannot be deleted: archive it instead to take it out of the shop',
    });
    expect((await manager.call('GET', `/api/admin/products/${product.id}`)).status).toBe(200);
    expect(await auditRows('product.delete', product.id)).toEqual([]);
  });

  it('deletes a product never ordered, with its sizes and images, and logs what it was', async () => {
    const product = await publishedProduct(4);
    const before = await load(product.id);
    const stale = await manager.call(
      'DELETE',
      `/api/admin/products/${product.id}?version=${before.version - 1 || 99}`,
    );
    expect(stale.status).toBe(409);
    const answer = await manager.call(
      'DELETE',
      `/api/admin/products/${product.id}?version=${before.version}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { id: product.id, deleted: true } });
    expect((await manager.call('GET', `/api/admin/products/${product.id}`)).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT (SELECT count(*) FROM variations WHERE product_id = ${product.id})
        + (SELECT count(*) FROM product_images WHERE product_id = ${product.id}) AS n`,
    );
    expect(Number(left!.n)).toBe(0);
    expect((await t.app.inject({ url: `/api/products/slug/${product.slug}` })).statusCode).toBe(
      404,
    );
    expect(await sitemap()).not.toContain(`/product/${product.slug}<`);
    const [row] = await auditRows('product.delete', product.id);
    expect(row!.before).toMatchObject({ name: before.name, slug: before.slug, sku: before.sku });
    expect(row!.after).toBeNull();
    expect((await manager.call('DELETE', `/api/admin/products/${product.id}`)).status).toBe(404);
  });
});
