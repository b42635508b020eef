// Catalogue vocabulary and the shop's business constants (spec sections 3 and 9).

export interface Term {
  slug: string;
  name: string;
}

/** The four filter attributes, in display order: ids 6, 7, 2, 8 (spec section 3). */
export const ATTRIBUTES = [
  { id: 6, name: 'Material', slug: 'pa_material', param: 'material' },
  { id: 7, name: 'Room Type Usage', slug: 'pa_room-type-usage', param: 'usage_area' },
  { id: 2, name: 'Finish', slug: 'pa_finish', param: 'stone_finish' },
  { id: 8, name: 'Colour', slug: 'pa_colour', param: 'stone_colour' },
] as const;

export type Attribute = (typeof ATTRIBUTES)[number];

/** The material attribute's id: the stone a product is cut from (its density sets its weight). */
export const MATERIAL_ATTRIBUTE_ID = 6;
export type AttributeSlug = Attribute['slug'];
export type AttributeParam = Attribute['param'];
export type AttributeId = Attribute['id'];

export const ATTRIBUTE_SLUGS: readonly AttributeSlug[] = ATTRIBUTES.map((a) => a.slug);

/**
 * The attribute with a given slug, id or query parameter, or null.
 *
 * findAttribute('pa_colour')?.id → 8
 * findAttribute(7)?.slug → 'pa_room-type-usage'
 * findAttribute('stone_finish')?.slug → 'pa_finish'
 * findAttribute('pa_sizemm') → null
 */
export function findAttribute(key: string | number): Attribute | null {
  return ATTRIBUTES.find((a) => a.slug === key || a.id === key || a.param === key) ?? null;
}

/**
 * The stone-collection categories of spec section 3, in the spec's order. Each name slugifies to
 * its slug.
 */
export const STONE_COLLECTION_CATEGORIES: readonly Term[] = [
  { slug: 'marble-tiles', name: 'Marble Tiles' },
  { slug: 'limestone-tiles', name: 'Limestone Tiles' },
  { slug: 'mosaic-tiles', name: 'Mosaic Tiles' },
  { slug: 'travertine-tiles', name: 'Travertine Tiles' },
  { slug: 'slate-tiles', name: 'Slate Tiles' },
  { slug: 'stone-pavers', name: 'Stone Pavers' },
  { slug: 'granite-tiles', name: 'Granite Tiles' },
  { slug: 'clay-brick-slips', name: 'Clay Brick Slips' },
  { slug: 'bookmatch-slabs', name: 'Bookmatch Slabs' },
  { slug: 'slabs', name: 'Slabs' },
  { slug: 'vanity-tops', name: 'Vanity Tops' },
  { slug: 'off-cut-granite-quartz', name: 'Off-Cut Granite & Quartz' },
  { slug: 'window-sills', name: 'Window Sills' },
  { slug: 'mouldings-skirtings', name: 'Mouldings & Skirtings' },
  { slug: 'stone-sinks', name: 'Stone Sinks' },
  { slug: 'slate-hearths', name: 'Slate Hearths' },
  { slug: 'table-tops', name: 'Table Tops' },
  { slug: 'chequerboard-tiles', name: 'Chequerboard Tiles' },
  { slug: 'herringbone-tiles', name: 'Herringbone Tiles' },
  { slug: 'hexagon-tiles', name: 'Hexagon Tiles' },
  { slug: 'metro-tiles', name: 'Metro Tiles' },
  { slug: 'maxi-chequerboard-tiles', name: 'Maxi Chequerboard Tiles' },
  { slug: 'octagon-cabochon-tiles', name: 'Octagon & Cabochon Tiles' },
  { slug: 'triangle-tiles', name: 'Triangle Tiles' },
  { slug: 'stock-clearance', name: 'Stock Clearance' },
  { slug: 'tiling-products', name: 'Tiling Products' },
];
export const STONE_COLLECTION_SLUGS: readonly string[] = STONE_COLLECTION_CATEGORIES.map(
  (c) => c.slug,
);

/** The category that holds clearance products. */
export const CLEARANCE_CATEGORY = 'stock-clearance';

/** Colour terms (pa_colour) of spec section 3. */
export const COLOUR_TERMS: readonly Term[] = [
  { slug: 'white', name: 'White' },
  { slug: 'black', name: 'Black' },
  { slug: 'grey', name: 'Grey' },
  { slug: 'beige-brown', name: 'Beige & Brown' },
  { slug: 'cream-yellow', name: 'Cream & Yellow' },
  { slug: 'blue-green', name: 'Blue & Green' },
  { slug: 'red-pink', name: 'Red & Pink' },
  { slug: 'multi-colour', name: 'Multi Colour' },
];
export const COLOUR_SLUGS: readonly string[] = COLOUR_TERMS.map((t) => t.slug);

/** Usage-area terms (pa_room-type-usage) of spec section 3. */
export const USAGE_TERMS: readonly Term[] = [
  { slug: 'kitchen', name: 'Kitchen' },
  { slug: 'kitchen-splashback', name: 'Kitchen Splashback' },
  { slug: 'bathroom', name: 'Bathroom' },
  { slug: 'bathroom-floor', name: 'Bathroom Floor' },
  { slug: 'living-room', name: 'Living Room' },
  { slug: 'living-room-floor', name: 'Living Room Floor' },
  { slug: 'outdoor', name: 'Outdoor' },
  { slug: 'pool', name: 'Pool' },
  { slug: 'wet-room', name: 'Wet Room' },
];
export const USAGE_SLUGS: readonly string[] = USAGE_TERMS.map((t) => t.slug);

/** Finish terms (pa_finish) of spec section 3. */
export const FINISH_TERMS: readonly Term[] = [
  { slug: 'polished-shiny-smooth', name: 'Polished (Shiny & Smooth)' },
  { slug: 'honed-matt-smooth', name: 'Honed (Matt & Smooth)' },
  { slug: 'brushed-rough-finish', name: 'Brushed (Rough Finish)' },
  { slug: 'split-face', name: 'Split Face' },
  { slug: 'tumbled-rough-edgy', name: 'Tumbled (Rough & Edgy)' },
];
export const FINISH_SLUGS: readonly string[] = FINISH_TERMS.map((t) => t.slug);

/**
 * Material terms (pa_material). The spec names none; these are the stones the shop's collections
 * are made of (the first five each have a '{material}-tiles' collection), plus terrazzo and the
 * clay of the brick slips.
 */
export const MATERIAL_TERMS: readonly Term[] = [
  { slug: 'marble', name: 'Marble' },
  { slug: 'limestone', name: 'Limestone' },
  { slug: 'travertine', name: 'Travertine' },
  { slug: 'slate', name: 'Slate' },
  { slug: 'granite', name: 'Granite' },
  { slug: 'sandstone', name: 'Sandstone' },
  { slug: 'quartzite', name: 'Quartzite' },
  { slug: 'onyx', name: 'Onyx' },
  { slug: 'terrazzo', name: 'Terrazzo' },
  { slug: 'clay', name: 'Clay' },
];
export const MATERIAL_SLUGS: readonly string[] = MATERIAL_TERMS.map((t) => t.slug);

/** The known terms of each attribute (the seed's vocabulary; the database may hold more). */
export const TERMS_BY_ATTRIBUTE: Readonly<Record<AttributeSlug, readonly Term[]>> = {
  pa_material: MATERIAL_TERMS,
  'pa_room-type-usage': USAGE_TERMS,
  pa_finish: FINISH_TERMS,
  pa_colour: COLOUR_TERMS,
};

/** The seven sort options of spec section 3, in dropdown order. */
export const SORT_OPTIONS = [
  { value: 'popularity-desc', label: 'Most Popular' },
  { value: 'date-desc', label: 'Newest' },
  { value: 'date-asc', label: 'Oldest' },
  { value: 'title-asc', label: 'Name: A to Z' },
  { value: 'title-desc', label: 'Name: Z to A' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
] as const;

export type SortOption = (typeof SORT_OPTIONS)[number]['value'];
export const DEFAULT_SORT: SortOption = 'popularity-desc';

/**
 * True for one of the seven sort values.
 *
 * isSortOption('price-asc') → true
 * isSortOption('price') → false
 */
export function isSortOption(value: unknown): value is SortOption {
  return SORT_OPTIONS.some((option) => option.value === value);
}

/**
 * A sort value split into the field and direction a query orders by.
 *
 * sortOrder('price-asc') → { field: 'price', direction: 'asc' }
 * sortOrder('popularity-desc') → { field: 'popularity', direction: 'desc' }
 */
export function sortOrder(sort: SortOption): {
  field: 'popularity' | 'date' | 'title' | 'price';
  direction: 'asc' | 'desc';
} {
  const [field, direction] = sort.split('-') as [
    'popularity' | 'date' | 'title' | 'price',
    'asc' | 'desc',
  ];
  return { field, direction };
}

/** Items per page of each list (spec section 9). */
export const PAGE_SIZE = {
  collection: 12,
  colour: 12,
  usage: 12,
  finish: 12,
  newArrivals: 12,
  blog: 12,
  infinite: 12,
  products: 9,
  clearance: 9,
  posts: 5,
} as const;

/** Largest per_page any list accepts (design.md section 5: above it answers 400). */
export const MAX_PER_PAGE = 100;
/** A search text is cut to this many characters. */
export const MAX_SEARCH_LENGTH = 200;
/** Terms fetched per attribute (GET /attribute/{id}/terms?per_page=100). */
export const TERMS_PER_ATTRIBUTE_CAP = 100;
/** Terms shown before the '+N more' hint. */
export const VISIBLE_TERMS = 7;

/**
 * The N of the '+N more' hint, shown only when an attribute has more than 7 terms.
 *
 * hiddenTermCount(7) → 0
 * hiddenTermCount(10) → 3
 */
export function hiddenTermCount(termCount: number): number {
  return Math.max(0, termCount - VISIBLE_TERMS);
}

/**
 * Number of pages for a list: ceil(total / perPage), 0 for an empty list.
 *
 * pageCount(0, 12) → 0
 * pageCount(12, 12) → 1
 * pageCount(13, 12) → 2
 * pageCount(100, 9) → 12
 */
export function pageCount(total: number, perPage: number): number {
  if (!(Number.isInteger(perPage) && perPage > 0)) {
    throw new RangeError(`perPage must be a positive integer, got ${perPage}`);
  }
  return total > 0 ? Math.ceil(total / perPage) : 0;
}

/**
 * The `meta` of a list answer (spec section 3's shape, used by every list the API gives).
 *
 * listMeta(1, 12, 13) → { current_page: 1, has_next_page: true, total_pages: 2, total_products: 13, per_page: 12 }
 */
export function listMeta(page: number, perPage: number, total: number) {
  const totalPages = pageCount(total, perPage);
  return {
    current_page: page,
    has_next_page: page < totalPages,
    total_pages: totalPages,
    total_products: total,
    per_page: perPage,
  };
}

const MINUTE_MS = 60_000;

/** Client cache times (spec section 9), as TanStack Query's staleTime and gcTime. */
export const CACHE_TIMES = {
  listFreshMs: 300_000,
  listKeptMs: 600_000,
  variationsMs: 5 * MINUTE_MS,
  termsMs: 10 * MINUTE_MS,
  blogMs: 5 * MINUTE_MS,
  userFreshMs: 5 * MINUTE_MS,
  userRetainedMs: 60 * MINUTE_MS,
} as const;

/** Data-fetching defaults (spec section 9). The user query is not retried. */
export const QUERY_DEFAULTS = {
  queryRetries: 3,
  mutationRetries: 0,
  userRetries: 0,
  retryDelayBaseMs: 1_000,
  retryDelayMaxMs: 30_000,
  gcTimeMs: 5 * MINUTE_MS,
} as const;

/**
 * Delay before retry number `attemptIndex` (0-based): doubling from 1 s, at most 30 s.
 *
 * retryDelayMs(0) → 1000
 * retryDelayMs(1) → 2000
 * retryDelayMs(5) → 30000
 */
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(
    QUERY_DEFAULTS.retryDelayBaseMs * 2 ** Math.max(0, attemptIndex),
    QUERY_DEFAULTS.retryDelayMaxMs,
  );
}

/**
 * Whether a failed query is tried again: up to three retries for a failure that may pass (no
 * answer, a 5xx, 408 or 429), never for another 4xx. A 403 or 404 is the final answer, and
 * retrying it only kept the page on its spinner for seven seconds before saying so.
 *
 * retriesQuery(0, undefined) → true (the network failed)
 * retriesQuery(0, 503) → true
 * retriesQuery(0, 403) → false
 * retriesQuery(3, 503) → false (three retries made)
 */
export function retriesQuery(failureCount: number, status: number | undefined): boolean {
  if (failureCount >= QUERY_DEFAULTS.queryRetries) return false;
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

export const HERO_INTERVAL_MS = 10_000;
export const HERO_SLIDE_COUNT = 4;
export const MOBILE_BREAKPOINT_PX = 768;
export const CAROUSEL_PAGE_SIZE = 4;
export const CAROUSEL_MAX_ITEMS = 8;
export const PRODUCT_THUMBNAILS_MAX = 4;
export const SUCCESS_BANNER_MS = 3_000;

/** Side drawer widths in px (spec section 9). */
export const DRAWER_WIDTHS_PX = {
  basket: 650,
  filters: 650,
  size: 680,
  quickView: 620,
} as const;

/** Delivery texts of the product page (spec section 2). */
export const DELIVERY_NOTE = 'Available for delivery in 3-5 working days';
export const DELIVERY_COSTS_NOTE = 'Delivery date and costs confirmed at checkout';

/**
 * Index of the next item in a cycle of `count` (hero slides, lightbox images), wrapping around.
 *
 * cycleIndex(3, 4, 1) → 0
 * cycleIndex(0, 4, -1) → 3
 * cycleIndex(1, 4, 1) → 2
 */
export function cycleIndex(index: number, count: number, step: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
