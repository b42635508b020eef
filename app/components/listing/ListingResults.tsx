import type { ListingJson, ProductCardJson } from '#domain/api-types.ts';
import type { ListingQuery } from '#domain/listing.ts';
import { useListingPages, type ListingView } from '../../lib/listing-query.ts';
import { ProductCard } from '../product/ProductCard.tsx';

/** Cards in the first row of the widest grid load at once; the rest when scrolled near. */
const EAGER_CARDS = 3;

/** The product grid (1 / 2 at sm / 3 at md+) with Load More and 'Page X of Y'. */
export function ListingResults({
  listing,
  view,
  first,
}: {
  listing: ListingQuery;
  view: ListingView;
  first: ListingJson<ProductCardJson>;
}) {
  const pages = useListingPages(listing, view, first);
  const loaded = pages.data.pages;
  const last = loaded.at(-1)?.meta ?? first.meta;
  const products = loaded.flatMap((page) => page.data);
  return (
    <>
      <ul className="grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 md:grid-cols-3">
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCard product={product} eager={index < EAGER_CARDS} first={index === 0} />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-center gap-2">
        <button
          type="button"
          onClick={() => void pages.fetchNextPage()}
          disabled={!pages.hasNextPage || pages.isFetchingNextPage}
          className="rounded bg-stone-ink px-6 py-3 text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {pages.isFetchingNextPage ? 'Loading...' : 'Load More'}
        </button>
        <p className="text-sm text-stone-600">
          Page {last.current_page} of {last.total_pages}
        </p>
      </div>
    </>
  );
}
