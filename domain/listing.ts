// Listing routes (spec section 2), the filters each route starts with (spec section 4), listing
// titles, and filter state kept in the URL query so listings can be linked, shared and rendered
// on the server.
import { COLLECTION_SECTIONS, friendlyName, pathSegments } from './breadcrumb.ts';
import {
  ATTRIBUTES,
  CLEARANCE_CATEGORY,
  COLOUR_SLUGS,
  DEFAULT_SORT,
  FINISH_SLUGS,
  TERMS_PER_ATTRIBUTE_CAP,
  USAGE_SLUGS,
  findAttribute,
  isSortOption,
} from './catalogue.ts';
import type { AttributeParam, AttributeSlug, SortOption } from './catalogue.ts';
import { isSlug } from './slug.ts';

export type ListingAttribute = 'pa_colour' | 'pa_room-type-usage' | 'pa_finish';

/**
 * What a listing route shows. Clearance is its own kind (title, sale prices) whatever route
 * reaches it, including the category route of CLEARANCE_CATEGORY ('stock-clearance'), which is
 * the category that holds the clearance products.
 */
export type ListingQuery =
  | { kind: 'category'; category: string }
  | { kind: 'attribute'; attribute: ListingAttribute; term: string }
  | { kind: 'all' }
  | { kind: 'new-arrivals' }
  | { kind: 'clearance' };

function identities(slugs: readonly string[]): Record<string, string> {
  return Object.fromEntries(slugs.map((slug) => [slug, slug]));
}

function lookup(map: Readonly<Record<string, string>>, key: string): string {
  // hasOwn, so that a route like /colour/constructor never reads Object.prototype.
  return Object.hasOwn(map, key) ? (map[key] as string) : key;
}

/**
 * Route slugs that differ from the category slug they show. The spec's home page links to
 * 'stone-mosaic-tiles'; the others are what the menu rule makes of natural item titles.
 */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  'stone-mosaic-tiles': 'mosaic-tiles',
  'stone-mosaics': 'mosaic-tiles',
  mosaics: 'mosaic-tiles',
  'mouldings-and-skirtings': 'mouldings-skirtings',
  'octagon-and-cabochon-tiles': 'octagon-cabochon-tiles',
  'off-cut-granite-and-quartz': 'off-cut-granite-quartz',
  'stone-slabs': 'slabs',
};

/** Colour route slugs (the menu's plural titles) → colour term slugs; a term maps to itself. */
export const COLOUR_ALIASES: Readonly<Record<string, string>> = {
  ...identities(COLOUR_SLUGS),
  whites: 'white',
  blacks: 'black',
  greys: 'grey',
  'beige-browns': 'beige-brown',
  'cream-yellows': 'cream-yellow',
  'blue-greens': 'blue-green',
  'red-pinks': 'red-pink',
  'multi-colours': 'multi-colour',
};

/** Usage route slugs → usage term slugs; a term maps to itself. */
export const USAGE_ALIASES: Readonly<Record<string, string>> = {
  ...identities(USAGE_SLUGS),
  wetroom: 'wet-room',
  'wet-rooms': 'wet-room',
  'swimming-pool': 'pool',
  'kitchen-splashbacks': 'kitchen-splashback',
};

/** Finish route slugs (short menu titles such as 'Polished') → finish term slugs. */
export const FINISH_ALIASES: Readonly<Record<string, string>> = {
  ...identities(FINISH_SLUGS),
  polished: 'polished-shiny-smooth',
  honed: 'honed-matt-smooth',
  brushed: 'brushed-rough-finish',
  'split-faced': 'split-face',
  tumbled: 'tumbled-rough-edgy',
};

/**
 * The category slug a route or query slug stands for.
 *
 * canonicalCategory('stone-mosaic-tiles') → 'mosaic-tiles'
 * canonicalCategory('Marble-Tiles') → 'marble-tiles'
 * canonicalCategory('slabs') → 'slabs'
 */
export function canonicalCategory(slug: string): string {
  return lookup(CATEGORY_ALIASES, slug.trim().toLowerCase());
}

const TERM_ALIASES: Readonly<Record<AttributeSlug, Readonly<Record<string, string>>>> = {
  pa_material: {},
  'pa_room-type-usage': USAGE_ALIASES,
  pa_finish: FINISH_ALIASES,
  pa_colour: COLOUR_ALIASES,
};

/**
 * The term slug a route or query slug stands for, within one attribute (by id, slug or query
 * parameter). Unknown attributes and slugs come back lower-cased but otherwise unchanged.
 *
 * canonicalTerm(8, 'whites') → 'white'
 * canonicalTerm('pa_finish', 'polished') → 'polished-shiny-smooth'
 * canonicalTerm('usage_area', 'wetroom') → 'wet-room'
 * canonicalTerm(6, 'marble') → 'marble'
 */
export function canonicalTerm(attribute: number | string, slug: string): string {
  const key = slug.trim().toLowerCase();
  const found = findAttribute(attribute);
  return found ? lookup(TERM_ALIASES[found.slug], key) : key;
}

const ATTRIBUTE_ROUTES: Readonly<
  Record<string, { attribute: ListingAttribute; aliases: Readonly<Record<string, string>> }>
> = {
  colour: { attribute: 'pa_colour', aliases: COLOUR_ALIASES },
  'room-type-usage': { attribute: 'pa_room-type-usage', aliases: USAGE_ALIASES },
  finish: { attribute: 'pa_finish', aliases: FINISH_ALIASES },
};

function categoryListing(routeSlug: string): ListingQuery {
  const category = lookup(CATEGORY_ALIASES, routeSlug);
  return category === CLEARANCE_CATEGORY ? { kind: 'clearance' } : { kind: 'category', category };
}

/**
 * The listing a path shows, or null when the path is not a listing route. Segments are matched
 * case-insensitively; a trailing slash, query or hash is ignored. Whether the category or term
 * exists is the loader's question, not this function's.
 *
 * resolveListing('/collections/stone-collection/marble-tiles')
 *   → { kind: 'category', category: 'marble-tiles' }
 * resolveListing('/collections/stone-collection/stone-mosaic-tiles')
 *   → { kind: 'category', category: 'mosaic-tiles' }
 * resolveListing('/collections/design-pattern-collection/herringbone-tiles')
 *   → { kind: 'category', category: 'herringbone-tiles' }
 * resolveListing('/collections/slabs') → { kind: 'category', category: 'slabs' }
 * resolveListing('/colour/whites') → { kind: 'attribute', attribute: 'pa_colour', term: 'white' }
 * resolveListing('/room-type-usage/bathroom')
 *   → { kind: 'attribute', attribute: 'pa_room-type-usage', term: 'bathroom' }
 * resolveListing('/finish/split-face') → { kind: 'attribute', attribute: 'pa_finish', term: 'split-face' }
 * resolveListing('/stone-collection/all-products') → { kind: 'all' }
 * resolveListing('/stone-collection/stock-clearance') → { kind: 'clearance' }
 * resolveListing('/new-arrivals') → { kind: 'new-arrivals' }
 * resolveListing('/collections') → null; resolveListing('/faq') → null
 */
export function resolveListing(pathname: string): ListingQuery | null {
  const segments = pathSegments(pathname).map((segment) => segment.toLowerCase());
  if (segments.length === 0 || !segments.every(isSlug)) return null;
  const [first, second, third] = segments;

  if (segments.length === 1) return first === 'new-arrivals' ? { kind: 'new-arrivals' } : null;

  if (segments.length === 2 && second !== undefined) {
    if (first === 'stone-collection') {
      // Any item, not only the two of the route list: the menu's Stock Clearance group links
      // /stone-collection/{item} for whatever items it holds.
      return second === 'all-products' ? { kind: 'all' } : categoryListing(second);
    }
    if (first === 'collections') {
      return COLLECTION_SECTIONS.includes(second) ? null : categoryListing(second);
    }
    const route =
      first !== undefined && Object.hasOwn(ATTRIBUTE_ROUTES, first)
        ? ATTRIBUTE_ROUTES[first]
        : null;
    return route
      ? { kind: 'attribute', attribute: route.attribute, term: lookup(route.aliases, second) }
      : null;
  }

  if (segments.length === 3 && first === 'collections' && third !== undefined) {
    return categoryListing(third);
  }
  return null;
}

/**
 * A category listing's path once its category took a new slug: the category is the path's last
 * segment in every category route.
 *
 * renamedListingPath('/collections/stone-collection/marble-tiles', 'marble') → '/collections/stone-collection/marble'
 * renamedListingPath('/stone-collection/limestone-tiles/', 'limestone') → '/stone-collection/limestone'
 */
export function renamedListingPath(pathname: string, slug: string): string {
  const segments = pathSegments(pathname);
  return `/${[...segments.slice(0, -1), slug].join('/')}`;
}

/**
 * Material filter preset on a material's own collection (marble-tiles → marble). Other
 * collections preset nothing: their category already is the whole restriction.
 */
export const MATERIAL_COLLECTION_PRESETS: Readonly<Record<string, string>> = {
  'marble-tiles': 'marble',
  'limestone-tiles': 'limestone',
  'travertine-tiles': 'travertine',
  'slate-tiles': 'slate',
  'granite-tiles': 'granite',
};

export type FilterSelection = Record<AttributeSlug, string[]>;

/**
 * A selection with nothing chosen.
 *
 * emptyFilterSelection() → { pa_material: [], 'pa_room-type-usage': [], pa_finish: [], pa_colour: [] }
 */
export function emptyFilterSelection(): FilterSelection {
  return { pa_material: [], 'pa_room-type-usage': [], pa_finish: [], pa_colour: [] };
}

/**
 * The filters a route starts with, by attribute (spec section 4).
 *
 * presetFilterSelection('/colour/whites').pa_colour → ['white']
 * presetFilterSelection('/collections/stone-collection/marble-tiles').pa_material → ['marble']
 * presetFilterSelection('/new-arrivals') → emptyFilterSelection()
 */
export function presetFilterSelection(pathname: string): FilterSelection {
  const selection = emptyFilterSelection();
  const listing = resolveListing(pathname);
  if (listing?.kind === 'attribute') selection[listing.attribute].push(listing.term);
  if (
    listing?.kind === 'category' &&
    Object.hasOwn(MATERIAL_COLLECTION_PRESETS, listing.category)
  ) {
    selection.pa_material.push(lookup(MATERIAL_COLLECTION_PRESETS, listing.category));
  }
  return selection;
}

/**
 * The term slugs a route's filters are preset to (spec section 4): the term of a colour, usage or
 * finish route; the material of a material collection; nothing on all-products, new-arrivals,
 * clearance, other collections and non-listing paths.
 *
 * presetFilters('/colour/whites') → ['white']
 * presetFilters('/room-type-usage/bathroom') → ['bathroom']
 * presetFilters('/finish/polished') → ['polished-shiny-smooth']
 * presetFilters('/collections/stone-collection/marble-tiles') → ['marble']
 * presetFilters('/collections/slabs') → []
 * presetFilters('/stone-collection/all-products') → []
 * presetFilters('/new-arrivals') → []
 */
export function presetFilters(pathname: string): string[] {
  return flattenFilterSelection(presetFilterSelection(pathname));
}

/**
 * The title of a listing page: New Arrivals, All Products or Stock Clearance, otherwise the
 * friendly name or title-cased words of the last path segment.
 *
 * listingTitle('/new-arrivals') → 'New Arrivals'
 * listingTitle('/stone-collection/all-products') → 'All Products'
 * listingTitle('/stone-collection/stock-clearance') → 'Stock Clearance'
 * listingTitle('/colour/whites') → 'Whites'
 * listingTitle('/colour/beige-browns') → 'Beige & Browns'
 * listingTitle('/collections/stone-collection/marble-tiles') → 'Marble Tiles'
 * listingTitle('/collections/stone-collection/mouldings-skirtings') → 'Mouldings & Skirtings'
 * listingTitle('/') → ''
 */
export function listingTitle(pathname: string): string {
  const listing = resolveListing(pathname);
  if (listing?.kind === 'new-arrivals') return 'New Arrivals';
  if (listing?.kind === 'all') return 'All Products';
  if (listing?.kind === 'clearance') return 'Stock Clearance';
  const last = pathSegments(pathname).at(-1);
  return last === undefined ? '' : friendlyName(last);
}

/** URL query key of each attribute's filter (the API's own parameter names). */
export const FILTER_QUERY_KEYS: Readonly<Record<AttributeSlug, AttributeParam>> = {
  pa_material: 'material',
  'pa_room-type-usage': 'usage_area',
  pa_finish: 'stone_finish',
  pa_colour: 'stone_colour',
};
export const SORT_QUERY_KEY = 'sort';
export const PAGE_QUERY_KEY = 'page';

/**
 * Filter state from the URL query: each attribute's key, repeated or comma-separated. Values are
 * lower-cased, malformed slugs dropped, duplicates removed, at most 100 per attribute.
 *
 * parseFilterQuery(new URLSearchParams('stone_colour=white,grey&material=marble'))
 *   → { pa_material: ['marble'], 'pa_room-type-usage': [], pa_finish: [], pa_colour: ['white', 'grey'] }
 * parseFilterQuery(new URLSearchParams('stone_colour=white&stone_colour=White'))
 *   → { ..., pa_colour: ['white'] }
 * parseFilterQuery(new URLSearchParams('stone_colour=<script>')) → { ..., pa_colour: [] }
 */
export function parseFilterQuery(search: URLSearchParams): FilterSelection {
  const selection = emptyFilterSelection();
  for (const attribute of ATTRIBUTES) {
    const slugs = search
      .getAll(FILTER_QUERY_KEYS[attribute.slug])
      .flatMap((value) => value.split(','))
      .map((value) => value.trim().toLowerCase())
      .filter(isSlug);
    selection[attribute.slug] = [...new Set(slugs)].slice(0, TERMS_PER_ATTRIBUTE_CAP);
  }
  return selection;
}

/**
 * The sort in the URL query, or the default for a missing or unknown value.
 *
 * parseSortQuery(new URLSearchParams('sort=price-asc')) → 'price-asc'
 * parseSortQuery(new URLSearchParams('sort=cheapest')) → 'popularity-desc'
 */
export function parseSortQuery(search: URLSearchParams): SortOption {
  const value = search.get(SORT_QUERY_KEY);
  return isSortOption(value) ? value : DEFAULT_SORT;
}

/**
 * The page in the URL query: a whole number from 1, or 1 for anything else.
 *
 * parsePageQuery(new URLSearchParams('page=3')) → 3
 * parsePageQuery(new URLSearchParams('page=0')) → 1
 * parsePageQuery(new URLSearchParams('page=abc')) → 1
 */
export function parsePageQuery(search: URLSearchParams): number {
  const value = search.get(PAGE_QUERY_KEY) ?? '';
  const page = /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return page >= 1 ? page : 1;
}

export interface ListingSearch {
  filters: FilterSelection;
  sort: SortOption;
  page: number;
}

/**
 * Filters, sort and page from the URL query in one go.
 *
 * parseListingSearch(new URLSearchParams('finish=x&stone_finish=honed-matt-smooth&page=2'))
 *   → { filters: { ..., pa_finish: ['honed-matt-smooth'] }, sort: 'popularity-desc', page: 2 }
 */
export function parseListingSearch(search: URLSearchParams): ListingSearch {
  return {
    filters: parseFilterQuery(search),
    sort: parseSortQuery(search),
    page: parsePageQuery(search),
  };
}

/**
 * Writes filter state into a URL query, keeping unrelated keys of `base` (such as a search text).
 * Each slug is its own repeated key, sorted, so equal selections give equal URLs; the default
 * sort and page 1 are left out.
 *
 * serializeFilterQuery({ filters: { pa_colour: ['white', 'black'] } }).toString()
 *   → 'stone_colour=black&stone_colour=white'
 * serializeFilterQuery({ sort: 'price-asc', page: 2 }).toString() → 'sort=price-asc&page=2'
 * serializeFilterQuery({ filters: {} }, new URLSearchParams('q=marble&page=4')).toString()
 *   → 'q=marble'
 */
export function serializeFilterQuery(
  state: { filters?: Partial<FilterSelection>; sort?: SortOption; page?: number },
  base?: URLSearchParams,
): URLSearchParams {
  const query = new URLSearchParams(base);
  for (const key of [...Object.values(FILTER_QUERY_KEYS), SORT_QUERY_KEY, PAGE_QUERY_KEY]) {
    query.delete(key);
  }
  for (const attribute of ATTRIBUTES) {
    const slugs = [...new Set(state.filters?.[attribute.slug] ?? [])].sort();
    for (const slug of slugs) query.append(FILTER_QUERY_KEYS[attribute.slug], slug);
  }
  if (state.sort !== undefined && state.sort !== DEFAULT_SORT)
    query.set(SORT_QUERY_KEY, state.sort);
  if (state.page !== undefined && Number.isInteger(state.page) && state.page > 1) {
    query.set(PAGE_QUERY_KEY, String(state.page));
  }
  return query;
}

/**
 * Checking a term's box: adds the slug, or removes it when already selected.
 *
 * toggleFilterTerm(emptyFilterSelection(), 'pa_colour', 'white').pa_colour → ['white']
 * toggleFilterTerm({ ...emptyFilterSelection(), pa_colour: ['white'] }, 'pa_colour', 'white')
 *   .pa_colour → []
 */
export function toggleFilterTerm(
  selection: FilterSelection,
  attribute: AttributeSlug,
  slug: string,
): FilterSelection {
  const current = selection[attribute];
  const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
  return { ...selection, [attribute]: next };
}

/**
 * Clicking a chip: removes the slug from whichever attribute holds it.
 *
 * removeFilterTerm({ ...emptyFilterSelection(), pa_finish: ['split-face'] }, 'split-face')
 *   .pa_finish → []
 */
export function removeFilterTerm(selection: FilterSelection, slug: string): FilterSelection {
  const next = emptyFilterSelection();
  for (const attribute of ATTRIBUTES) {
    next[attribute.slug] = selection[attribute.slug].filter((s) => s !== slug);
  }
  return next;
}

/**
 * An attribute's 'clear' link: removes all slugs of that attribute.
 *
 * clearFilterAttribute({ ...emptyFilterSelection(), pa_colour: ['white', 'grey'] }, 'pa_colour')
 *   .pa_colour → []
 */
export function clearFilterAttribute(
  selection: FilterSelection,
  attribute: AttributeSlug,
): FilterSelection {
  return { ...selection, [attribute]: [] };
}

/**
 * All selected slugs in attribute display order (material, usage, finish, colour): the chips.
 *
 * flattenFilterSelection({ ...emptyFilterSelection(), pa_colour: ['white'], pa_material: ['slate'] })
 *   → ['slate', 'white']
 */
export function flattenFilterSelection(selection: FilterSelection): string[] {
  return ATTRIBUTES.flatMap((attribute) => selection[attribute.slug]);
}
