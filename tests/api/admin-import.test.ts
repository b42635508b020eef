import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { CATALOGUE_MESSAGES } from '#domain/admin-catalogue.ts';
import { JOB_MESSAGES, JOB_SILENT_MS, type AdminJobJson } from '#domain/admin-jobs.ts';
import { IMPORT_MESSAGES } from '#domain/woocommerce-csv.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { catalogueSnapshot, variationsOf } from '#tests/setup/catalogue-snapshot.ts';
import { runImport } from '#tests/setup/import-jobs.ts';
import { csvOf, wooProduct } from '#tests/factories/woocommerce-rows.ts';

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

/** Imports as the manager (a dry run when asked) and answers the job once it has stopped. */
const importCsv = async (csv: string, dryRun = false): Promise<AdminJobJson> => {
  const job = await runImport(t.app, manager, csv, `dry_run=${dryRun}&file_name=shop.csv`);
  expect(job).toMatchObject({ dry_run: dryRun, file_name: 'shop.csv' });
  return job;
};

const errorsOf = (job: AdminJobJson) =>
  job.errors.filter((e) => e.severity === 'error').map((e) => [e.row, e.sku, e.field, e.message]);

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
    const before = await catalogueSnapshot(t.app.services.db);
    const job = await importCsv(file, true);
    expect(job).toMatchObject({
      status: 'finished',
      total_rows: 8,
      processed_rows: 8,
      created: 8,
      updated: 0,
      skipped: 0,
    });
    expect(await catalogueSnapshot(t.app.services.db)).toEqual(before);
  });

  it('imports variable products with their sizes, which the storefront shows at once', async () => {
    // The storefront caches the listing: it must drop it when the import finishes.
    const listed = await t.app.inject({
      url: '/api/products/by-category?category=imported-stone',
    });
    expect(listed.json().data ?? []).toEqual([]);
    const job = await importCsv(file);
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

    expect(await variationsOf(t.app.services.db, 'WOO-ONYX')).toEqual([
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
    const before = await catalogueSnapshot(t.app.services.db);
    const job = await importCsv(file);
    expect(job).toMatchObject({ status: 'finished', created: 0, updated: 0, skipped: 8 });
    expect(await catalogueSnapshot(t.app.services.db)).toEqual(before);
  });

  it('updates a changed price exactly and counts only that row as updated', async () => {
    const rows = wooProduct('WOO-ONYX', 'Honey Onyx Tiles', '9001');
    rows[2]!['Regular price'] = '12.51';
    const job = await importCsv(csvOf(rows));
    expect(job).toMatchObject({ created: 0, updated: 1, skipped: 3 });
    expect((await variationsOf(t.app.services.db, 'WOO-ONYX'))[1]!.price_pence).toBe(1251);
  });

  it('reports bad rows with their field and message, and imports the good ones', async () => {
    const good = wooProduct('WOO-TRAV', 'Silver Travertine', '9003');
    const job = await importCsv(
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
    expect((await variationsOf(t.app.services.db, 'WOO-TRAV')).map((v) => v.sku)).toEqual([
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
    const job = await importCsv(
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
    expect(await variationsOf(t.app.services.db, 'WOO-BASALT')).toEqual([
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
    const job = await importCsv(csvOf([{ Name: 'x' }], ['Name', 'Price']));
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
    const job = await importCsv(
      csvOf([{ Type: 'simple', SKU: 'WOO-ONYX-600', Name: 'Clash', 'Regular price': '1' }]),
    );
    expect(errorsOf(job)).toEqual([[2, 'WOO-ONYX-600', 'SKU', IMPORT_MESSAGES.skuOfVariation]]);
    expect(CATALOGUE_MESSAGES.skuTaken).toBeDefined();
  });
});

describe('export', () => {
  it('re-importing the export into the same catalogue changes nothing', async () => {
    const before = await catalogueSnapshot(t.app.services.db);
    const csv = await exportCsv();
    const job = await importCsv(csv);
    expect(errorsOf(job)).toEqual([]);
    expect(job.created).toBe(0);
    expect(job.updated).toBe(0);
    expect(job.skipped).toBe(job.total_rows);
    expect(await catalogueSnapshot(t.app.services.db)).toEqual(before);
  });

  it('exporting then importing into an empty catalogue gives the same catalogue', async () => {
    const before = await catalogueSnapshot(t.app.services.db);
    const csv = await exportCsv(owner);
    await t.app.services.db.execute(
      sql`TRUNCATE products, categories, attributes, attribute_terms RESTART IDENTITY CASCADE`,
    );
    const emptied = await catalogueSnapshot(t.app.services.db);
    // A dry run on the empty shop checks every row and leaves it empty.
    const dry = await importCsv(csv, true);
    expect(errorsOf(dry)).toEqual([]);
    expect(dry.created).toBe(dry.total_rows);
    expect(await catalogueSnapshot(t.app.services.db)).toEqual(emptied);
    const job = await importCsv(csv);
    expect(errorsOf(job)).toEqual([]);
    expect(job).toMatchObject({ status: 'finished', updated: 0, skipped: 0 });
    expect(job.created).toBe(job.total_rows);
    expect(await catalogueSnapshot(t.app.services.db)).toEqual(before);
  });
});
