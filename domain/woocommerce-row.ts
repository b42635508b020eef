// One data row of a WooCommerce product CSV, read into what the import applies: a product (simple
// or variable) or a variation (a size of its parent), with every problem found on the row.
import {
  CATALOGUE_MESSAGES,
  DESCRIPTION_MAX_LENGTH,
  MAX_STOCK,
  PRODUCT_NAME_MAX_LENGTH,
  SHORT_DESCRIPTION_MAX_LENGTH,
  SKU_PATTERN,
  VARIATION_OPTION_MAX_LENGTH,
  type ProductStatus,
} from './admin-catalogue.ts';
import type { AttributeId } from './catalogue.ts';
import { isFreeSample, isFullSizeSample } from './samples.ts';
import { parseSellingUnit, type SellingUnit } from './selling-unit.ts';
import { isSlug } from './slug.ts';
import { factsOfRow, type ImportFacts } from './woocommerce-facts.ts';
import {
  attributeOfName,
  categoryOfPath,
  IMPORT_MESSAGES,
  parseCategoryPaths,
  parsePence,
  splitList,
  TESSERA_META,
  WOO_FIELDS,
  type ColumnMap,
  type RowProblem,
  type WooField,
} from './woocommerce-csv.ts';

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
  /** The images' alt texts, by position, where the file gives them. */
  imageAlts?: string[];
  terms: { attributeId: AttributeId; names: string[] }[];
  slug?: string;
  clearance?: boolean;
  newArrival?: boolean;
  tradeOnly?: boolean;
  /** What the prices are for, from Meta: _tessera_unit; undefined keeps the shop's. */
  unit?: SellingUnit;
  /** A simple product's one price and stock, kept as its only size. */
  single?: SizeFields;
  /** Frost and slip ratings and sealing advice the file gives; undefined keeps the shop's. */
  facts?: ImportFacts;
}

export interface SizeFields {
  option: string;
  pricePence: number;
  regularPricePence: number | null;
  stock: number | null;
  /** Made to the customer's specification; undefined (no column or empty) keeps the shop's. */
  madeToOrder?: boolean;
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

  const metaList = (key: keyof typeof TESSERA_META): string[] => {
    const index = columns.meta.get(TESSERA_META[key]);
    return index === undefined ? [] : splitList(cells[index] ?? '');
  };

  const types = (cell('type') ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  const type = types.find((t) => t === 'variable' || t === 'simple' || t === 'variation');
  if (!type) problem(WOO_FIELDS.type, IMPORT_MESSAGES.typeInvalid);
  if (sku !== '' && !SKU_PATTERN.test(sku)) problem(WOO_FIELDS.sku, CATALOGUE_MESSAGES.skuInvalid);

  // The attributes: the size (Sizemm) and the four filter attributes; others are reported on a
  // product, and name a variation that has no size (a hoodie's "Red, Large").
  let sizeValues: string[] = [];
  const otherValues: string[] = [];
  const terms: ProductRow['terms'] = [];
  for (const slot of columns.attributes) {
    const name = slot.name === undefined ? '' : (cells[slot.name] ?? '').trim();
    const values = slot.values === undefined ? [] : splitList(cells[slot.values] ?? '');
    if (name === '' && values.length === 0) continue;
    const attribute = attributeOfName(name);
    if (attribute === 'size') sizeValues = values;
    else if (type === 'variation') otherValues.push(...values);
    else if (attribute !== null) terms.push({ attributeId: attribute, names: values });
    else {
      const message =
        type === 'variable'
          ? IMPORT_MESSAGES.attributeOfVariations
          : IMPORT_MESSAGES.attributeIgnored;
      problem(`Attribute ${name}`, message, 'warning');
    }
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
    if (isFullSizeSample(option) && price === 0) {
      problem(WOO_FIELDS.regularPrice, CATALOGUE_MESSAGES.fullSizeSamplePrice);
      return null;
    }
    // An empty Stock is "not counted", unless the row says it is out of stock.
    const counted = stockText === '' ? (inStock === false ? 0 : null) : Number(stockText);
    const madeToOrder = metaFlag(TESSERA_META.madeToOrder);
    return {
      option,
      pricePence: price,
      regularPricePence: sale.value === null ? null : regular.value,
      stock: counted,
      ...(madeToOrder === undefined ? {} : { madeToOrder }),
    };
  };

  if (type === 'variation') {
    const parentText = cell('parent') ?? '';
    if (parentText === '') problem(WOO_FIELDS.parent, IMPORT_MESSAGES.parentRequired);
    const fields = size(sizeValues[0] ?? otherValues.join(', '));
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
  const unitIndex = columns.meta.get(TESSERA_META.unit);
  const unitText = unitIndex === undefined ? '' : (cells[unitIndex] ?? '').trim();
  const unit = unitText === '' ? undefined : (parseSellingUnit(unitText) ?? undefined);
  if (unitText !== '' && unit === undefined) {
    problem(`Meta: ${TESSERA_META.unit}`, IMPORT_MESSAGES.unitInvalid);
  }
  const facts = factsOfRow(cells, columns.meta, problem);
  const featured = flag('featured');
  const clearance = metaFlag(TESSERA_META.clearance);
  const newArrival = metaFlag(TESSERA_META.newArrival);
  const tradeOnly = metaFlag(TESSERA_META.tradeOnly);
  const single = type === 'simple' ? size(sizeValues[0] ?? SIMPLE_PRODUCT_OPTION) : undefined;
  if (!type || problems.some((p) => p.severity === 'error')) return { parsed: null, problems };
  const categoriesText = cell('categories');
  const categories =
    categoriesText === undefined
      ? undefined
      : withSlugs(
          parseCategoryPaths(categoriesText).map(categoryOfPath),
          metaList('categorySlugs'),
        );
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
      categories,
      images: imagesText === undefined ? undefined : splitList(imagesText),
      imageAlts: columns.meta.has(TESSERA_META.imageAlts) ? metaList('imageAlts') : undefined,
      terms,
      slug: slug === '' ? undefined : slug,
      clearance,
      newArrival,
      tradeOnly,
      unit,
      single: single ?? undefined,
      facts,
    },
    problems,
  };
}

/**
 * Categories with the slugs the shop's export wrote beside them (one per category, in order);
 * without them, or with a list that does not match, each keeps the slug made from its name.
 *
 * withSlugs([{ name: 'Slate Tiles', slug: 'slate-tiles', section: 's' }], ['welsh-slate']) →
 *   [{ name: 'Slate Tiles', slug: 'welsh-slate', section: 's' }]
 */
function withSlugs(
  categories: { name: string; slug: string; section: string }[],
  slugs: string[],
): { name: string; slug: string; section: string }[] {
  if (slugs.length !== categories.length || !slugs.every(isSlug)) return categories;
  return categories.map((category, i) => ({ ...category, slug: slugs[i]! }));
}
