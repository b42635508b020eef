// WooCommerce's product CSV (the exporter's columns), read and written by the back office's import
// and export: header matching, lists, money, category paths and the row rules with the messages
// staff see in the import's report.
import {
  CATALOGUE_MESSAGES,
  DESCRIPTION_MAX_LENGTH,
  MAX_PRICE_PENCE,
  MAX_STOCK,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_DESCRIPTION_MAX_LENGTH,
  SKU_PATTERN,
  VARIATION_OPTION_MAX_LENGTH,
  type ProductStatus,
} from './admin-catalogue.ts';
import { ATTRIBUTES, type AttributeId } from './catalogue.ts';
import { isFreeSample, SIZE_ATTRIBUTE_NAMES } from './samples.ts';
import { formatPoundsPlain } from './money.ts';
import { isSlug, slugify, titleCase } from './slug.ts';

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
} as const;

/** Without these a row cannot be placed: the file is refused. */
const REQUIRED_FIELDS: readonly WooField[] = ['type', 'sku'];

export const IMPORT_MESSAGES = {
  missingColumns: (labels: string[]) =>
    `The file has no ${labels.join(' or ')} column: export it from WooCommerce's product exporter`,
  empty: 'The file is empty',
  notCsv: 'The file is not a CSV file',
  skuRequired: 'Enter the SKU: rows are matched by SKU',
  skuRepeated: 'This SKU appears on an earlier row of the file',
  skuOfVariation: 'A size of another product already uses this SKU',
  skuOfProduct: 'A product already uses this SKU',
  typeInvalid: 'Type must be variable, simple or variation',
  publishedInvalid: 'Published must be 1, 0 or -1',
  flagInvalid: 'Enter 1 or 0',
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
    'Not imported: images from other sites are not downloaded; upload it in the product editor',
  attributeIgnored:
    'Ignored: the shop has the attributes Sizemm, Material, Room Type Usage, Finish and Colour',
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

/** One product row (variable or simple), as the import applies it. */
export interface ProductRow {
  kind: 'product';
  row: number;
  fileId: string;
  type: 'variable' | 'simple';
  sku: string;
  name: string;
  /** Undefined: the column is absent, keep what the shop has. */
  status?: ProductStatus;
  featured?: boolean;
  shortDescription?: string;
  description?: string;
  categories?: { name: string; slug: string; section: string }[];
  images?: string[];
  terms: { attributeId: AttributeId; names: string[] }[];
  slug?: string;
  clearance?: boolean;
  newArrival?: boolean;
  /** A simple product's one price and stock, kept as its only size. */
  single?: SizeFields;
}

export interface SizeFields {
  option: string;
  pricePence: number;
  regularPricePence: number | null;
  stock: number | null;
}

/** One variation row: a size of the product its Parent names. */
export interface VariationRow extends SizeFields {
  kind: 'variation';
  row: number;
  sku: string | null;
  parent: { sku: string } | { fileId: string };
}

export type WooRow = ProductRow | VariationRow;

/** The option a simple product's only size gets when the file gives it none. */
export const SIMPLE_PRODUCT_OPTION = 'Each';

const FLAG_TRUE = new Set(['1', 'yes', 'true']);
const FLAG_FALSE = new Set(['0', 'no', 'false']);

/**
 * Reads one data row of the file (`row` is its line number for people: the header is row 1).
 * Answers the row to apply, or null when an error keeps it out; problems lists every error and
 * warning with the column it is about.
 */
export function parseWooRow(
  cells: readonly string[],
  columns: ColumnMap,
  row: number,
): { parsed: WooRow | null; problems: RowProblem[] } {
  const cell = (field: WooField) => {
    const index = columns.fields[field];
    return index === undefined ? undefined : (cells[index] ?? '').trim();
  };
  const raw = (field: WooField) => {
    const index = columns.fields[field];
    return index === undefined ? undefined : (cells[index] ?? '');
  };
  const sku = cell('sku') ?? '';
  const problems: RowProblem[] = [];
  const problem = (field: string, message: string, severity: RowProblem['severity'] = 'error') =>
    problems.push({ row, sku, field, message, severity });
  const flag = (field: WooField): boolean | undefined => {
    const value = cell(field)?.toLowerCase();
    // An empty cell says nothing: the shop keeps what it has.
    if (value === undefined || value === '') return undefined;
    if (FLAG_TRUE.has(value)) return true;
    if (FLAG_FALSE.has(value)) return false;
    problem(WOO_FIELDS[field], IMPORT_MESSAGES.flagInvalid);
    return undefined;
  };
  const metaFlag = (key: string): boolean | undefined => {
    const index = columns.meta.get(key);
    if (index === undefined) return undefined;
    const value = (cells[index] ?? '').trim().toLowerCase();
    if (value === '') return undefined;
    if (FLAG_TRUE.has(value)) return true;
    if (FLAG_FALSE.has(value)) return false;
    problem(`Meta: ${key}`, IMPORT_MESSAGES.flagInvalid);
    return undefined;
  };

  const types = (cell('type') ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  const type = types.find((t) => t === 'variable' || t === 'simple' || t === 'variation');
  if (!type) problem(WOO_FIELDS.type, IMPORT_MESSAGES.typeInvalid);
  if (sku !== '' && !SKU_PATTERN.test(sku)) problem(WOO_FIELDS.sku, CATALOGUE_MESSAGES.skuInvalid);

  // The attributes: the size (Sizemm) and the four filter attributes; others are reported.
  let sizeValues: string[] = [];
  const terms: ProductRow['terms'] = [];
  for (const slot of columns.attributes) {
    const name = slot.name === undefined ? '' : (cells[slot.name] ?? '').trim();
    const values = slot.values === undefined ? [] : splitList(cells[slot.values] ?? '');
    if (name === '' && values.length === 0) continue;
    const attribute = attributeOfName(name);
    if (attribute === 'size') sizeValues = values;
    else if (attribute !== null) terms.push({ attributeId: attribute, names: values });
    else problem(`Attribute ${name}`, IMPORT_MESSAGES.attributeIgnored, 'warning');
  }

  const size = (option: string): SizeFields | null => {
    const regular = parsePence(cell('regularPrice') ?? '');
    const sale = parsePence(cell('salePrice') ?? '');
    if (!regular.ok) problem(WOO_FIELDS.regularPrice, regular.message);
    else if (regular.value === null)
      problem(WOO_FIELDS.regularPrice, IMPORT_MESSAGES.priceRequired);
    if (!sale.ok) problem(WOO_FIELDS.salePrice, sale.message);
    const stockText = cell('stock') ?? '';
    const stockValid =
      stockText === '' || (/^\d{1,7}$/.test(stockText) && Number(stockText) <= MAX_STOCK);
    if (!stockValid) problem(WOO_FIELDS.stock, IMPORT_MESSAGES.stockInvalid);
    const inStock = flag('inStock');
    if (option === '') problem('Attribute 1 value(s)', IMPORT_MESSAGES.optionRequired);
    if (option.length > VARIATION_OPTION_MAX_LENGTH) {
      problem('Attribute 1 value(s)', CATALOGUE_MESSAGES.optionTooLong);
    }
    if (!regular.ok || regular.value === null || !sale.ok || !stockValid || option === '') {
      return null;
    }
    if (sale.value !== null && sale.value >= regular.value) {
      problem(WOO_FIELDS.salePrice, IMPORT_MESSAGES.saleNotBelow);
      return null;
    }
    const price = sale.value ?? regular.value;
    if (isFreeSample(option) && price !== 0) {
      problem(WOO_FIELDS.regularPrice, CATALOGUE_MESSAGES.freeSamplePrice);
      return null;
    }
    // An empty Stock is "not counted", unless the row says it is out of stock.
    const counted = stockText === '' ? (inStock === false ? 0 : null) : Number(stockText);
    return {
      option,
      pricePence: price,
      regularPricePence: sale.value === null ? null : regular.value,
      stock: counted,
    };
  };

  if (type === 'variation') {
    const parentText = cell('parent') ?? '';
    if (parentText === '') problem(WOO_FIELDS.parent, IMPORT_MESSAGES.parentRequired);
    const fields = size(sizeValues[0] ?? '');
    if (!fields || parentText === '' || problems.some((p) => p.severity === 'error')) {
      return { parsed: null, problems };
    }
    const idMatch = /^id:\s*(\S+)$/i.exec(parentText);
    return {
      parsed: {
        kind: 'variation',
        row,
        sku: sku === '' ? null : sku,
        parent: idMatch ? { fileId: idMatch[1]! } : { sku: parentText },
        ...fields,
      },
      problems,
    };
  }

  if (sku === '') problem(WOO_FIELDS.sku, IMPORT_MESSAGES.skuRequired);
  const name = cell('name') ?? '';
  if (name === '') problem(WOO_FIELDS.name, CATALOGUE_MESSAGES.nameRequired);
  if (name.length > PRODUCT_NAME_MAX_LENGTH)
    problem(WOO_FIELDS.name, CATALOGUE_MESSAGES.nameTooLong);
  const published = cell('published');
  if (published !== undefined && !['1', '0', '-1', ''].includes(published)) {
    problem(WOO_FIELDS.published, IMPORT_MESSAGES.publishedInvalid);
  }
  const shortDescription = raw('shortDescription')?.trim();
  if ((shortDescription?.length ?? 0) > SHORT_DESCRIPTION_MAX_LENGTH) {
    problem(WOO_FIELDS.shortDescription, CATALOGUE_MESSAGES.shortDescriptionTooLong);
  }
  const description = raw('description')?.trim();
  if ((description?.length ?? 0) > DESCRIPTION_MAX_LENGTH) {
    problem(WOO_FIELDS.description, CATALOGUE_MESSAGES.descriptionTooLong);
  }
  const slugIndex = columns.meta.get(TESSERA_META.slug);
  const slug = slugIndex === undefined ? '' : (cells[slugIndex] ?? '').trim();
  if (slug !== '' && !isSlug(slug))
    problem(`Meta: ${TESSERA_META.slug}`, CATALOGUE_MESSAGES.slugInvalid);
  const featured = flag('featured');
  const clearance = metaFlag(TESSERA_META.clearance);
  const newArrival = metaFlag(TESSERA_META.newArrival);
  const single = type === 'simple' ? size(sizeValues[0] ?? SIMPLE_PRODUCT_OPTION) : undefined;
  if (!type || problems.some((p) => p.severity === 'error')) return { parsed: null, problems };
  const categoriesText = cell('categories');
  const imagesText = cell('images');
  return {
    parsed: {
      kind: 'product',
      row,
      fileId: cell('id') ?? '',
      type,
      sku,
      name,
      status:
        published === undefined || published === ''
          ? undefined
          : published === '1'
            ? 'publish'
            : 'draft',
      featured,
      shortDescription,
      description,
      categories:
        categoriesText === undefined
          ? undefined
          : parseCategoryPaths(categoriesText).map(categoryOfPath),
      images: imagesText === undefined ? undefined : splitList(imagesText),
      terms,
      slug: slug === '' ? undefined : slug,
      clearance,
      newArrival,
      single: single ?? undefined,
    },
    problems,
  };
}

/**
 * The shop's own image from an Images URL: its path when it is under /media/ on the shop's
 * origin (or a bare path), else null (another site's image, which is never fetched).
 *
 * ownImagePath('https://shop.example/media/stone/a.webp', 'https://shop.example') → '/media/stone/a.webp'
 * ownImagePath('/media/upload/7-640.webp', 'https://shop.example') → '/media/upload/7-640.webp'
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
  return `${parsed.pathname}${parsed.search}`;
}

/** The attribute columns the export writes: the size first, then the four in display order. */
export const EXPORT_ATTRIBUTES = ['Sizemm', ...ATTRIBUTES.map((a) => a.name)] as const;

/** The export's header row, in WooCommerce's exporter order. */
export const EXPORT_HEADERS: readonly string[] = [
  WOO_FIELDS.id,
  WOO_FIELDS.type,
  WOO_FIELDS.sku,
  WOO_FIELDS.name,
  WOO_FIELDS.published,
  WOO_FIELDS.featured,
  'Visibility in catalog',
  WOO_FIELDS.shortDescription,
  WOO_FIELDS.description,
  WOO_FIELDS.salePrice,
  WOO_FIELDS.regularPrice,
  WOO_FIELDS.categories,
  'Tags',
  WOO_FIELDS.images,
  WOO_FIELDS.parent,
  WOO_FIELDS.inStock,
  WOO_FIELDS.stock,
  ...EXPORT_ATTRIBUTES.flatMap((_, i) => [
    `Attribute ${i + 1} name`,
    `Attribute ${i + 1} value(s)`,
    `Attribute ${i + 1} visible`,
    `Attribute ${i + 1} global`,
  ]),
  `Meta: ${TESSERA_META.slug}`,
  `Meta: ${TESSERA_META.clearance}`,
  `Meta: ${TESSERA_META.newArrival}`,
];

/** A product as the export writes it: with its categories, terms, images and sizes. */
export interface ExportProduct {
  id: number;
  type: string;
  sku: string | null;
  slug: string;
  name: string;
  status: string;
  featured: boolean;
  clearance: boolean;
  newArrival: boolean;
  shortDescription: string;
  description: string;
  categories: { name: string; slug: string; section: string }[];
  /** Image paths on the shop (/media/…). */
  images: string[];
  /** Term names by attribute name (Material, Room Type Usage, Finish, Colour). */
  terms: Record<string, string[]>;
  variations: {
    id: number;
    option: string;
    sku: string | null;
    pricePence: number;
    regularPricePence: number | null;
    stock: number | null;
  }[];
}

const flagText = (value: boolean) => (value ? '1' : '0');

/** The price columns of a size: WooCommerce's regular price, and the sale price while on sale. */
function priceCells(size: ExportProduct['variations'][number]) {
  const regular = size.regularPricePence ?? size.pricePence;
  return {
    [WOO_FIELDS.regularPrice]: formatPoundsPlain(regular),
    [WOO_FIELDS.salePrice]:
      size.regularPricePence === null ? '' : formatPoundsPlain(size.pricePence),
    [WOO_FIELDS.inStock]: flagText(size.stock === null || size.stock > 0),
    [WOO_FIELDS.stock]: size.stock === null ? '' : String(size.stock),
  };
}

const attributeCells = (n: number, name: string, values: string[], global: boolean) => ({
  [`Attribute ${n} name`]: name,
  [`Attribute ${n} value(s)`]: joinList(values),
  [`Attribute ${n} visible`]: '1',
  [`Attribute ${n} global`]: flagText(global),
});

/**
 * A product's rows of the export: the product, then one per size (a simple product is one row
 * holding its only size). Images are written as absolute URLs on the shop's origin.
 */
export function exportRows(product: ExportProduct, shopOrigin: string): string[][] {
  const simple = product.type === 'simple' && product.variations.length === 1;
  const sizes = product.variations.map((v) => v.option);
  const cellsOf = (values: Record<string, string>) => EXPORT_HEADERS.map((h) => values[h] ?? '');
  const productCells: Record<string, string> = {
    [WOO_FIELDS.id]: String(product.id),
    [WOO_FIELDS.type]: simple ? 'simple' : 'variable',
    [WOO_FIELDS.sku]: product.sku ?? '',
    [WOO_FIELDS.name]: product.name,
    [WOO_FIELDS.published]: product.status === 'publish' ? '1' : '-1',
    [WOO_FIELDS.featured]: flagText(product.featured),
    'Visibility in catalog': 'visible',
    [WOO_FIELDS.shortDescription]: product.shortDescription,
    [WOO_FIELDS.description]: product.description,
    [WOO_FIELDS.categories]: joinList(product.categories.map(categoryPath)),
    [WOO_FIELDS.images]: joinList(product.images.map((src) => new URL(src, shopOrigin).href)),
    ...(simple ? priceCells(product.variations[0]!) : {}),
    ...attributeCells(1, EXPORT_ATTRIBUTES[0], sizes, false),
    ...Object.assign(
      {},
      ...EXPORT_ATTRIBUTES.slice(1).map((name, i) =>
        attributeCells(i + 2, name, product.terms[name] ?? [], true),
      ),
    ),
    [`Meta: ${TESSERA_META.slug}`]: product.slug,
    [`Meta: ${TESSERA_META.clearance}`]: flagText(product.clearance),
    [`Meta: ${TESSERA_META.newArrival}`]: flagText(product.newArrival),
  };
  if (simple) return [cellsOf(productCells)];
  const parent = product.sku ?? `id:${product.id}`;
  return [
    cellsOf(productCells),
    ...product.variations.map((v) =>
      cellsOf({
        [WOO_FIELDS.id]: String(v.id),
        [WOO_FIELDS.type]: 'variation',
        [WOO_FIELDS.sku]: v.sku ?? '',
        [WOO_FIELDS.name]: `${product.name} - ${v.option}`,
        [WOO_FIELDS.published]: '1',
        [WOO_FIELDS.parent]: parent,
        ...priceCells(v),
        'Attribute 1 name': EXPORT_ATTRIBUTES[0],
        'Attribute 1 value(s)': joinList([v.option]),
        'Attribute 1 global': '0',
      }),
    ),
  ];
}
