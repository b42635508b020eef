import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import {
  CATALOGUE_MESSAGES,
  productEditValues,
  variationsGridValues,
  type AdminProductJson,
} from '#domain/admin-catalogue.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { StaffBrowser } from '#tests/setup/staff-browser.ts';
import {
  editor,
  load,
  manager,
  owner,
  product,
  t,
  useAdminCatalogueApp,
} from '#tests/setup/admin-catalogue-app.ts';

useAdminCatalogueApp();

/** The editor's fields as `before` had them, saved over what is there now (a deliberate restore). */
async function restored(before: AdminProductJson) {
  return { ...productEditValues(before), version: (await load(before.id)).version };
}

/** The grid as `before` had it, saved over what is there now, stock included. */
async function restoredGrid(before: AdminProductJson) {
  const now = await load(before.id);
  const grid = variationsGridValues(before);
  for (const row of grid.variations) {
    row.stock_seen = now.variations.find((v) => v.id === row.id)?.stock ?? null;
  }
  return { ...grid, version: now.version };
}

describe('who may work on the catalogue', () => {
  const routes = (): [string, string, unknown?][] => [
    ['GET', '/api/admin/products'],
    ['POST', '/api/admin/products', { name: 'Refused Marble' }],
    ['GET', '/api/admin/products/taxonomy'],
    ['GET', `/api/admin/products/${product.id}`],
    ['PUT', `/api/admin/products/${product.id}`, {}],
    ['PUT', `/api/admin/products/${product.id}/variations`, { variations: [] }],
    ['POST', '/api/admin/products/bulk/preview', { ids: [product.id], action: 'publish' }],
    ['POST', '/api/admin/products/bulk', { ids: [product.id], action: 'publish' }],
    ['GET', '/api/admin/products/bulk/last'],
    ['POST', '/api/admin/products/bulk/undo'],
    ['POST', `/api/admin/products/${product.id}/images`, {}],
    ['PUT', `/api/admin/products/${product.id}/images`, { images: [] }],
    ['POST', '/api/admin/categories', {}],
    ['PUT', '/api/admin/categories/1', {}],
    ['POST', '/api/admin/attributes/8/terms', {}],
    ['PUT', '/api/admin/terms/1', {}],
  ];

  it('refuses an editor (403), a customer and a forged staff cookie (401) on every route', async () => {
    const customer = new ApiShopper(t.app);
    const registered = await customer.call('POST', '/api/auth/register', {
      email: 'shopper@tessera.test',
      password: 'granite-setts-9',
    });
    expect(registered.status).toBeLessThan(300);
    expect(customer.cookie).not.toBe('');
    const forged = new StaffBrowser(t.app);
    forged.cookie = 'tessera_staff=forged-token-0123456789abcdef';
    for (const [method, url, payload] of routes()) {
      const m = method as 'GET' | 'POST' | 'PUT';
      expect((await editor.call(m, url, payload)).status, `${method} ${url}`).toBe(403);
      expect((await forged.call(m, url, payload)).status, `${method} ${url}`).toBe(401);
      const asCustomer = await t.app.inject({
        method: m,
        url,
        headers: { cookie: customer.cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets a manager and an owner read the list and the product', async () => {
    for (const who of [manager, owner]) {
      const list = await who.call('GET', '/api/admin/products?per_page=5');
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(5);
      expect((await who.call('GET', `/api/admin/products/${product.id}`)).status).toBe(200);
    }
  });
});

describe('GET /api/admin/products', () => {
  it('pages, searches, filters and sorts, with a price range per product', async () => {
    const all = await manager.call('GET', '/api/admin/products?per_page=10&sort=price-asc');
    expect(all.status).toBe(200);
    expect(all.body.meta.total_products).toBeGreaterThan(100);
    const first = all.body.data[0];
    expect(first).toMatchObject({ id: expect.any(Number), min_price: expect.any(String) });
    expect(first).not.toHaveProperty('variations');
    const prices = all.body.data.map((r: { min_price: string }) => Number(r.min_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const p = await load();
    const search = await manager.call('GET', `/api/admin/products?q=${encodeURIComponent(p.name)}`);
    expect(search.body.data.map((r: { id: number }) => r.id)).toContain(product.id);
    const category = p.category_ids[0]!;
    const filtered = await manager.call(
      'GET',
      `/api/admin/products?category=${category}&status=publish`,
    );
    expect(filtered.body.meta.total_products).toBeGreaterThan(0);
    expect(filtered.body.meta.total_products).toBeLessThan(all.body.meta.total_products);
    const page2 = await manager.call(
      'GET',
      '/api/admin/products?per_page=10&page=2&sort=price-asc',
    );
    expect(page2.body.data[0].id).not.toBe(first.id);
  });

  it('finds by any part of the name in any case, by SKU or slug, and pages a category in id order', async () => {
    // The list's definition, written plainly: the answers must be these rows in this order.
    const expected = async (where: SQL, order: 'ASC' | 'DESC', page: number) =>
      (
        await queryRows<{ id: number }>(
          t.app.services.db,
          sql`SELECT p.id FROM products p WHERE ${where}
            ORDER BY p.id ${sql.raw(order)} LIMIT 10 OFFSET ${(page - 1) * 10}`,
        )
      ).map((r) => r.id);
    const listed = async (params: string) =>
      (await manager.call('GET', `/api/admin/products?per_page=10&${params}`)).body.data.map(
        (r: { id: number }) => r.id,
      );
    const [variation] = await queryRows<{ sku: string; product_id: number }>(
      t.app.services.db,
      sql`SELECT sku, product_id FROM variations WHERE sku IS NOT NULL ORDER BY id LIMIT 1`,
    );
    expect(await listed(`q=${variation!.sku}`)).toContain(variation!.product_id);
    const p = await load();
    expect(await listed(`q=${p.slug}`)).toContain(p.id);
    expect(await listed('q=MaRbLe')).toHaveLength(10);
    for (const [params, where] of [
      ['q=MaRbLe', sql`p.name ILIKE '%marble%'`],
      ['q=marble&page=2&sort=id-asc', sql`p.name ILIKE '%marble%'`],
      ['q=100%25', sql`p.name ILIKE '%100\%%'`],
      [
        `category=${p.category_ids[0]}&status=publish&page=2`,
        sql`p.category_ids @> ${`{${p.category_ids[0]}}`}::int[] AND p.status = 'publish'`,
      ],
      [
        `category=${p.category_ids[0]}&q=tile&sort=id-asc`,
        sql`p.category_ids @> ${`{${p.category_ids[0]}}`}::int[] AND p.name ILIKE '%tile%'`,
      ],
    ] as const) {
      const search = new URLSearchParams(params);
      const order = search.get('sort') === 'id-asc' ? 'ASC' : 'DESC';
      const page = Number(search.get('page') ?? 1);
      expect(await listed(params), params).toEqual(await expected(where, order, page));
    }
  });

  it('answers bad paging or sort with 400', async () => {
    expect((await manager.call('GET', '/api/admin/products?per_page=500')).status).toBe(400);
    expect((await manager.call('GET', '/api/admin/products?page=0')).status).toBe(400);
    expect((await manager.call('GET', '/api/admin/products?sort=colour')).status).toBe(400);
  });
});

describe('the product editor', () => {
  it('refuses bad input with the field message and stores nothing', async () => {
    const before = await load();
    const bad = await manager.call('PUT', `/api/admin/products/${product.id}`, {
      ...productEditValues(before),
      name: '  ',
      slug: 'Not A Slug',
      status: 'withdrawn',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      name: CATALOGUE_MESSAGES.nameRequired,
      slug: CATALOGUE_MESSAGES.slugInvalid,
      status: CATALOGUE_MESSAGES.statusRequired,
    });
    const [other] = await queryRows<{ slug: string }>(
      t.app.services.db,
      sql`SELECT slug FROM products WHERE id <> ${product.id} ORDER BY id LIMIT 1`,
    );
    const taken = await manager.call('PUT', `/api/admin/products/${product.id}`, {
      ...productEditValues(before),
      slug: other!.slug,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ slug: CATALOGUE_MESSAGES.slugTaken });
    const unknown = await manager.call('PUT', `/api/admin/products/${product.id}`, {
      ...productEditValues(before),
      category_ids: [999_999],
    });
    expect(unknown.body.fields).toEqual({ category_ids: CATALOGUE_MESSAGES.unknownCategory });
    expect(await load()).toEqual(before);
  });

  it('saves the fields, keeps a redirect from the old slug and serves the change at once', async () => {
    const before = await load();
    const storefront = await t.app.inject({ url: `/api/products/slug/${before.slug}` });
    expect(storefront.statusCode).toBe(200);
    const terms = before.term_ids.slice(0, -1);
    const saved = await manager.call('PUT', `/api/admin/products/${product.id}`, {
      ...productEditValues(before),
      name: `${before.name} Honed`,
      slug: `${before.slug}-honed`,
      featured: !before.featured,
      term_ids: terms,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: `${before.name} Honed`,
      slug: `${before.slug}-honed`,
      featured: !before.featured,
      term_ids: terms,
    });
    const [redirect] = await queryRows<{ product_id: number }>(
      t.app.services.db,
      sql`SELECT product_id FROM product_slug_redirects WHERE old_slug = ${before.slug}`,
    );
    expect(redirect!.product_id).toBe(product.id);
    const [arrays] = await queryRows<{ term_ids: number[] }>(
      t.app.services.db,
      sql`SELECT term_ids FROM products WHERE id = ${product.id}`,
    );
    expect(arrays!.term_ids.map(Number)).toEqual(terms);
    const old = await t.app.inject({ url: `/api/products/slug/${before.slug}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/products/slug/${before.slug}-honed`);
    const renamed = await t.app.inject({ url: `/api/products/slug/${before.slug}-honed` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe(`${before.name} Honed`);
    const audited = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'product.save'`,
    );
    expect(audited[0]!.n).toBe(1);
    // Back as it was, for the tests that follow.
    await owner.call('PUT', `/api/admin/products/${product.id}`, await restored(before));
    product.slug = before.slug;
  });

  it('sanitises the description as CMS HTML before the storefront serves it', async () => {
    const before = await load();
    const saved = await manager.call('PUT', `/api/admin/products/${product.id}`, {
      ...productEditValues(before),
      description: '<p onclick="steal()">Honed finish</p><script>steal()</script>',
    });
    expect(saved.status).toBe(200);
    const served = await t.app.inject({ url: `/api/products/slug/${before.slug}` });
    const description: string = served.json().data.description;
    expect(description).toContain('Honed finish');
    expect(description).not.toMatch(/script|onclick|steal/);
    await owner.call('PUT', `/api/admin/products/${product.id}`, await restored(before));
  });

  it('answers 404 for an unknown product', async () => {
    expect((await manager.call('GET', '/api/admin/products/999999')).status).toBe(404);
  });
});

describe('adding a product', () => {
  const productCount = async () =>
    (
      await queryRows<{ n: number }>(
        t.app.services.db,
        sql`SELECT count(*)::int AS n FROM products`,
      )
    )[0]!.n;

  it('refuses a missing name or a bad slug with the field message and stores nothing', async () => {
    const before = await productCount();
    const nameless = await manager.call('POST', '/api/admin/products', { name: '  ' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields).toEqual({ name: CATALOGUE_MESSAGES.nameRequired });
    const badSlug = await manager.call('POST', '/api/admin/products', {
      name: 'Nero Marquina',
      slug: 'Nero Marquina',
    });
    expect(badSlug.status).toBe(400);
    expect(badSlug.body.fields).toEqual({ slug: CATALOGUE_MESSAGES.slugInvalid });
    const taken = await manager.call('POST', '/api/admin/products', {
      name: 'Another',
      slug: product.slug,
    });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ slug: CATALOGUE_MESSAGES.slugTaken });
    expect(await productCount()).toBe(before);
  });

  it('creates a draft the shop does not show until it has a size and is published', async () => {
    const created = await manager.call('POST', '/api/admin/products', {
      name: 'Nero Marquina Marble Tiles',
    });
    expect(created.status).toBe(201);
    const draft: AdminProductJson = created.body.data;
    expect(draft).toMatchObject({
      name: 'Nero Marquina Marble Tiles',
      slug: 'nero-marquina-marble-tiles',
      status: 'draft',
      variations: [],
      category_ids: [],
    });
    const listed = await manager.call('GET', '/api/admin/products?q=nero%20marquina&status=draft');
    expect(listed.body.data.map((r: { id: number }) => r.id)).toEqual([draft.id]);
    const [audited] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log
        WHERE action = 'product.create' AND entity_id = ${String(draft.id)}`,
    );
    expect(audited!.n).toBe(1);
    const url = `/api/products/slug/${draft.slug}`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const again = await manager.call('POST', '/api/admin/products', {
      name: 'Nero Marquina Marble Tiles',
    });
    expect(again.body.fields).toEqual({ slug: CATALOGUE_MESSAGES.slugTaken });

    const bulk = { ids: [draft.id], action: 'publish' };
    const preview = await manager.call('POST', '/api/admin/products/bulk/preview', bulk);
    expect(preview.body.data).toMatchObject({ changes: 0, skipped: 1 });
    const applied = await manager.call('POST', '/api/admin/products/bulk', bulk);
    expect(applied.body.data).toMatchObject({ changes: 0, skipped: 1 });
    expect((await t.app.inject({ url })).statusCode).toBe(404);

    const publish = async () => ({ ...(await restored(draft)), status: 'publish' });
    const sizeless = await manager.call('PUT', `/api/admin/products/${draft.id}`, await publish());
    expect(sizeless.status).toBe(400);
    expect(sizeless.body.fields).toEqual({ status: CATALOGUE_MESSAGES.publishWithoutSizes });
    expect((await t.app.inject({ url })).statusCode).toBe(404);

    const sized = await manager.call('PUT', `/api/admin/products/${draft.id}/variations`, {
      variations: [{ option: '600x400x20', sku: '', price: '64.50', sale_price: '', stock: '30' }],
    });
    expect(sized.status).toBe(200);
    expect(
      (await manager.call('PUT', `/api/admin/products/${draft.id}`, await publish())).status,
    ).toBe(200);
    const shown = await t.app.inject({ url });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ name: 'Nero Marquina Marble Tiles', price: '64.50' });
  });
});

describe('the variations grid', () => {
  it('refuses bad rows with each field message and stores nothing', async () => {
    const before = await load();
    const grid = variationsGridValues(before);
    grid.variations[0] = { ...grid.variations[0]!, price: 'abc' };
    grid.variations[1] = { ...grid.variations[1]!, stock: '-3', sale_price: '999999' };
    const bad = await manager.call('PUT', `/api/admin/products/${product.id}/variations`, grid);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'variations.0.price': CATALOGUE_MESSAGES.priceInvalid,
      'variations.1.stock': CATALOGUE_MESSAGES.stockInvalid,
    });
    expect(await load()).toEqual(before);
  });

  it('saves a price and the storefront serves it at once; order pricing reads it too', async () => {
    const before = await load();
    const sizeIndex = before.variations.findIndex((v) => v.price_unit === 'm2');
    const size = before.variations[sizeIndex]!;
    // Warm the storefront's caches first.
    await t.app.inject({ url: `/api/products/slug/${product.slug}` });
    await t.app.inject({ url: `/api/product/${product.id}/variations` });
    const grid = variationsGridValues(before);
    grid.variations[sizeIndex] = {
      ...grid.variations[sizeIndex]!,
      price: '1.23',
      sale_price: '',
      stock: '40',
    };
    const saved = await manager.call('PUT', `/api/admin/products/${product.id}/variations`, grid);
    expect(saved.status).toBe(200);
    expect(saved.body.data.variations[sizeIndex]).toMatchObject({ price: '1.23', stock: 40 });
    const variations = (
      await t.app.inject({ url: `/api/product/${product.id}/variations` })
    ).json();
    expect(variations.find((v: { id: number }) => v.id === size.id)).toMatchObject({
      price: '1.23',
      stock_quantity: 40,
    });
    const page = (await t.app.inject({ url: `/api/products/slug/${product.slug}` })).json();
    expect(page.data.price).toBe('1.23');
    const [stored] = await queryRows<{ price_pence: number }>(
      t.app.services.db,
      sql`SELECT price_pence FROM products WHERE id = ${product.id}`,
    );
    expect(stored!.price_pence).toBe(123);
    await owner.call(
      'PUT',
      `/api/admin/products/${product.id}/variations`,
      await restoredGrid(before),
    );
  });

  it('adds, reorders and deletes rows; a sale price keeps the regular price', async () => {
    const before = await load();
    const grid = variationsGridValues(before);
    const added = {
      option: '300x300x10',
      sku: 'TEST-300',
      price: '20.00',
      sale_price: '15.50',
      stock: '12',
    };
    const saved = await owner.call('PUT', `/api/admin/products/${product.id}/variations`, {
      variations: [...grid.variations.slice(1), added],
    });
    expect(saved.status).toBe(200);
    const rows = saved.body.data.variations;
    expect(rows).toHaveLength(grid.variations.length);
    expect(rows.at(-1)).toMatchObject({
      option: '300x300x10',
      price: '20.00',
      sale_price: '15.50',
      stock: 12,
    });
    const again = await owner.call('PUT', `/api/admin/products/${product.id}/variations`, {
      variations: [...grid.variations.slice(1), { ...added, option: '600x600x20' }, added],
    });
    expect(again.status).toBe(400);
    expect(again.body.fields[`variations.${grid.variations.length}.sku`]).toBe(
      CATALOGUE_MESSAGES.skuTaken,
    );
  });
});
