import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '#db/client.ts';
import { productEditValues, type AdminProductJson } from '#domain/admin-catalogue.ts';
import { sanitiseCmsHtml } from '#server/services/content/sanitise.ts';
import { runImport } from '#tests/setup/import-jobs.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The seeded shop, with products made in the back office, exported over HTTP and imported into
// an empty shop, which fetches the uploaded images from the first.
let source: TestApp;
let target: TestApp;
let sourceOwner: StaffBrowser;
let targetOwner: StaffBrowser;
let sourceOrigin: string;

beforeAll(async () => {
  // One after the other: two shops starting at once on a busy machine start slowly.
  source = await createTestApp();
  target = await createTestApp({ seed: false });
  ({ owner: sourceOwner } = await staffOfEveryRole(source.app));
  ({ owner: targetOwner } = await staffOfEveryRole(target.app));
  await source.app.listen({ port: 0, host: '127.0.0.1' });
  sourceOrigin = `http://127.0.0.1:${(source.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

/** Names a spreadsheet would run as formulas, had the export not neutralised them. */
const FORMULA_NAMES = [
  '=SUM(A1:A9) Marble',
  '-Grey Slate Offcut',
  '+44 Travertine',
  '@Home Sealer',
];

async function call(
  who: StaffBrowser,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown,
  status = 200,
) {
  const answer = await who.call(method, url, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body.data;
}

/** A product made in the back office: named, sized, priced, with a unit, categories and an image. */
async function backOfficeProduct(name: string, index: number): Promise<AdminProductJson> {
  const created = (await call(
    sourceOwner,
    'POST',
    '/api/admin/products',
    { name },
    201,
  )) as AdminProductJson;
  const { data: taxonomy } = (await sourceOwner.call('GET', '/api/admin/products/taxonomy')).body;
  await call(sourceOwner, 'PUT', `/api/admin/products/${created.id}/variations`, {
    variations: [
      {
        option: '600x400x20',
        sku: '',
        price: `${40 + index}.50`,
        sale_price: '',
        stock: '17',
        // A size cut to the customer's measurements keeps its flag through export and import.
        made_to_order: index === 0,
      },
      { option: 'Free Sample', sku: '', price: '0', sale_price: '', stock: '' },
    ],
  });
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: `#8a7f${70 + index * 4}` },
  })
    .png()
    .toBuffer();
  const uploaded = await source.app.inject({
    method: 'POST',
    url: `/api/admin/products/${created.id}/images?alt=${encodeURIComponent(`${name}, laid`)}`,
    headers: { cookie: sourceOwner.cookie, 'content-type': 'image/png' },
    payload: png,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const product = uploaded.json().data as AdminProductJson;
  return (await call(sourceOwner, 'PUT', `/api/admin/products/${created.id}`, {
    ...productEditValues(product),
    status: 'publish',
    unit: index % 2 ? 'litre' : 'piece',
    short_description: `${name}: made in the back office`,
    category_ids: [taxonomy.categories[index]!.id],
    term_ids: [taxonomy.terms[index]!.id],
  })) as AdminProductJson;
}

/** Everything a shopper sees of a catalogue, by SKU and slug rather than generated ids. */
async function snapshot(db: Database) {
  const [products, sizes] = await Promise.all([
    queryRows<Record<string, unknown> & { description: string; images: string[] }>(
      db,
      sql`SELECT p.sku, p.slug, p.name, p.type, p.status, p.unit, p.featured, p.on_sale,
          p.is_new_arrival, p.short_description, p.description, p.price_pence,
          p.regular_price_pence,
          ARRAY(SELECT c.section || '/' || c.slug || '/' || c.name FROM product_categories pc
            JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id ORDER BY 1)
            AS categories,
          ARRAY(SELECT a.slug || '/' || tt.slug || '/' || tt.name FROM product_terms pt
            JOIN attribute_terms tt ON tt.id = pt.term_id JOIN attributes a ON a.id = tt.attribute_id
            WHERE pt.product_id = p.id ORDER BY 1) AS terms,
          ARRAY(SELECT CASE WHEN i.src LIKE '/media/upload/%' THEN 'uploaded' ELSE i.src END
              || ' | ' || i.alt
            FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id) AS images
        FROM products p ORDER BY p.sku`,
    ),
    queryRows(
      db,
      sql`SELECT p.sku AS product, v.option, v.sku, v.price_pence, v.regular_price_pence,
          v.stock_quantity, v.in_stock, v.position, v.made_to_order
        FROM variations v JOIN products p ON p.id = v.product_id ORDER BY p.sku, v.position`,
    ),
  ]);
  // Descriptions as the shop serves them: every save sanitises its HTML.
  for (const product of products) product.description = sanitiseCmsHtml(product.description);
  return { products, sizes };
}

const importToTarget = (csv: string) => runImport(target.app, targetOwner, csv);

describe('export → empty shop → import', () => {
  let made: AdminProductJson[];
  let csv: string;

  it('gives products made in the back office a SKU from their slug, unique', async () => {
    made = [];
    for (const [index, name] of FORMULA_NAMES.entries()) {
      made.push(await backOfficeProduct(name, index));
    }
    expect(made.map((p) => [p.name, p.slug, p.sku, p.unit])).toEqual([
      ['=SUM(A1:A9) Marble', 'sum-a1-a9-marble', 'SUM-A1-A9-MARBLE', 'piece'],
      ['-Grey Slate Offcut', 'grey-slate-offcut', 'GREY-SLATE-OFFCUT', 'litre'],
      ['+44 Travertine', '44-travertine', '44-TRAVERTINE', 'piece'],
      ['@Home Sealer', 'home-sealer', 'HOME-SEALER', 'litre'],
    ]);
    // A SKU another product holds is refused; an empty one is made from the slug again.
    const clash = await sourceOwner.call('PUT', `/api/admin/products/${made[0]!.id}`, {
      ...productEditValues(made[0]!),
      sku: made[1]!.sku,
    });
    expect(clash.status).toBe(400);
    expect(clash.body.fields).toEqual({ sku: 'Another product or size already uses this SKU' });
    const emptied = await call(sourceOwner, 'PUT', `/api/admin/products/${made[0]!.id}`, {
      ...productEditValues(made[0]!),
      sku: '',
    });
    expect(emptied.sku).toBe('SUM-A1-A9-MARBLE');
  });

  it('a renamed category leads from its old slug, on the API and in the import', async () => {
    const { data: taxonomy } = (await sourceOwner.call('GET', '/api/admin/products/taxonomy')).body;
    const slate = taxonomy.categories.find((c: { slug: string }) => c.slug === 'slate-tiles');
    await call(sourceOwner, 'PUT', `/api/admin/categories/${slate.id}`, {
      ...slate,
      slug: 'welsh-slate-tiles',
    });
    const old = await source.app.inject({
      url: '/api/products/by-category?category=slate-tiles&per_page=12',
    });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(
      '/api/products/by-category?category=welsh-slate-tiles&per_page=12',
    );
    expect(old.json()).toMatchObject({ code: 'moved_permanently', slug: 'welsh-slate-tiles' });
    const listed = await source.app.inject({ url: '/api/products?category=slate-tiles' });
    expect(listed.statusCode).toBe(301);
    expect(listed.headers.location).toBe('/api/products?category=welsh-slate-tiles');
    const renamed = await source.app.inject({
      url: '/api/products/by-category?category=welsh-slate-tiles',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().meta.total_products).toBeGreaterThan(0);
    // A slug that never was a category's is still an empty listing, not a redirect.
    const unknown = await source.app.inject({ url: '/api/products/by-category?category=nope' });
    expect(unknown.statusCode).toBe(200);
  });

  it('exports cells a spreadsheet would run as formulas with a quote in front', async () => {
    const answer = await fetch(`${sourceOrigin}/api/admin/exports/products.csv`, {
      headers: { cookie: sourceOwner.cookie },
    });
    expect(answer.status).toBe(200);
    csv = await answer.text();
    for (const name of FORMULA_NAMES) expect(csv).toContain(`,'${name},`);
    expect(csv).not.toMatch(/(^|,)[=+\-@]/m);
  });

  it('imports into an empty shop every product, size, price, stock, category, term and image', async () => {
    const before = await snapshot(source.app.services.db);
    const job = await importToTarget(csv);
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'finished', updated: 0, skipped: 0 });
    expect(job.created).toBe(job.total_rows);
    const after = await snapshot(target.app.services.db);
    expect(after.products).toEqual(before.products);
    expect(after.sizes).toEqual(before.sizes);
    expect(
      before.sizes.filter((size) => (size as { made_to_order: boolean }).made_to_order),
    ).toHaveLength(1);
    const images = before.products.flatMap((p) => p.images);
    console.info(
      `round trip: ${before.products.length} products, ${before.sizes.length} sizes, ` +
        `${images.length} images (${images.filter((i) => i.startsWith('uploaded')).length} fetched)`,
    );
    expect(before.products.length).toBeGreaterThan(250);
    // The fetched images are served by the new shop, at every width.
    const [uploaded] = await queryRows<{ src: string }>(
      target.app.services.db,
      sql`SELECT src FROM product_images WHERE src LIKE '/media/upload/%' ORDER BY id LIMIT 1`,
    );
    for (const width of [320, 1280]) {
      const served = await target.app.inject({
        url: uploaded!.src.replace('-640.', `-${width}.`),
      });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
    }
  });

  it('imports the same file again without change, and without fetching an image again', async () => {
    const storedImages = async () =>
      (
        await queryRows<{ n: number }>(
          target.app.services.db,
          sql`SELECT count(*)::int AS n FROM uploaded_images`,
        )
      )[0]!.n;
    const storedBefore = await storedImages();
    const job = await importToTarget(csv);
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ created: 0, updated: 0 });
    expect(job.skipped).toBe(job.total_rows);
    expect(await storedImages()).toBe(storedBefore);
    expect(storedBefore).toBe(FORMULA_NAMES.length);
  });
});
