import { z } from '#domain/zod.ts';
import { MAX_SEARCH_LENGTH } from './catalogue.ts';

/** Query-string limits of the catalogue API (design.md section 5). */
export const MAX_PAGE = 10_000;
export const MAX_PER_PAGE_PARAM = 100;
export const MAX_FILTER_TERMS = 50;

export const SORT_VALUES = [
  'popularity-desc',
  'date-desc',
  'date-asc',
  'title-asc',
  'title-desc',
  'price-asc',
  'price-desc',
] as const;
export type SortValue = (typeof SORT_VALUES)[number];

/** WooCommerce-style orderby values accepted by GET /api/products. */
export const ORDERBY_VALUES = ['date', 'id', 'title', 'slug', 'price', 'popularity'] as const;

const slug = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/i, 'Must be a slug of letters, digits and hyphens');

/** `?page=2`; a repeated key (`?page=1&page=2`) is a client mistake, not a list. */
export const single = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (Array.isArray(value) ? { repeated: value.length } : value), schema);

/** A whole-number query parameter within [min, max], `fallback` when absent. */
export const intParam = (min: number, max: number, fallback: number) =>
  single(
    z.coerce
      .number({ error: 'Must be a whole number' })
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .max(max, `Must be at most ${max}`)
      .default(fallback),
  );

/** `?featured=true`: true, false, 1 or 0; absent: undefined. */
export const boolParam = single(
  z
    .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

/** `?stone_colour=white,grey` or `?stone_colour=white&stone_colour=grey`. */
const termList = z.preprocess(
  (value) =>
    value === undefined
      ? undefined
      : (Array.isArray(value) ? value : [value]).flatMap((v) =>
          typeof v === 'string' ? v.split(',').filter(Boolean) : [v],
        ),
  z.array(slug).max(MAX_FILTER_TERMS, `At most ${MAX_FILTER_TERMS} terms`).optional(),
);

/** Filters and sort every listing endpoint accepts beyond the spec's own parameters. */
export const listingExtras = {
  material: termList,
  usage_area: termList,
  stone_finish: termList,
  stone_colour: termList,
  sort: single(z.enum(SORT_VALUES, { error: 'Unknown sort option' }).optional()),
  search: single(z.string().trim().max(MAX_SEARCH_LENGTH).optional()),
  facets: boolParam,
};

export const pagingParams = (perPage: number) => ({
  page: intParam(1, MAX_PAGE, 1),
  per_page: intParam(1, MAX_PER_PAGE_PARAM, perPage),
});

export const productsQuerySchema = z.object({
  ...pagingParams(9),
  ...listingExtras,
  category: single(slug.optional()),
  featured: boolParam,
  on_sale: boolParam,
  orderby: single(z.enum(ORDERBY_VALUES, { error: 'Unknown orderby' }).default('date')),
  order: single(z.enum(['asc', 'desc'], { error: 'Must be asc or desc' }).default('desc')),
  status: single(
    z.enum(['publish'], { error: 'Only published products are listed' }).default('publish'),
  ),
});

export const byCategoryQuerySchema = z.object({
  ...pagingParams(12),
  ...listingExtras,
  category: single(slug),
});

export const newArrivalsQuerySchema = z.object({ ...pagingParams(12), ...listingExtras });

export const filteredProductsQuerySchema = z.object({ ...pagingParams(12), ...listingExtras });

export const limitQuery = (fallback: number) =>
  z.object({ limit: intParam(1, MAX_PER_PAGE_PARAM, fallback) });

export const termsQuerySchema = z.object({ ...pagingParams(100) });

export const idParams = z.object({
  id: z.coerce.number({ error: 'Must be a whole number' }).int().min(1).max(2_147_483_647),
});

export const slugParams = z.object({ slug: z.string().min(1).max(200) });
