import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import type { AdminJobJson } from '#domain/admin-jobs.ts';
import { IMPORT_MESSAGES } from '#domain/woocommerce-csv.ts';
import { runImport } from '#tests/setup/import-jobs.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let images: Server;
let imageHost: string;
const imageHits = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ manager } = await staffOfEveryRole(t.app));
  // The old shop's media library: every picture a plain PNG, whatever its name says.
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#777' } })
    .png()
    .toBuffer();
  images = createServer((request, response) => {
    imageHits.set(request.url!, (imageHits.get(request.url!) ?? 0) + 1);
    if (request.url!.startsWith('/wp-content/uploads/')) {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(png);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageHost = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  images?.close();
});

/** The columns of WooCommerce's own sample_products.csv, in its order. */
const WOO_SAMPLE_HEADERS = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'Tax status',
  'Tax class',
  'In stock?',
  'Stock',
  'Backorders allowed?',
  'Sold individually?',
  'Weight (lbs)',
  'Length (in)',
  'Width (in)',
  'Height (in)',
  'Allow customer reviews?',
  'Purchase note',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Shipping class',
  'Images',
  'Download limit',
  'Download expiry days',
  'Parent',
  'Grouped products',
  'Upsells',
  'Cross-sells',
  'External URL',
  'Button text',
  'Position',
  'Attribute 1 name',
  'Attribute 1 value(s)',
  'Attribute 1 visible',
  'Attribute 1 global',
  'Attribute 2 name',
  'Attribute 2 value(s)',
  'Attribute 2 visible',
  'Attribute 2 global',
  'Meta: _wpcom_is_markdown',
  'Download 1 name',
  'Download 1 URL',
  'Download 2 name',
  'Download 2 URL',
  // Our own column, as the shop's export writes it.
  'Meta: _tessera_unit',
];

type Row = Record<string, string>;
const base: Row = {
  Published: '1',
  'Is featured?': '0',
  'Visibility in catalog': 'visible',
  'Tax status': 'taxable',
  'In stock?': '1',
  'Allow customer reviews?': '1',
  'Meta: _wpcom_is_markdown': '1',
};
const product = (row: Row): Row => ({ ...base, Type: 'simple', ...row });
const variation = (row: Row): Row => ({
  ...base,
  Type: 'variation',
  'Tax class': 'parent',
  ...row,
});

/** WooCommerce's sample shop, its shape kept: apparel, a variable product, simple ones. */
const sampleRows = (): Row[] => [
  product({
    ID: '44',
    Type: 'variable',
    SKU: 'woo-vneck-tee',
    Name: 'V-Neck T-Shirt',
    'Is featured?': '1',
    'Short description': 'This is a variable product.',
    Description: 'Pellentesque habitant morbi tristique senectus et netus.',
    Categories: 'Clothing > Tshirts',
    Images: [1, 2, 3]
      .map((n) => `${imageHost}/wp-content/uploads/2017/12/vneck-tee-${n}.jpg`)
      .join(', '),
    'Attribute 1 name': 'Color',
    'Attribute 1 value(s)': 'Blue, Green, Red',
    'Attribute 1 visible': '1',
    'Attribute 1 global': '1',
    'Attribute 2 name': 'Size',
    'Attribute 2 value(s)': 'Large, Medium, Small',
    'Attribute 2 visible': '1',
    'Attribute 2 global': '1',
  }),
  ...(
    [
      ['Red', '20'],
      ['Green', '20'],
      ['Blue', '15'],
    ] as const
  ).map(([colour, price], i) =>
    variation({
      ID: String(2130 + i),
      SKU: `woo-vneck-tee-${colour.toLowerCase()}`,
      Name: `V-Neck T-Shirt - ${colour}`,
      'Regular price': price,
      Parent: 'id:44',
      'Attribute 1 name': 'Color',
      'Attribute 1 value(s)': colour,
      'Attribute 2 name': 'Size',
      'Attribute 2 value(s)': '',
    }),
  ),
  product({
    ID: '45',
    Type: 'variable',
    SKU: 'woo-hoodie',
    Name: 'Hoodie',
    Categories: 'Clothing > Hoodies',
    Images: `${imageHost}/wp-content/uploads/2017/12/hoodie-2.jpg`,
    'Attribute 1 name': 'Color',
    'Attribute 1 value(s)': 'Blue, Green, Red',
    'Attribute 2 name': 'Logo',
    'Attribute 2 value(s)': 'Yes, No',
  }),
  ...(
    [
      ['Red', 'No', '45', '42'],
      ['Blue', 'Yes', '45', ''],
    ] as const
  ).map(([colour, logo, regular, sale], i) =>
    variation({
      ID: String(2140 + i),
      SKU: `woo-hoodie-${colour.toLowerCase()}-${logo.toLowerCase()}`,
      Name: `Hoodie - ${colour}, ${logo}`,
      'Regular price': regular,
      'Sale price': sale,
      Parent: 'woo-hoodie',
      'Attribute 1 name': 'Color',
      'Attribute 1 value(s)': colour,
      'Attribute 2 name': 'Logo',
      'Attribute 2 value(s)': logo,
    }),
  ),
  product({
    ID: '46',
    SKU: 'woo-hoodie-with-logo',
    Name: 'Hoodie with Logo',
    'Regular price': '45',
    Categories: 'Clothing > Hoodies',
  }),
  // A variable product whose variations the file does not have.
  product({ ID: '47', Type: 'variable', SKU: 'woo-polo', Name: 'Polo', Categories: 'Clothing' }),
  // A product at £0.00.
  product({ ID: '48', SKU: 'woo-sticker', Name: 'Sticker', 'Regular price': '0' }),
  // The shop's own goods: a sealer sold by the litre, a grout whose name says so, and tiles.
  product({
    ID: '50',
    SKU: 'SEALER-1',
    Name: 'Impregnating Stone Sealer',
    'Regular price': '12.95',
    Categories: 'Tiling Products',
    'Meta: _tessera_unit': 'litre',
  }),
  product({
    ID: '51',
    SKU: 'GROUT-1',
    Name: 'Stone Grout Sealer (per litre)',
    'Regular price': '9.95',
    Categories: 'Tiling Products',
  }),
  product({
    ID: '52',
    Type: 'variable',
    SKU: 'SLATE-1',
    Name: 'Welsh Slate Tiles',
    Categories: 'Slate Tiles',
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': '600x400x10, Free Sample',
  }),
  variation({
    SKU: 'SLATE-1-600',
    Parent: 'SLATE-1',
    'Regular price': '39.50',
    Stock: '120',
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': '600x400x10',
  }),
  variation({
    SKU: 'SLATE-1-FS',
    Parent: 'SLATE-1',
    'Regular price': '0',
    'Attribute 1 name': 'Sizemm',
    'Attribute 1 value(s)': 'Free Sample',
  }),
];

const sampleCsv = () =>
  stringify([
    WOO_SAMPLE_HEADERS,
    ...sampleRows().map((row) => WOO_SAMPLE_HEADERS.map((h) => row[h] ?? '')),
  ]);

const importSample = (query: string) => runImport(t.app, manager, sampleCsv(), query);

/** Each product as the shop keeps it: status, unit, From price, sizes. */
async function products() {
  const rows = await queryRows<{
    sku: string;
    status: string;
    unit: string;
    price_pence: number;
    sizes: string[];
    images: number;
  }>(
    t.app.services.db,
    sql`SELECT p.sku, p.status, p.unit, p.price_pence,
        ARRAY(SELECT v.option || ' ' || v.price_pence FROM variations v
          WHERE v.product_id = p.id ORDER BY v.position, v.id) AS sizes,
        (SELECT count(*)::int FROM product_images i WHERE i.product_id = p.id) AS images
      FROM products p ORDER BY p.sku`,
  );
  return Object.fromEntries(rows.map(({ sku, ...rest }) => [sku, rest]));
}

const warnings = (job: AdminJobJson) =>
  job.errors.map((e) => [e.severity, e.row, e.sku, e.field, e.message]);

describe("WooCommerce's sample shop", () => {
  it('a dry run reports what would go to drafts, and writes nothing', async () => {
    const job = await importSample('dry_run=true');
    expect(job.status).toBe('finished');
    expect(warnings(job)).toEqual(expectedDraftWarnings);
    expect(await products()).toEqual({});
    expect(imageHits.size).toBe(0);
  });

  const ofVariations = (row: number, sku: string, attribute: string) => [
    'warning',
    row,
    sku,
    `Attribute ${attribute}`,
    IMPORT_MESSAGES.attributeOfVariations,
  ];
  const attributeWarnings = [
    ofVariations(2, 'woo-vneck-tee', 'Color'),
    ofVariations(2, 'woo-vneck-tee', 'Size'),
    ofVariations(6, 'woo-hoodie', 'Color'),
    ofVariations(6, 'woo-hoodie', 'Logo'),
  ];
  const expectedDraftWarnings = [
    ...attributeWarnings,
    ['warning', 2, 'woo-vneck-tee', 'Published', IMPORT_MESSAGES.draftNoArea('Red')],
    ['warning', 6, 'woo-hoodie', 'Published', IMPORT_MESSAGES.draftNoArea('Red, No')],
    ['warning', 9, 'woo-hoodie-with-logo', 'Published', IMPORT_MESSAGES.draftNoArea('Each')],
    ['warning', 10, 'woo-polo', 'Published', IMPORT_MESSAGES.draftNoSize],
    ['warning', 11, 'woo-sticker', 'Published', IMPORT_MESSAGES.draftZeroPrice('Each')],
    ['warning', 13, 'GROUT-1', 'Published', IMPORT_MESSAGES.draftNoArea('Each')],
  ];

  it('imports every row, and publishes only what can be sold, each with its unit', async () => {
    const job = await importSample('dry_run=false');
    expect(job).toMatchObject({ status: 'finished', created: 15, updated: 0, skipped: 0 });
    expect(warnings(job)).toEqual(expectedDraftWarnings);
    expect(await products()).toEqual({
      'GROUT-1': { status: 'draft', unit: 'm2', price_pence: 995, sizes: ['Each 995'], images: 0 },
      'SEALER-1': {
        status: 'publish',
        unit: 'litre',
        price_pence: 1295,
        sizes: ['Each 1295'],
        images: 0,
      },
      'SLATE-1': {
        status: 'publish',
        unit: 'm2',
        price_pence: 3950,
        sizes: ['600x400x10 3950', 'Free Sample 0'],
        images: 0,
      },
      'woo-hoodie': {
        status: 'draft',
        unit: 'm2',
        price_pence: 4200,
        sizes: ['Red, No 4200', 'Blue, Yes 4500'],
        images: 1,
      },
      'woo-hoodie-with-logo': {
        status: 'draft',
        unit: 'm2',
        price_pence: 4500,
        sizes: ['Each 4500'],
        images: 0,
      },
      'woo-polo': { status: 'draft', unit: 'm2', price_pence: 0, sizes: [], images: 0 },
      'woo-sticker': { status: 'draft', unit: 'm2', price_pence: 0, sizes: ['Each 0'], images: 0 },
      'woo-vneck-tee': {
        status: 'draft',
        unit: 'm2',
        price_pence: 1500,
        sizes: ['Red 2000', 'Green 2000', 'Blue 1500'],
        images: 3,
      },
    });
    // Nothing is on sale at £0.00, and no draft is on the storefront.
    const listing = await t.app.inject({ url: '/api/products?per_page=100' });
    expect(
      listing
        .json()
        .data.map((p: { name: string; price: string; unit: string }) => [p.name, p.price, p.unit]),
    ).toEqual(
      expect.arrayContaining([
        ['Impregnating Stone Sealer', '12.95', 'litre'],
        ['Welsh Slate Tiles', '39.50', 'm2'],
      ]),
    );
    expect(listing.json().meta.total_products).toBe(2);
    expect((await t.app.inject({ url: '/api/products/slug/hoodie' })).statusCode).toBe(404);
    // Each image was fetched once, and is served by the shop.
    expect([...imageHits.values()]).toEqual([1, 1, 1, 1]);
  });

  it('told to infer units, sells the apparel each and the grout by the litre', async () => {
    const job = await importSample('infer_units=true');
    expect(job.status).toBe('finished');
    expect(warnings(job)).toEqual([
      ...attributeWarnings,
      ['warning', 10, 'woo-polo', 'Published', IMPORT_MESSAGES.draftNoSize],
      ['warning', 11, 'woo-sticker', 'Published', IMPORT_MESSAGES.draftZeroPrice('Each')],
    ]);
    const now = await products();
    expect(
      Object.fromEntries(Object.entries(now).map(([sku, p]) => [sku, [p.status, p.unit]])),
    ).toEqual({
      'GROUT-1': ['publish', 'litre'],
      'SEALER-1': ['publish', 'litre'],
      'SLATE-1': ['publish', 'm2'],
      'woo-hoodie': ['publish', 'each'],
      'woo-hoodie-with-logo': ['publish', 'each'],
      'woo-polo': ['draft', 'm2'],
      'woo-sticker': ['draft', 'each'],
      'woo-vneck-tee': ['publish', 'each'],
    });
    const tee = await t.app.inject({ url: '/api/products/slug/v-neck-t-shirt' });
    expect(tee.statusCode).toBe(200);
    expect(tee.json().data).toMatchObject({ unit: 'each', price: '15.00' });
    expect(tee.json().data.images).toHaveLength(3);
    const image = await t.app.inject({ url: tee.json().data.images[0].src });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The images were matched by their address, not fetched again.
    expect([...imageHits.values()]).toEqual([1, 1, 1, 1]);
  });
});
