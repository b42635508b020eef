// What a listing page asks the API for: the route's listing, with the filters, sort and search
// text held in the page's URL query. Used by the route loader (server) and Load More (browser).
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ATTRIBUTES,
  CLEARANCE_CATEGORY,
  DEFAULT_SORT,
  MAX_SEARCH_LENGTH,
  PAGE_SIZE,
} from '#domain/catalogue.ts';
import type { SortOption } from '#domain/catalogue.ts';
import type { ListingJson, ProductCardJson } from '#domain/api-types.ts';
import {
  FILTER_QUERY_KEYS,
  flattenFilterSelection,
  parseFilterQuery,
  parseSortQuery,
  presetFilterSelection,
  serializeFilterQuery,
  type FilterSelection,
  type ListingQuery,
} from '#domain/listing.ts';
import { apiFetch } from './api.ts';

export const SEARCH_QUERY_KEY = 'search';

/** The shopper's view of a listing: everything the URL query holds. */
export interface ListingView {
  filters: FilterSelection;
  sort: SortOption;
  search: string;
}

/**
 * The view a listing URL asks for. Without any filter key in the query the route's presets
 * apply (spec section 4); once the shopper has chosen, the query holds the whole selection.
 */
export function listingView(pathname: string, query: URLSearchParams): ListingView {
  const hasFilterKey = Object.values(FILTER_QUERY_KEYS).some((key) => query.has(key));
  return {
    filters: hasFilterKey ? parseFilterQuery(query) : presetFilterSelection(pathname),
    sort: parseSortQuery(query),
    search: (query.get(SEARCH_QUERY_KEY) ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
  };
}

/**
 * The URL query for a view on a listing route. A selection emptied on a route with presets keeps
 * one empty filter key, so the presets do not come back.
 */
export function listingViewQuery(pathname: string, view: ListingView): URLSearchParams {
  const query = serializeFilterQuery({ filters: view.filters, sort: view.sort });
  if (view.search) query.set(SEARCH_QUERY_KEY, view.search);
  const emptied =
    flattenFilterSelection(view.filters).length === 0 &&
    flattenFilterSelection(presetFilterSelection(pathname)).length > 0;
  if (emptied) query.set(FILTER_QUERY_KEYS.pa_material, '');
  return query;
}

const ENDPOINTS: Record<ListingQuery['kind'], string> = {
  category: '/api/products/by-category',
  clearance: '/api/products/by-category',
  attribute: '/api/filtered-products',
  all: '/api/products',
  'new-arrivals': '/api/products/new-arrivals',
};

/**
 * The API path of one page of a listing. Facet counts are asked for with the first page only:
 * later pages share its filters.
 *
 * listingApiPath({ kind: 'category', category: 'slabs' }, view, 2)
 *   → '/api/products/by-category?category=slabs&sort=popularity-desc&per_page=12&page=2'
 */
export function listingApiPath(listing: ListingQuery, view: ListingView, page: number): string {
  const query = new URLSearchParams();
  if (listing.kind === 'category') query.set('category', listing.category);
  if (listing.kind === 'clearance') query.set('category', CLEARANCE_CATEGORY);
  for (const attribute of ATTRIBUTES) {
    const slugs = view.filters[attribute.slug];
    if (slugs.length > 0) query.set(attribute.param, slugs.join(','));
  }
  if (view.search) query.set('search', view.search);
  // A search without a chosen sort is ordered by relevance.
  if (!(view.search && view.sort === DEFAULT_SORT)) query.set('sort', view.sort);
  query.set('per_page', String(PAGE_SIZE.infinite));
  query.set('page', String(page));
  if (page === 1) query.set('facets', 'true');
  return `${ENDPOINTS[listing.kind]}?${query}`;
}

/**
 * The listing's pages: the first from the route loader, further ones fetched by Load More.
 */
export function useListingPages(
  listing: ListingQuery,
  view: ListingView,
  first: ListingJson<ProductCardJson>,
) {
  return useInfiniteQuery({
    queryKey: ['listing', listingApiPath(listing, view, 1)],
    queryFn: ({ pageParam, signal }): Promise<ListingJson<ProductCardJson>> =>
      apiFetch<ListingJson>(listingApiPath(listing, view, pageParam), { signal }),
    initialPageParam: first.meta.current_page,
    initialData: { pages: [first], pageParams: [first.meta.current_page] },
    getNextPageParam: (last) => (last.meta.has_next_page ? last.meta.current_page + 1 : undefined),
  });
}
