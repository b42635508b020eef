// WooCommerce's product CSV (the exporter's columns), read and written by the back office's import
// and export: header matching, lists, money, category paths, the file's bounds and the messages
// staff see in the import's report. Rows: woocommerce-row.ts; the export: woocommerce-export.ts.
import { CATALOGUE_MESSAGES, MAX_PRICE_PENCE, MAX_STOCK } from './admin-catalogue.ts';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_PIXELS,
  UPLOAD_WIDTHS,
  uploadedImageUrl,
} from './admin-images.ts';
import { ATTRIBUTES, type AttributeId } from './catalogue.ts';
import { SIZE_ATTRIBUTE_NAMES } from './samples.ts';
import { SELLING_UNIT_MESSAGES } from './selling-unit.ts';
import { slugify, titleCase } from './slug.ts';

/** The columns we read and write, by WooCommerce's English header. */
export const WOO_FIELDS = {
  id: 'ID',
  type: 'Type',
  sku: 'SKU',
  name: 'Name',
  published: 'Published',
  featured: 'Is featured?',
  shortDescription: 'Short description',
  description: 'Description',
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
  categories: 'Categories',
  images: 'Images',
  parent: 'Parent',
  inStock: 'In stock?',
  stock: 'Stock',
} as const;
export type WooField = keyof typeof WOO_FIELDS;

/** Our own fields beyond WooCommerce's, as `Meta:` columns (WooCommerce keeps them as meta data). */
export const TESSERA_META = {
  slug: '_tessera_slug',
  clearance: '_tessera_clearance',
  newArrival: '_tessera_new_arrival',
  /** Sold to trade buyers only: hidden from retail shoppers. */
  tradeOnly: '_tessera_trade_only',
  unit: '_tessera_unit',
  /** The categories' slugs, in the order of the Categories cell (a slug need not be its name's). */
  categorySlugs: '_tessera_category_slugs',
  /** The images' alt texts, in the order of the Images cell. */
  imageAlts: '_tessera_image_alts',
  /** A size made or cut to the customer's specification: exempt from the 14-day right to cancel. */
  madeToOrder: '_tessera_made_to_order',
  /** What the product page says of the stone (domain/woocommerce-facts.ts); empty: not known. */
  frostResistance: '_tessera_frost_resistance',
  slipRating: '_tessera_slip_rating',
  sealingAdvice: '_tessera_sealing_advice',
  /** A size's figures, worked out from it and the Material: written for reading, never read. */
  thicknessMm: '_tessera_thickness_mm',
  piecesPerM2: '_tessera_pieces_per_m2',
  weightKgPerM2: '_tessera_weight_kg_per_m2',
} as const;

/**
 * A file's bounds, so that no file can exhaust the server's memory: a record (a product row with
 * its description) holds at most this many characters, a physical line at most this many bytes
 * (which bounds the cells of a row), and a file at most this many rows after its header.
 */
export const IMPORT_MAX_RECORD_CHARS = 256 * 1024;
export const IMPORT_MAX_LINE_BYTES = 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;

/** Without these a row cannot be placed: the file is refused. */
const REQUIRED_FIELDS: readonly WooField[] = ['type', 'sku'];

export const IMPORT_MESSAGES = {
  missingColumns: (labels: string[]) =>
    `The file has no ${labels.join(' or ')} column: export it from WooCommerce's product exporter`,
  empty: 'The file is empty',
  notCsv: 'The file is not a CSV file',
  recordTooLong: (row: number) =>
    `Row ${row} is longer than ${IMPORT_MAX_RECORD_CHARS / 1024}k characters: a cell may have lost its closing quote. Nothing after it was read`,
  lineTooLong: (line: number) =>
    `Line ${line} of the file is longer than ${IMPORT_MAX_LINE_BYTES / 1024 / 1024} MB: this is not a product CSV. Nothing after it was read`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows: split it and import each part. Nothing after that row was read`,
  skuRequired: 'Enter the SKU: rows are matched by SKU',
  skuRepeated: 'This SKU appears on an earlier row of the file',
  skuOfVariation: 'A size of another product already uses this SKU',
  skuOfProduct: 'A product already uses this SKU',
  typeInvalid: 'Type must be variable, simple or variation',
  publishedInvalid: 'Published must be 1, 0 or -1',
  flagInvalid: 'Enter 1 or 0 (yes or no, true or false)',
  priceInvalid: 'Enter the price in pounds with at most two decimals, e.g. 12.50',
  priceRequired: 'Enter the regular price',
  priceTooHigh: `A price is at most £${MAX_PRICE_PENCE / 100}`,
  saleNotBelow: 'The sale price must be below the regular price',
  stockInvalid: `Enter the stock as a whole number of pieces from 0 to ${MAX_STOCK}`,
  parentRequired: "Enter the parent product's SKU, or id:N for the row with ID N",
  parentUnknown:
    'No product with this SKU or ID: list the parent product before its variations, or import it first',
  parentNotVariable: 'The parent is a simple product; make it variable to give it variations',
  optionRequired:
    'Enter the size in the Sizemm attribute (Attribute 1 value(s)), e.g. 600x400x20 or Free Sample',
  slugInvalid: CATALOGUE_MESSAGES.slugInvalid,
  slugTaken: 'Another product already uses this slug, and the SKU-suffixed one too',
  imageNotFetched:
    'Not imported: images from other sites are not downloaded here; upload it in the product editor',
  imageUnreachable: (reason: string) =>
    `Not imported: the image could not be fetched (${reason}); upload it in the product editor`,
  imageNotAnImage: 'Not imported: the address does not give a JPEG, PNG, WebP, AVIF or GIF image',
  imageTooLarge: `Not imported: the image is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB or ${Math.round(UPLOAD_MAX_PIXELS / 1024 / 1024)} megapixels`,
  unitInvalid: SELLING_UNIT_MESSAGES.invalid,
  draftNoSize:
    'Imported as a draft: it has no size to sell (only samples, or none of its sizes was imported). Add a size with its price, then publish it',
  draftZeroPrice: (option: string) =>
    `Imported as a draft: its size ${option} is priced £0.00. Give it a price, then publish it`,
  draftNoArea: (option: string) =>
    `Imported as a draft: ${option} is not a tile size in mm (e.g. 600x400x20), so it cannot be priced per m². Set the product's unit in the Meta: _tessera_unit column (piece, litre, each or linear_metre), or import with "infer units"`,
  attributeIgnored:
    'Ignored: the shop has the attributes Sizemm, Material, Room Type Usage, Finish and Colour',
  attributeOfVariations:
    'Names the sizes of its variations (e.g. "Red, Large"); the shop filters only by Material, Room Type Usage, Finish and Colour',
  tooManyErrors: (limit: number) => `More than ${limit} problems: the rest are counted, not listed`,
} as const;

/** A problem on one row of the file; a warning leaves the row imported. */
export interface RowProblem {
  row: number;
  sku: string;
  field: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface AttributeColumns {
  name?: number;
  values?: number;
  visible?: number;
  global?: number;
}

/** Where each column is: header index by field, attribute number and meta key. */
export interface ColumnMap {
  fields: Partial<Record<WooField, number>>;
  attributes: AttributeColumns[];
  meta: Map<string, number>;
}

const ATTRIBUTE_HEADER = /^attribute (\d+) (name|value\(s\)|values?|visible|global)$/;
const META_HEADER = /^meta:\s*(.+)$/i;

/** Case, spaces, a BOM and a trailing question mark do not matter in a header. */
function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*\?$/, '');
}

const FIELD_BY_KEY = new Map(
  Object.entries(WOO_FIELDS).map(([field, label]) => [headerKey(label), field as WooField]),
);

/**
 * Finds our columns among a file's headers, in any order; unknown columns are left out.
 *
 * matchHeaders(['\uFEFFSKU', 'type', 'Attribute 1 value(s)']) →
 *   { fields: { sku: 0, type: 1 }, attributes: [{ values: 2 }], meta: Map {}, missing: [] }
 * matchHeaders(['Name']).missing → ['Type', 'SKU']
 */
export function matchHeaders(headers: readonly string[]): ColumnMap & { missing: string[] } {
  const columns: ColumnMap = { fields: {}, attributes: [], meta: new Map() };
  headers.forEach((header, index) => {
    const key = headerKey(header);
    const field = FIELD_BY_KEY.get(key);
    if (field) {
      columns.fields[field] ??= index;
      return;
    }
    const attribute = ATTRIBUTE_HEADER.exec(key);
    if (attribute) {
      const n = Number(attribute[1]) - 1;
      if (n < 0 || n > 100) return;
      const part = attribute[2]!.startsWith('value') ? 'values' : attribute[2]!;
      const slot = (columns.attributes[n] ??= {});
      slot[part as keyof AttributeColumns] ??= index;
      return;
    }
    const meta = META_HEADER.exec(header.replace(/^\uFEFF/, '').trim());
    if (meta) columns.meta.set(meta[1]!.trim(), index);
  });
  columns.attributes = columns.attributes.filter(Boolean);
  const missing = REQUIRED_FIELDS.filter((f) => columns.fields[f] === undefined).map(
    (f) => WOO_FIELDS[f],
  );
  return { ...columns, missing };
}

/**
 * A comma-separated list, where `\,` is a comma inside an item; items are trimmed, empty ones
 * dropped.
 *
 * splitList('Marble, Limestone') → ['Marble', 'Limestone']
 * splitList('Tiles\\, 10mm, Slabs') → ['Tiles, 10mm', 'Slabs']
 * splitList('') → []
 */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && text[i + 1] === ',') {
      current += ',';
      i++;
    } else if (char === ',') {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/**
 * The opposite of splitList.
 *
 * joinList(['Tiles, 10mm', 'Slabs']) → 'Tiles\\, 10mm, Slabs'
 */
export function joinList(items: readonly string[]): string {
  return items.map((item) => item.replaceAll(',', '\\,')).join(', ');
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const MONEY = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount in pounds → whole pence, digit by digit (never through a float); empty → null.
 * More than two decimals is refused rather than rounded: an import must not change a price.
 *
 * parsePence('12.5') → { ok: true, value: 1250 }
 * parsePence('1,234.56') → { ok: true, value: 123456 }
 * parsePence('£9.99') → { ok: true, value: 999 }
 * parsePence('') → { ok: true, value: null }
 * parsePence('12.345') → { ok: false, message: IMPORT_MESSAGES.priceInvalid }
 * parsePence('-1') → { ok: false, … }
 */
export function parsePence(text: string): Parsed<number | null> {
  const trimmed = text.trim().replace(/^£\s*/, '');
  if (trimmed === '') return { ok: true, value: null };
  const match = MONEY.exec(trimmed);
  if (!match) return { ok: false, message: IMPORT_MESSAGES.priceInvalid };
  const [whole, fraction = ''] = trimmed.replaceAll(',', '').split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(pence) || pence > MAX_PRICE_PENCE) {
    return { ok: false, message: IMPORT_MESSAGES.priceTooHigh };
  }
  return { ok: true, value: pence };
}

/**
 * The categories cell: each path's names from the top down.
 *
 * parseCategoryPaths('Stone Collection > Marble Tiles, Sinks') →
 *   [['Stone Collection', 'Marble Tiles'], ['Sinks']]
 */
export function parseCategoryPaths(text: string): string[][] {
  return splitList(text)
    .map((path) =>
      path
        .split('>')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    )
    .filter((path) => path.length > 0);
}

/**
 * Where a category of a path belongs: the last name is the category, the first names its section
 * (the family of listings); a category on its own is a section of its own.
 *
 * categoryOfPath(['Stone Collection', 'Marble Tiles']) →
 *   { name: 'Marble Tiles', slug: 'marble-tiles', section: 'stone-collection' }
 * categoryOfPath(['Sinks']) → { name: 'Sinks', slug: 'sinks', section: 'sinks' }
 */
export function categoryOfPath(path: readonly string[]): {
  name: string;
  slug: string;
  section: string;
} {
  const name = path[path.length - 1]!;
  const slug = slugify(name);
  return { name, slug, section: path.length > 1 ? slugify(path[0]!) : slug };
}

/**
 * The opposite of categoryOfPath, for the export.
 *
 * categoryPath({ name: 'Marble Tiles', slug: 'marble-tiles', section: 'stone-collection' }) →
 *   'Stone Collection > Marble Tiles'
 * categoryPath({ name: 'Sinks', slug: 'sinks', section: 'sinks' }) → 'Sinks'
 */
export function categoryPath(category: { name: string; slug: string; section: string }): string {
  return category.section === category.slug
    ? category.name
    : `${titleCase(category.section)} > ${category.name}`;
}

/** Which of our attributes a column's attribute name stands for: 'size', an id, or null. */
export function attributeOfName(name: string): 'size' | AttributeId | null {
  const key = name.trim().toLowerCase();
  if (SIZE_ATTRIBUTE_NAMES.some((size) => size.toLowerCase() === key)) return 'size';
  const found = ATTRIBUTES.find(
    (a) =>
      a.name.toLowerCase() === key ||
      a.slug === key ||
      a.slug.replace(/^pa_/, '') === key ||
      a.name.toLowerCase().replaceAll(' ', '-') === key,
  );
  return found ? found.id : null;
}

const UPLOAD_RENDITION = /^\/media\/upload\/(\d{1,9})-\d{3,4}\.(?:webp|avif)$/;

/**
 * The shop's own image from an Images URL: its path when it is under /media/ on the shop's
 * origin (or a bare path), else null (another site's image). Any rendition of an uploaded image
 * stands for the image, as the shop stores it.
 *
 * ownImagePath('https://shop.example/media/stone/a.webp', 'https://shop.example') → '/media/stone/a.webp'
 * ownImagePath('/media/upload/7-1280.webp', 'https://shop.example') → '/media/upload/7-640.webp'
 * ownImagePath('https://old.example/wp-content/uploads/a.jpg', 'https://shop.example') → null
 */
export function ownImagePath(url: string, shopOrigin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, shopOrigin);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(shopOrigin).origin) return null;
  if (!parsed.pathname.startsWith('/media/')) return null;
  const upload = UPLOAD_RENDITION.exec(parsed.pathname);
  if (upload) return uploadedImageUrl(Number(upload[1]));
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * An image as the export writes it: an absolute URL on the shop's origin, an uploaded image at
 * its largest rendition (the one another shop fetching it should keep).
 *
 * exportedImageUrl('/media/upload/7-640.webp', 'https://shop.example') → 'https://shop.example/media/upload/7-1280.webp'
 * exportedImageUrl('/media/stone/marble-white-17-640.webp', 'https://shop.example') → 'https://shop.example/media/stone/marble-white-17-640.webp'
 */
export function exportedImageUrl(src: string, shopOrigin: string): string {
  const upload = UPLOAD_RENDITION.exec(src);
  const path = upload ? uploadedImageUrl(Number(upload[1]), Math.max(...UPLOAD_WIDTHS)) : src;
  return new URL(path, shopOrigin).href;
}
