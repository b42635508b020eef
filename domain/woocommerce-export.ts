// The back office's export: the catalogue as WooCommerce's product CSV, one row per product and
// one per size, with our own fields as Meta: columns.
import { ATTRIBUTES } from './catalogue.ts';
import { formatPoundsPlain } from './money.ts';
import type { AdminFactsJson } from './product-facts.ts';
import type { SellingUnit } from './selling-unit.ts';
import {
  FACT_COLUMNS,
  factCells,
  SIZE_FIGURE_COLUMNS,
  sizeFigureCells,
} from './woocommerce-facts.ts';
import {
  categoryPath,
  exportedImageUrl,
  joinList,
  TESSERA_META,
  WOO_FIELDS,
} from './woocommerce-csv.ts';

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
  `Meta: ${TESSERA_META.tradeOnly}`,
  `Meta: ${TESSERA_META.unit}`,
  `Meta: ${TESSERA_META.categorySlugs}`,
  `Meta: ${TESSERA_META.imageAlts}`,
  `Meta: ${TESSERA_META.madeToOrder}`,
  ...FACT_COLUMNS.map((c) => `Meta: ${c.meta}`),
  ...SIZE_FIGURE_COLUMNS.map((meta) => `Meta: ${meta}`),
];

/** A product as the export writes it: with its categories, terms, images and sizes. */
export interface ExportProduct {
  id: number;
  type: string;
  sku: string;
  slug: string;
  name: string;
  status: string;
  unit: SellingUnit;
  featured: boolean;
  clearance: boolean;
  newArrival: boolean;
  tradeOnly: boolean;
  shortDescription: string;
  description: string;
  categories: { name: string; slug: string; section: string }[];
  /** Images on the shop (/media/…) with their alt text. */
  images: { src: string; alt: string }[];
  /** Term names by attribute name (Material, Room Type Usage, Finish, Colour). */
  terms: Record<string, string[]>;
  /** Frost and slip ratings and sealing advice, '' where not known. */
  facts: AdminFactsJson;
  variations: {
    id: number;
    option: string;
    sku: string | null;
    pricePence: number;
    regularPricePence: number | null;
    stock: number | null;
    madeToOrder: boolean;
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
    [`Meta: ${TESSERA_META.madeToOrder}`]: flagText(size.madeToOrder),
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
 * holding its only size). Images are written as absolute URLs on the shop's origin (exportedImageUrl).
 */
export function exportRows(product: ExportProduct, shopOrigin: string): string[][] {
  const simple = product.type === 'simple' && product.variations.length === 1;
  const sizes = product.variations.map((v) => v.option);
  const material = product.terms.Material?.[0] ?? null;
  const cellsOf = (values: Record<string, string>) => EXPORT_HEADERS.map((h) => values[h] ?? '');
  const productCells: Record<string, string> = {
    [WOO_FIELDS.id]: String(product.id),
    [WOO_FIELDS.type]: simple ? 'simple' : 'variable',
    [WOO_FIELDS.sku]: product.sku,
    [WOO_FIELDS.name]: product.name,
    [WOO_FIELDS.published]: product.status === 'publish' ? '1' : '-1',
    [WOO_FIELDS.featured]: flagText(product.featured),
    'Visibility in catalog': 'visible',
    [WOO_FIELDS.shortDescription]: product.shortDescription,
    [WOO_FIELDS.description]: product.description,
    [WOO_FIELDS.categories]: joinList(product.categories.map(categoryPath)),
    [WOO_FIELDS.images]: joinList(
      product.images.map((image) => exportedImageUrl(image.src, shopOrigin)),
    ),
    ...(simple ? priceCells(product.variations[0]!) : {}),
    ...(simple ? sizeFigureCells(product.variations[0]!.option, material) : {}),
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
    [`Meta: ${TESSERA_META.tradeOnly}`]: flagText(product.tradeOnly),
    [`Meta: ${TESSERA_META.unit}`]: product.unit,
    [`Meta: ${TESSERA_META.categorySlugs}`]: joinList(product.categories.map((c) => c.slug)),
    [`Meta: ${TESSERA_META.imageAlts}`]: joinList(product.images.map((image) => image.alt)),
    ...factCells(product.facts),
  };
  if (simple) return [cellsOf(productCells)];
  const parent = product.sku;
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
        ...sizeFigureCells(v.option, material),
        'Attribute 1 name': EXPORT_ATTRIBUTES[0],
        'Attribute 1 value(s)': joinList([v.option]),
        'Attribute 1 global': '0',
      }),
    ),
  ];
}
