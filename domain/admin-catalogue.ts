// The back office's product editor and its rules: the product's fields, the variations grid, and
// the product as the editor and its list read it. One schema serves the form and the API, each
// message beside its rule. Bulk edits, images and categories have modules of their own.
import { z } from '#domain/zod.ts';
import { tryToPence } from './money.ts';
import { londonMinuteToInstant } from './sale-price.ts';
import { isFreeSample, isFullSizeSample, variationKind } from './samples.ts';
import { SELLING_UNIT_MESSAGES, SELLING_UNITS, type SellingUnit } from './selling-unit.ts';
import { isSlug } from './slug.ts';

export const PRODUCT_NAME_MAX_LENGTH = 200;
export const PRODUCT_SLUG_MAX_LENGTH = 200;
export const SHORT_DESCRIPTION_MAX_LENGTH = 1_000;
export const DESCRIPTION_MAX_LENGTH = 50_000;
export const VARIATION_OPTION_MAX_LENGTH = 100;
export const SKU_MAX_LENGTH = 64;
export const MAX_VARIATIONS = 50;
/** £100,000 per m² or per item: anything above is a typing slip. */
export const MAX_PRICE_PENCE = 10_000_000;
export const MAX_STOCK = 1_000_000;
export const MAX_BULK_IDS = 10_000;
/** Percentage changes from −90% to +500%. */
export const BULK_PERCENT_MIN = -90;
export const BULK_PERCENT_MAX = 500;
/** Rows a bulk preview lists; the totals count them all. */
export const BULK_PREVIEW_ROWS = 200;

/** What a SKU may hold: the editor, its grid and the CSV import share it. */
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A product is a draft, published, or archived: withdrawn from sale (hidden from the shop, its page
 * answers 410 Gone) but kept for its orders and for the day it returns (admin-product-lifecycle.ts).
 */
export const PRODUCT_STATUSES = ['draft', 'publish', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const CATALOGUE_MESSAGES = {
  nameRequired: 'Enter the product name',
  nameTooLong: `The name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`,
  slugInvalid:
    'The slug may hold lower-case letters, digits and single hyphens, e.g. carrara-marble',
  slugTaken: 'Another product already uses this slug',
  publishWithoutSizes: 'Add a size with its price before publishing the product',
  statusRequired: 'Choose draft, published or archived',
  shortDescriptionTooLong: `The short description must be at most ${SHORT_DESCRIPTION_MAX_LENGTH} characters`,
  descriptionTooLong: `The description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  unknownCategory: 'Choose categories from the list',
  unknownTerm: 'Choose terms from the lists',
  optionRequired: 'Enter the size, e.g. 600x400x20, or Free Sample',
  optionTooLong: `The size must be at most ${VARIATION_OPTION_MAX_LENGTH} characters`,
  optionRepeated: 'Each size appears once',
  priceInvalid: 'Enter a price in pounds, e.g. 45.00',
  salePriceInvalid: 'Enter a sale price in pounds below the price, or leave it empty',
  freeSamplePrice: 'A free sample costs £0.00',
  fullSizeSamplePrice: 'A full-size sample is sold per piece: give it a price above £0.00',
  saleDateInvalid: 'Enter a date and time, or leave it empty',
  saleEndsBeforeStart: 'The sale must end after it starts',
  saleDatesWithoutPrice: 'Enter a sale price for these sale dates, or clear the dates',
  stockInvalid: 'Enter the pieces in stock as a whole number, or leave it empty when not counted',
  stockUnseen: 'Reload the product: the stock this change was made from is not known',
  madeToOrderInvalid: 'Made to order is true or false',
  sampleMadeToOrder: 'A sample is never made to order: untick made to order',
  skuInvalid: `A SKU has at most ${SKU_MAX_LENGTH} letters, digits, dots, hyphens or underscores`,
  skuTaken: 'Another product or size already uses this SKU',
  tooManyVariations: `At most ${MAX_VARIATIONS} sizes per product`,
  unknownVariation: 'This size no longer exists: reload the product',
  bulkNothingSelected: 'Select at least one product, or all products matching the filter',
  bulkPercentInvalid: `Enter a percentage from ${BULK_PERCENT_MIN} to ${BULK_PERCENT_MAX}, e.g. 10 or -5`,
  bulkAmountInvalid: 'Enter an amount in pounds, e.g. 2.50 or -1.00',
  bulkStockInvalid: 'Enter the pieces in stock as a whole number',
  bulkActionRequired: 'Choose what to change',
  bulkBelowZero: 'The change would take a price below £0.00',
} as const;

export const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** Optional money text in pounds → pence or null; '' means none. */
/** A sale's start or end: a London wall-clock minute as the field holds it, or empty. */
const saleDate = z
  .string({ error: CATALOGUE_MESSAGES.saleDateInvalid })
  .trim()
  .refine((v) => v === '' || londonMinuteToInstant(v) !== null, {
    error: CATALOGUE_MESSAGES.saleDateInvalid,
  })
  .transform((v) => (v === '' ? null : londonMinuteToInstant(v)));

const optionalMoney = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => v === '' || ((tryToPence(v) ?? -1) >= 0 && tryToPence(v)! <= MAX_PRICE_PENCE), {
      error: message,
    })
    .transform((v) => (v === '' ? null : tryToPence(v)!));

export const idList = (message: string) =>
  z.array(z.number({ error: message }).int({ error: message }).positive({ error: message }), {
    error: message,
  });

/** The version a save was loaded at: absent skips the check (scripts that mean to overwrite). */
export const versionField = z.number().int().positive().optional();

export const productEditSchema = z.object({
  name: requiredText(
    CATALOGUE_MESSAGES.nameRequired,
    PRODUCT_NAME_MAX_LENGTH,
    CATALOGUE_MESSAGES.nameTooLong,
  ),
  slug: z
    .string({ error: CATALOGUE_MESSAGES.slugInvalid })
    .trim()
    .max(PRODUCT_SLUG_MAX_LENGTH, { error: CATALOGUE_MESSAGES.slugInvalid })
    .refine(isSlug, { error: CATALOGUE_MESSAGES.slugInvalid }),
  status: z.enum(PRODUCT_STATUSES, { error: CATALOGUE_MESSAGES.statusRequired }),
  /** The product's SKU; empty makes one from the slug, absent keeps the product's. */
  sku: z
    .string({ error: CATALOGUE_MESSAGES.skuInvalid })
    .trim()
    .refine((v) => v === '' || SKU_PATTERN.test(v), { error: CATALOGUE_MESSAGES.skuInvalid })
    .optional(),
  /** What the product's prices are for; absent keeps the product's. */
  unit: z.enum(SELLING_UNITS, { error: SELLING_UNIT_MESSAGES.invalid }).optional(),
  short_description: z
    .string()
    .max(SHORT_DESCRIPTION_MAX_LENGTH, { error: CATALOGUE_MESSAGES.shortDescriptionTooLong }),
  description: z
    .string()
    .max(DESCRIPTION_MAX_LENGTH, { error: CATALOGUE_MESSAGES.descriptionTooLong }),
  category_ids: idList(CATALOGUE_MESSAGES.unknownCategory).max(50),
  term_ids: idList(CATALOGUE_MESSAGES.unknownTerm).max(100),
  featured: z.boolean(),
  is_new_arrival: z.boolean(),
  /** The clearance flag: the product shows in Special Deals and stock clearance. */
  on_sale: z.boolean(),
  /** Sold to trade buyers only: retail shoppers never see it. Absent keeps the product's. */
  trade_only: z.boolean().optional(),
  /** The version the editor loaded (see docs/api.md, "Versions"). */
  version: versionField,
});
/**
 * POST /api/admin/products: a new product starts as a draft with its name (and a slug made from
 * it unless one is given); the editor adds the rest before it is published.
 */
export const productCreateSchema = z.object({
  name: productEditSchema.shape.name,
  slug: z.union([z.literal(''), productEditSchema.shape.slug]).default(''),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

export type ProductEditInput = z.input<typeof productEditSchema>;
export type ProductEdit = z.output<typeof productEditSchema>;

/**
 * A row of the sizes grid. A new row (no id) gives every field; a row that exists gives only the
 * fields the staff member changed, and the rest stay as stored. Stock is never written from a
 * figure the form loaded: a changed stock comes with `stock_seen`, the figure the editor saw, and
 * is refused (409) when the stock has moved since (a sale, a cancellation, another save).
 */
export const variationRowSchema = z
  .object({
    /** Absent for a new size. */
    id: z.number().int().positive().optional(),
    option: requiredText(
      CATALOGUE_MESSAGES.optionRequired,
      VARIATION_OPTION_MAX_LENGTH,
      CATALOGUE_MESSAGES.optionTooLong,
    ).optional(),
    sku: z
      .string({ error: CATALOGUE_MESSAGES.skuInvalid })
      .trim()
      .refine((v) => v === '' || SKU_PATTERN.test(v), { error: CATALOGUE_MESSAGES.skuInvalid })
      .transform((v) => (v === '' ? null : v))
      .optional(),
    /** Per m² for sizes, per item for samples, in pounds. */
    price: z
      .string({ error: CATALOGUE_MESSAGES.priceInvalid })
      .trim()
      .refine((v) => (tryToPence(v) ?? -1) >= 0 && (tryToPence(v) ?? Infinity) <= MAX_PRICE_PENCE, {
        error: CATALOGUE_MESSAGES.priceInvalid,
      })
      .transform((v) => tryToPence(v)!)
      .optional(),
    sale_price: optionalMoney(CATALOGUE_MESSAGES.salePriceInvalid).optional(),
    /** London wall-clock minutes ('2026-12-01T09:00'); empty: no start (or no end). */
    sale_from: saleDate.optional(),
    sale_to: saleDate.optional(),
    stock: z
      .string({ error: CATALOGUE_MESSAGES.stockInvalid })
      .trim()
      .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) <= MAX_STOCK), {
        error: CATALOGUE_MESSAGES.stockInvalid,
      })
      .transform((v) => (v === '' ? null : Number(v)))
      .optional(),
    /** The stock the editor loaded (null: not counted); needed with a changed stock. */
    stock_seen: z.number().int().min(0).max(MAX_STOCK).nullable().optional(),
    /** Made or cut to the customer's specification: exempt from the 14-day cancellation right. */
    made_to_order: z.boolean({ error: CATALOGUE_MESSAGES.madeToOrderInvalid }).optional(),
  })
  .superRefine((row, ctx) => {
    const missing = (field: 'option' | 'price' | 'stock', message: string) => {
      if (row[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (row.id === undefined) {
      missing('option', CATALOGUE_MESSAGES.optionRequired);
      missing('price', CATALOGUE_MESSAGES.priceInvalid);
    } else if (row.stock !== undefined && row.stock_seen === undefined) {
      ctx.addIssue({ code: 'custom', path: ['stock'], message: CATALOGUE_MESSAGES.stockUnseen });
    }
    const problem = variationRowProblem(row);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    if (row.made_to_order && row.option !== undefined && variationKind(row.option) !== 'size') {
      ctx.addIssue({
        code: 'custom',
        path: ['made_to_order'],
        message: CATALOGUE_MESSAGES.sampleMadeToOrder,
      });
    }
  });

/**
 * What is wrong with a size's prices, given as far as known (a grid row, or a stored row with a
 * grid row's changes on top): a sale price must be below the price, a free sample free, a
 * full-size sample priced.
 */
export function variationRowProblem(row: {
  option?: string;
  price?: number;
  sale_price?: number | null;
  sale_from?: Date | null;
  sale_to?: Date | null;
}): { field: 'price' | 'sale_price' | 'sale_to'; message: string } | null {
  if (row.sale_from && row.sale_to && row.sale_to.getTime() <= row.sale_from.getTime()) {
    return { field: 'sale_to', message: CATALOGUE_MESSAGES.saleEndsBeforeStart };
  }
  if ((row.sale_from || row.sale_to) && row.sale_price === null) {
    return { field: 'sale_price', message: CATALOGUE_MESSAGES.saleDatesWithoutPrice };
  }
  if (
    row.sale_price !== undefined &&
    row.sale_price !== null &&
    row.price !== undefined &&
    row.sale_price >= row.price
  ) {
    return { field: 'sale_price', message: CATALOGUE_MESSAGES.salePriceInvalid };
  }
  if (
    row.option !== undefined &&
    isFreeSample(row.option) &&
    row.price !== undefined &&
    row.price !== 0
  ) {
    return { field: 'price', message: CATALOGUE_MESSAGES.freeSamplePrice };
  }
  // Only the small cut sample is free: a full-size sample is sold per piece.
  if (
    row.option !== undefined &&
    isFullSizeSample(row.option) &&
    row.price !== undefined &&
    row.price === 0
  ) {
    return { field: 'price', message: CATALOGUE_MESSAGES.fullSizeSamplePrice };
  }
  return null;
}
export type VariationRowInput = z.input<typeof variationRowSchema>;
export type VariationRow = z.output<typeof variationRowSchema>;

export const variationsGridSchema = z
  .object({
    /** The product's version the grid was loaded at (see docs/api.md, "Versions"). */
    version: z.number().int().positive().optional(),
    variations: z
      .array(variationRowSchema)
      .max(MAX_VARIATIONS, { error: CATALOGUE_MESSAGES.tooManyVariations }),
  })
  .superRefine((grid, ctx) => {
    const seen = new Set<string>();
    grid.variations.forEach((row, index) => {
      if (row.option === undefined) return;
      const key = row.option.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variations', index, 'option'],
          message: CATALOGUE_MESSAGES.optionRepeated,
        });
      }
      seen.add(key);
    });
  });
export type VariationsGridInput = z.input<typeof variationsGridSchema>;
export type VariationsGrid = z.output<typeof variationsGridSchema>;

/**
 * How a variation's price is quoted: samples per item, sizes per m².
 *
 * priceUnit('600x400x20') → 'm2'
 * priceUnit('Free Sample') → 'item'
 * priceUnit('Full Size Sample (600x400)') → 'item'
 */
export function priceUnit(option: string): 'm2' | 'item' {
  return isFreeSample(option) || isFullSizeSample(option) ? 'item' : 'm2';
}

/** A product row of the back office's list: a price range, never every variation. */
export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  status: ProductStatus;
  featured: boolean;
  on_sale: boolean;
  is_new_arrival: boolean;
  trade_only: boolean;
  variation_count: number;
  min_price: string | null;
  max_price: string | null;
  stock: number | null;
  image: string | null;
  updated_at: string;
}

export interface AdminVariationJson {
  id: number;
  option: string;
  sku: string | null;
  price_unit: 'm2' | 'item';
  /** The regular price (before any sale), pounds. */
  price: string;
  sale_price: string | null;
  /** London wall-clock minutes ('2026-12-01T09:00'), null: none. */
  sale_from: string | null;
  sale_to: string | null;
  stock: number | null;
  in_stock: boolean;
  /** Made or cut to the customer's specification: exempt from the 14-day cancellation right. */
  made_to_order: boolean;
}

export interface AdminProductJson {
  id: number;
  name: string;
  slug: string;
  sku: string;
  status: ProductStatus;
  unit: SellingUnit;
  short_description: string;
  description: string;
  category_ids: number[];
  term_ids: number[];
  featured: boolean;
  is_new_arrival: boolean;
  on_sale: boolean;
  trade_only: boolean;
  images: { id: number; src: string; alt: string; position: number }[];
  variations: AdminVariationJson[];
  updated_at: string;
  /** Counts saves; a save sends the version it loaded (docs/api.md, "Versions"). */
  version: number;
}

/** The editor's fields as they stand: the form's starting values, and a save that changes nothing. */
export const productEditValues = (p: AdminProductJson): ProductEditInput => ({
  name: p.name,
  slug: p.slug,
  sku: p.sku,
  status: p.status,
  unit: p.unit,
  short_description: p.short_description,
  description: p.description,
  category_ids: p.category_ids,
  term_ids: p.term_ids,
  featured: p.featured,
  is_new_arrival: p.is_new_arrival,
  on_sale: p.on_sale,
  trade_only: p.trade_only,
  version: p.version,
});

/** The sizes grid as it stands, in the strings its fields hold. */
export const variationsGridValues = (p: AdminProductJson): VariationsGridInput => ({
  variations: p.variations.map((v) => ({
    id: v.id,
    option: v.option,
    sku: v.sku ?? '',
    price: v.price,
    sale_price: v.sale_price ?? '',
    sale_from: v.sale_from ?? '',
    sale_to: v.sale_to ?? '',
    stock: v.stock === null ? '' : String(v.stock),
    stock_seen: v.stock,
    made_to_order: v.made_to_order,
  })),
  version: p.version,
});

// The answers of the back office's catalogue routes, for the OpenAPI document.
const priceText = z.string().regex(/^-?\d+\.\d{2}$/);
const statusSchema = z.enum(PRODUCT_STATUSES);

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  status: statusSchema,
  featured: z.boolean(),
  on_sale: z.boolean(),
  is_new_arrival: z.boolean(),
  trade_only: z.boolean(),
  variation_count: z.number().int(),
  min_price: priceText.nullable(),
  max_price: priceText.nullable(),
  stock: z.number().int().nullable(),
  image: z.string().nullable(),
  updated_at: z.string(),
});

export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  sku: z.string(),
  status: statusSchema,
  unit: z.enum(SELLING_UNITS),
  short_description: z.string(),
  description: z.string(),
  category_ids: z.array(z.number().int()),
  term_ids: z.array(z.number().int()),
  featured: z.boolean(),
  is_new_arrival: z.boolean(),
  on_sale: z.boolean(),
  trade_only: z.boolean(),
  images: z.array(
    z.object({
      id: z.number().int(),
      src: z.string(),
      alt: z.string(),
      position: z.number().int(),
    }),
  ),
  variations: z.array(
    z.object({
      id: z.number().int(),
      option: z.string(),
      sku: z.string().nullable(),
      price_unit: z.enum(['m2', 'item']),
      price: priceText,
      sale_price: priceText.nullable(),
      sale_from: z.string().nullable(),
      sale_to: z.string().nullable(),
      stock: z.number().int().nullable(),
      in_stock: z.boolean(),
      made_to_order: z.boolean(),
    }),
  ),
  updated_at: z.string(),
  version: z.number().int(),
});

export const adminTaxonomySchema = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      section: z.string(),
      position: z.number().int(),
      version: z.number().int(),
    }),
  ),
  terms: z.array(
    z.object({
      id: z.number().int(),
      attribute_id: z.number().int(),
      attribute: z.string(),
      name: z.string(),
      slug: z.string(),
      position: z.number().int(),
      version: z.number().int(),
    }),
  ),
});
export type AdminTaxonomy = z.infer<typeof adminTaxonomySchema>;
