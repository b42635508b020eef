import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { queryRows } from '#db/client.ts';
import { CATALOGUE_MESSAGES } from '#domain/admin-catalogue.ts';
import { JOB_MESSAGES, JOB_SILENT_MS, type AdminJobJson } from '#domain/admin-jobs.ts';
import { IMPORT_MESSAGES } from '#domain/woocommerce-csv.ts';
import { sanitiseCmsHtml } from '#server/services/content/sanitise.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

const HEADERS = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Is featured?',
  'Short description',
  'Description',
  'Regular price',
  'Sale price',
  'Categories',
  'Images',
  'Parent',
  'In stock?',
  'Stock',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
  'Attribute 2 name',
  'Attribute 2 value(s)',
  'Attribute 2 visible',
  'Attribute 2 global',
  'Attribute 3 name',
  'Attribute 3 value(s)',
  'Attribute 3 visible',
  'Attribute 3 global',
];

type Row = Record<string, string>;

/** A CSV of rows keyed by header, with the headers in the order given. */
const csvOf = (rows: Row[], headers = HEADERS, bom = false) =>
  (bom ? '\uFEFF' : '') + stringify([headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))]);

/** A variable product of WooCommerce's exporter with two sizes and a free sample. */
const wooProduct = (sku: string, name: string, id: string): Row[] => [
  {
    ID: id,
    Type: 'variable',
    SKU: sku,
    Name: name,
    Published: '1',
    'Is featured?': '0',
    'Short description': `${name}, honed`,
    Description: `<p>${name} from the quarry.</p>`,
    Categories: 'Stone Collection > Imported Stone, Stone Collection > Marble Tiles',
    Images: `https://old-shop.example/wp-content/uploads/${sku}.jpg`,
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': '600x400x20, 300x300x10, Free Sample',
    'Attribute 1 visible': '1',
    'Attribute 2 name': 'Material',
    'Attribute 2 value(s)': 'Marble',
    'Attribute 2 global': '1',
    'Attribute 3 name': 'Colour',
    'Attribute 3 value(s)': 'White, Sea Foam',
    'Attribute 3 global': '1',
  },
  {
    Type: 'variation',
    SKU: `${sku}-600`,
    Name: `${name} - 600x400x20`,
    Parent: sku,
    'Regular price': '1,234.56',
    'Sale price': '999.9',
    Stock: '40',
    'In stock?': '1',
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': '600x400x20',
  },
  {
    Type: 'variation',
    SKU: `${sku}-300`,
    Parent: `id:${id}`,
    'Regular price': '12.5',
    Stock: '',
    'In stock?': '0',
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': '300x300x10',
  },
  {
    Type: 'variation',
    SKU: `${sku}-FS`,
    Parent: sku,
    'Regular price': '0',
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': 'Free Sample',
  },
];

async function upload(
  who: StaffBrowser,
  csv: string,
  query = '',
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/imports${query}`,
    headers: { cookie: who.cookie, 'content-type': 'text/csv', ...headers },
    payload: csv,
  });
}

/** Uploads a file and waits for its job to stop; answers the job. */
async function runImport(csv: string, dryRun = false): Promise<AdminJobJson> {
  const answer = await upload(manager, csv, `?dry_run=${dryRun}&file_name=shop.csv`);
  expect(answer.statusCode, answer.body).toBe(202);
  const queued = answer.json().data as AdminJobJson;
  expect(queued).toMatchObject({ status: 'queued', dry_run: dryRun, file_name: 'shop.csv' });
  for (;;) {
    const job = (await manager.call('GET', `/api/admin/jobs/${queued.id}`)).body.data;
    if (job.status === 'finished' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const errorsOf = (job: AdminJobJson) =>
  job.errors.filter((e) => e.severity === 'error').map((e) => [e.row, e.sku, e.field, e.message]);

async function variationsOf(productSku: string) {
  return queryRows<{
    sku: string;
    option: string;
    price_pence: number;
    regular_price_pence: number | null;
    stock_quantity: number | null;
    position: number;
  }>(
    t.app.services.db,
    sql`SELECT v.sku, v.option, v.price_pence, v.regular_price_pence, v.stock_quantity, v.position
      FROM variations v JOIN products p ON p.id = v.product_id
      WHERE p.sku = ${productSku} ORDER BY v.position`,
  );
}

/** Everything a shopper sees of the catalogue, by SKU and slug rather than generated ids. */
async function catalogueSnapshot() {
  const db = t.app.services.db;
  const [products, variations, categories, terms] = await Promise.all([
    queryRows(
      db,
      sql`SELECT p.sku, p.slug, p.name, p.type, p.status, p.featured, p.on_sale, p.is_new_arrival,
          p.short_description, p.description, p.price_pence, p.regular_price_pence,
          ARRAY(SELECT c.section || '/' || c.slug || '/' || c.name FROM product_categories pc
            JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id ORDER BY 1) AS categories,
          ARRAY(SELECT a.slug || '/' || tt.slug || '/' || tt.name FROM product_terms pt
            JOIN attribute_terms tt ON tt.id = pt.term_id JOIN attributes a ON a.id = tt.attribute_id
            WHERE pt.product_id = p.id ORDER BY 1) AS terms,
          ARRAY(SELECT src FROM product_images i WHERE i.product_id = p.id ORDER BY position, id) AS images,
          p.category_ids = ARRAY(SELECT category_id FROM product_categories WHERE product_id = p.id ORDER BY 1) AS arrays_fresh
        FROM products p ORDER BY p.sku`,
    ),
    queryRows(
      db,
      sql`SELECT p.sku AS product, v.option, v.sku, v.price_pence, v.regular_price_pence,
          v.stock_quantity, v.in_stock, v.position
        FROM variations v JOIN products p ON p.id = v.product_id ORDER BY p.sku, v.position`,
    ),
    queryRows(
      db,
      sql`SELECT DISTINCT c.slug, c.name, c.section FROM categories c
        JOIN product_categories pc ON pc.category_id = c.id ORDER BY c.slug`,
    ),
    queryRows(
      db,
      sql`SELECT DISTINCT tt.attribute_id, tt.slug, tt.name FROM attribute_terms tt
        JOIN product_terms pt ON pt.term_id = tt.id ORDER BY 1, 2`,
    ),
  ]);
  // Descriptions are compared as the shop serves them: every save sanitises its HTML.
  for (const product of products as { description: string }[]) {
    product.description = sanitiseCmsHtml(product.description);
  }
  return { products, variations, categories, terms };
}

async function exportCsv(who: StaffBrowser = manager): Promise<string> {
  const answer = await who.call('GET', '/api/admin/exports/products.csv');
  expect(answer.status).toBe(200);
  expect(answer.response.headers['content-type']).toContain('text/csv');
  return answer.response.body;
}

describe('who may import and export', () => {
  const routes: ['GET' | 'POST', string][] = [
    ['POST', '/api/admin/imports'],
    ['GET', '/api/admin/jobs/1'],
    ['GET', '/api/admin/jobs/1/errors.csv'],
    ['GET', '/api/admin/exports/products.csv'],
  ];

  it('refuses an editor (403), and a customer, a forged cookie or nobody (401)', async () => {
    const customer = new ApiShopper(t.app);
    await customer.call('POST', '/api/auth/register', {
      email: 'importer@tessera.test',
      password: 'granite-setts-9',
    });
    const forged = 'tessera_staff=forged-token-0123456789abcdef';
    for (const [method, url] of routes) {
      const send = (cookie: string) =>
        t.app.inject({
          method,
          url,
          headers: { cookie, ...(method === 'POST' ? { 'content-type': 'text/csv' } : {}) },
          ...(method === 'POST' ? { payload: csvOf([]) } : {}),
        });
      expect((await send(editor.cookie)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(customer.cookie)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(forged)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send('')).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses an import sent from another origin, and a body that is not CSV', async () => {
    const crossSite = await upload(owner, csvOf([]), '', { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports',
      headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(form.statusCode).toBe(415);
    const empty = await upload(owner, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(JOB_MESSAGES.empty);
    expect((await owner.call('GET', '/api/admin/jobs/999999')).status).toBe(404);
    expect((await owner.call('GET', '/api/admin/jobs/abc')).status).toBe(400);
  });
});

describe('importing a WooCommerce CSV', () => {
  const file = csvOf([
    ...wooProduct('WOO-ONYX', 'Honey Onyx Tiles', '9001'),
    ...wooProduct('WOO-SLATE', 'Welsh Slate Tiles', '9002'),
  ]);

  it('a dry run counts what would change and writes nothing', async () => {
    const before = await catalogueSnapshot();
    const job = await runImport(file, true);
    expect(job).toMatchObject({
      status: 'finished',
      total_rows: 8,
      processed_rows: 8,
      created: 8,
      updated: 0,
      skipped: 0,
    });
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it('imports variable products with their sizes, which the storefront shows at once', async () => {
    // The storefront caches the listing: it must drop it when the import finishes.
    const listed = await t.app.inject({
      url: '/api/products/by-category?category=imported-stone',
    });
    expect(listed.json().data ?? []).toEqual([]);
    const job = await runImport(file);
    expect(job).toMatchObject({ status: 'finished', created: 8, updated: 0, skipped: 0 });
    expect(errorsOf(job)).toEqual([]);
    // Other sites' images are fetched: these hosts do not exist, which each row reports.
    const images = job.errors.filter((e) => e.field === 'Images');
    expect(images.map((e) => e.severity)).toEqual(['warning', 'warning']);
    expect(images[0]!.message).toMatch(
      /^Not imported: the image could not be fetched \(.+\); upload it in the product editor: https:\/\/old-shop\.example\//,
    );

    const page = await t.app.inject({ url: '/api/products/slug/honey-onyx-tiles' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Honey Onyx Tiles');
    const listing = await t.app.inject({
      url: '/api/products/by-category?category=imported-stone',
    });
    expect(listing.statusCode).toBe(200);
    expect(
      listing
        .json()
        .data.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Honey Onyx Tiles', 'Welsh Slate Tiles']);
    // The new colour term is filterable.
    const terms = await t.app.inject({ url: '/api/attribute/8/terms' });
    expect(terms.body).toContain('Sea Foam');

    expect(await variationsOf('WOO-ONYX')).toEqual([
      {
        sku: 'WOO-ONYX-600',
        option: '600x400x20',
        price_pence: 99990,
        regular_price_pence: 123456,
        stock_quantity: 40,
        position: 0,
      },
      {
        sku: 'WOO-ONYX-300',
        option: '300x300x10',
        price_pence: 1250,
        regular_price_pence: null,
        stock_quantity: 0,
        position: 1,
      },
      {
        sku: 'WOO-ONYX-FS',
        option: 'Free Sample',
        price_pence: 0,
        regular_price_pence: null,
        stock_quantity: null,
        position: 2,
      },
    ]);
    const [product] = await queryRows<{ price_pence: number; status: string }>(
      t.app.services.db,
      sql`SELECT price_pence, status FROM products WHERE sku = 'WOO-ONYX'`,
    );
    expect(product).toEqual({ price_pence: 1250, status: 'publish' });
    const [audited] = await queryRows<{ action: string; actor: string }>(
      t.app.services.db,
      sql`SELECT action, actor FROM audit_log WHERE entity_id = ${String(job.id)} AND entity = 'admin_job'`,
    );
    expect(audited).toEqual({ action: 'catalogue.import', actor: manager.email });
  });

  it('re-running the same file creates nothing and skips every row', async () => {
    const before = await catalogueSnapshot();
    const job = await runImport(file);
    expect(job).toMatchObject({ status: 'finished', created: 0, updated: 0, skipped: 8 });
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it('updates a changed price exactly and counts only that row as updated', async () => {
    const rows = wooProduct('WOO-ONYX', 'Honey Onyx Tiles', '9001');
    rows[2]!['Regular price'] = '12.51';
    const job = await runImport(csvOf(rows));
    expect(job).toMatchObject({ created: 0, updated: 1, skipped: 3 });
    expect((await variationsOf('WOO-ONYX'))[1]!.price_pence).toBe(1251);
  });

  it('reports bad rows with their field and message, and imports the good ones', async () => {
    const good = wooProduct('WOO-TRAV', 'Silver Travertine', '9003');
    const job = await runImport(
      csvOf([
        ...good,
        {
          Type: 'variation',
          SKU: 'WOO-TRAV-X',
          Parent: 'WOO-TRAV',
          'Regular price': '12.345',
          'Attribute 1 name': 'Sizemm',
          'Attribute 1 value(s)': '100x100',
        },
        {
          Type: 'variation',
          SKU: 'ORPHAN-1',
          Parent: 'NO-SUCH',
          'Regular price': '5',
          'Attribute 1 name': 'Sizemm',
          'Attribute 1 value(s)': '100x100',
        },
        { Type: 'variable', SKU: '', Name: 'No SKU' },
        { Type: 'bundle', SKU: 'B-1', Name: 'Bundle' },
        {
          Type: 'variation',
          SKU: 'WOO-TRAV-Y',
          Parent: 'WOO-TRAV',
          'Regular price': '10',
          'Sale price': '11',
          Stock: 'many',
          'Attribute 1 name': 'Sizemm',
          'Attribute 1 value(s)': '200x200',
        },
      ]),
    );
    expect(job.status).toBe('finished');
    expect(errorsOf(job)).toEqual([
      [6, 'WOO-TRAV-X', 'Regular price', IMPORT_MESSAGES.priceInvalid],
      [7, 'ORPHAN-1', 'Parent', IMPORT_MESSAGES.parentUnknown],
      [8, '', 'SKU', IMPORT_MESSAGES.skuRequired],
      [9, 'B-1', 'Type', IMPORT_MESSAGES.typeInvalid],
      [10, 'WOO-TRAV-Y', 'Stock', IMPORT_MESSAGES.stockInvalid],
    ]);
    expect(job).toMatchObject({ total_rows: 9, processed_rows: 9, created: 4 });
    expect((await variationsOf('WOO-TRAV')).map((v) => v.sku)).toEqual([
      'WOO-TRAV-600',
      'WOO-TRAV-300',
      'WOO-TRAV-FS',
    ]);
    const report = await manager.call('GET', `/api/admin/jobs/${job.id}/errors.csv`);
    expect(report.status).toBe(200);
    expect(report.response.body.split('\n')[0]).toBe('Row,SKU,Field,Message,Severity');
    expect(report.response.body).toContain(
      `6,WOO-TRAV-X,Regular price,"${IMPORT_MESSAGES.priceInvalid}",error`,
    );
  });

  it('reads headers in any order, with a BOM, and ignores columns it does not know', async () => {
    const headers = [
      'Attribute 1 value(s)',
      'Regular price',
      'Meta: _wpcom_is_markdown',
      'Parent',
      'sku',
      'TYPE',
      'Name',
      'Attribute 1 name',
      'Categories',
    ];
    const job = await runImport(
      csvOf(
        [
          {
            TYPE: 'variable',
            sku: 'WOO-BASALT',
            Name: 'Basalt Setts',
            Categories: 'Setts',
            'Meta: _wpcom_is_markdown': '1',
          },
          {
            TYPE: 'variation',
            sku: 'WOO-BASALT-1',
            Parent: 'WOO-BASALT',
            'Regular price': '49',
            'Attribute 1 name': 'Sizemm',
            'Attribute 1 value(s)': '100x100x50',
          },
        ],
        headers,
        true,
      ),
    );
    expect(errorsOf(job)).toEqual([]);
    expect(job).toMatchObject({ created: 2 });
    expect(await variationsOf('WOO-BASALT')).toEqual([
      {
        sku: 'WOO-BASALT-1',
        option: '100x100x50',
        price_pence: 4900,
        regular_price_pence: null,
        stock_quantity: null,
        position: 0,
      },
    ]);
  });

  it('fails a file without the SKU or Type column, saying which', async () => {
    const job = await runImport(csvOf([{ Name: 'x' }], ['Name', 'Price']));
    expect(job.status).toBe('failed');
    expect(errorsOf(job)).toEqual([
      [1, '', 'file', IMPORT_MESSAGES.missingColumns(['Type', 'SKU'])],
    ]);
  });

  it('reports a job whose server stopped mid-way as failed; a live one keeps running', async () => {
    const jobWithHeartbeat = async (secondsAgo: number) => {
      const [row] = await queryRows<{ id: number }>(
        t.app.services.db,
        sql`INSERT INTO admin_jobs (kind, status, file_name, total_rows, processed_rows, heartbeat_at)
          VALUES ('product_import', 'running', 'big.csv', 5000, 1500,
            now() - make_interval(secs => ${secondsAgo}))
          RETURNING id`,
      );
      return (await manager.call('GET', `/api/admin/jobs/${row!.id}`)).body.data as AdminJobJson;
    };
    const silent = await jobWithHeartbeat(JOB_SILENT_MS / 1000 + 60);
    expect(silent).toMatchObject({ status: 'failed', processed_rows: 1500 });
    expect(errorsOf(silent)).toEqual([[1, '', 'file', JOB_MESSAGES.interrupted]]);
    expect(silent.finished_at).not.toBeNull();
    const live = await jobWithHeartbeat(5);
    expect(live).toMatchObject({ status: 'running', finished_at: null, errors: [] });
  });

  it('refuses a SKU that a size of another product already has', async () => {
    const job = await runImport(
      csvOf([{ Type: 'simple', SKU: 'WOO-ONYX-600', Name: 'Clash', 'Regular price': '1' }]),
    );
    expect(errorsOf(job)).toEqual([[2, 'WOO-ONYX-600', 'SKU', IMPORT_MESSAGES.skuOfVariation]]);
    expect(CATALOGUE_MESSAGES.skuTaken).toBeDefined();
  });
});

describe('export', () => {
  it('re-importing the export into the same catalogue changes nothing', async () => {
    const before = await catalogueSnapshot();
    const csv = await exportCsv();
    const job = await runImport(csv);
    expect(errorsOf(job)).toEqual([]);
    expect(job.created).toBe(0);
    expect(job.updated).toBe(0);
    expect(job.skipped).toBe(job.total_rows);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it('exporting then importing into an empty catalogue gives the same catalogue', async () => {
    const before = await catalogueSnapshot();
    const csv = await exportCsv(owner);
    await t.app.services.db.execute(
      sql`TRUNCATE products, categories, attributes, attribute_terms RESTART IDENTITY CASCADE`,
    );
    const emptied = await catalogueSnapshot();
    // A dry run on the empty shop checks every row and leaves it empty.
    const dry = await runImport(csv, true);
    expect(errorsOf(dry)).toEqual([]);
    expect(dry.created).toBe(dry.total_rows);
    expect(await catalogueSnapshot()).toEqual(emptied);
    const job = await runImport(csv);
    expect(errorsOf(job)).toEqual([]);
    expect(job).toMatchObject({ status: 'finished', updated: 0, skipped: 0 });
    expect(job.created).toBe(job.total_rows);
    expect(await catalogueSnapshot()).toEqual(before);
  });
});
