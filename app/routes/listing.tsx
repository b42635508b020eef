import {
  data,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from 'react-router';
import type { ListingJson } from '#domain/api-types.ts';
import { breadcrumb } from '#domain/breadcrumb.ts';
import { productCard } from '#domain/product-card.ts';
import { findAttribute } from '#domain/catalogue.ts';
import {
  clearFilterAttribute,
  listingTitle,
  removeFilterTerm,
  renamedListingPath,
  resolveListing,
  toggleFilterTerm,
  type FilterSelection,
} from '#domain/listing.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { Breadcrumb, breadcrumbJsonLd } from '../components/layout/Breadcrumb.tsx';
import { FilterChips } from '../components/listing/FilterChips.tsx';
import { FilterDrawer } from '../components/listing/FilterDrawer.tsx';
import { FilterDropdowns } from '../components/listing/FilterDropdowns.tsx';
import { ListingResults } from '../components/listing/ListingResults.tsx';
import { SortSelect } from '../components/listing/SortSelect.tsx';
import {
  listingApiPath,
  listingView,
  listingViewQuery,
  type ListingView,
} from '../lib/listing-query.ts';

export async function loader({ request, context }: { request: Request; context: PageLoadContext }) {
  const url = new URL(request.url);
  const listing = resolveListing(url.pathname);
  if (!listing) throw data(null, { status: 404 });
  const view = listingView(url.pathname, url.searchParams);
  const title = view.search ? `Search results for “${view.search}”` : listingTitle(url.pathname);
  // Critical data: the first page. A failure still renders the page, with the spec's texts.
  const answer = await context.api<ListingJson>(listingApiPath(listing, view, 1)).catch(() => null);
  // A renamed category: its old links keep working, as a product's do.
  if (answer?.status === 301) {
    const moved = answer.data as unknown as { slug: string };
    throw redirect(`${renamedListingPath(url.pathname, moved.slug)}${url.search}`, 301);
  }
  const first =
    answer?.status === 200 ? { ...answer.data, data: answer.data.data.map(productCard) } : null;
  return data(
    {
      listing,
      view,
      title,
      crumbs: breadcrumb(url.pathname),
      canonical: new URL(url.pathname, url.origin).href,
      origin: url.origin,
      first,
    },
    { status: first ? 200 : 503 },
  );
}

export function meta({
  data: page,
}: {
  data: Awaited<ReturnType<typeof loader>>['data'] | undefined;
}) {
  if (!page) return [{ title: 'Tessera' }];
  const total = page.first?.meta.total_products;
  return [
    { title: `${page.title} | Tessera` },
    {
      name: 'description',
      content: `${page.title}: ${total ?? 'our'} natural stone products, priced per square metre, with free samples and UK delivery.`,
    },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { 'script:ld+json': breadcrumbJsonLd(page.crumbs, page.origin) },
  ];
}

export default function Listing() {
  const { listing, view: loadedView, title, crumbs, first } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  // The controls show the shopper's choice at once, while its results load.
  const view = loading
    ? listingView(pathname, new URLSearchParams(navigation.location.search))
    : loadedView;

  const show = (next: ListingView) => {
    const query = listingViewQuery(pathname, next).toString();
    void navigate(query ? `?${query}` : pathname, { preventScrollReset: true });
  };
  const setFilters = (filters: FilterSelection) => show({ ...view, filters });
  const facets = first?.facets ?? [];
  const attributeOf = (slug: string) => findAttribute(slug)?.slug;
  const total = first?.meta.total_products ?? 0;

  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 md:px-8">
      <div className="py-4">
        <Breadcrumb crumbs={crumbs} />
      </div>
      <h1 className="mb-4 text-3xl font-semibold">{title}</h1>
      <div className="sticky top-0 z-20 -mx-4 flex flex-col gap-3 border-y border-stone-200 bg-white px-4 py-3 md:-mx-8 md:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {facets.length > 0 ? (
            <>
              <div className="hidden md:block">
                <FilterDropdowns
                  facets={facets}
                  selection={view.filters}
                  onToggle={(facet, slug) => {
                    const attribute = attributeOf(facet.slug);
                    if (attribute) setFilters(toggleFilterTerm(view.filters, attribute, slug));
                  }}
                  onClear={(facet) => {
                    const attribute = attributeOf(facet.slug);
                    if (attribute) setFilters(clearFilterAttribute(view.filters, attribute));
                  }}
                />
              </div>
              <div className="md:hidden">
                <FilterDrawer facets={facets} selection={view.filters} onApply={setFilters} />
              </div>
            </>
          ) : null}
          <p className="text-sm text-stone-700" aria-live="polite">
            <span className="hidden md:inline">{total} products</span>
            <span className="md:hidden">{total} items</span>
          </p>
          <SortSelect value={view.sort} onChange={(sort) => show({ ...view, sort })} />
        </div>
        <FilterChips
          selection={view.filters}
          facets={facets}
          onRemove={(slug) => setFilters(removeFilterTerm(view.filters, slug))}
        />
      </div>
      <div className="pt-6">
        {loading ? (
          <p role="status">Loading products...</p>
        ) : first && first.data.length > 0 ? (
          <>
            <h2 className="sr-only">Products</h2>
            <ListingResults listing={listing} view={loadedView} first={first} />
          </>
        ) : (
          <div role="status">
            <p className="text-lg">No products found for {title}</p>
            {first ? null : <p className="text-stone-600">Failed to load products</p>}
          </div>
        )}
      </div>
    </main>
  );
}
