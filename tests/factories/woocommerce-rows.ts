// Rows of a WooCommerce product CSV, as its exporter writes them, for import tests.
import { stringify } from 'csv-stringify/sync';

export const HEADERS = [
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

export type Row = Record<string, string>;

/** A CSV of rows keyed by header, with the headers in the order given. */
export const csvOf = (rows: Row[], headers = HEADERS, bom = false) =>
  (bom ? '\uFEFF' : '') + stringify([headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))]);

/** A variable product of WooCommerce's exporter with two sizes and a free sample. */
export const wooProduct = (sku: string, name: string, id: string): Row[] => [
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
