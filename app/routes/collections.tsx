import { Link, useLoaderData, useRouteLoaderData } from 'react-router';
import type { ListingJson } from '#domain/api-types.ts';
import { STONE_COLLECTION_CATEGORIES } from '#domain/catalogue.ts';
import { resolveListing } from '#domain/listing.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { menuEntries } from '#app/components/layout/menu-tree.ts';
import { StoneImage } from '#app/components/ui/StoneImage.tsx';
import type { loader as rootLoader } from '#app/root.tsx';

export function meta() {
  return [
    { title: 'All Collections | Tessera' },
    { name: 'description', content: 'Every natural stone collection we sell, in one place.' },
  ];
}

/**
 * Each collection's product count and first image. A collection whose request fails is shown
 * empty rather than failing the page (spec section 8).
 */
export async function loader({ context }: { context: PageLoadContext }) {
  const results = await Promise.allSettled(
    STONE_COLLECTION_CATEGORIES.map((category) =>
      context.api<ListingJson>(`/api/products/by-category?category=${category.slug}&per_page=1`),
    ),
  );
  return {
    collections: STONE_COLLECTION_CATEGORIES.map((category, i) => {
      const result = results[i];
      const listing =
        result?.status === 'fulfilled' && result.value.status === 200 ? result.value.data : null;
      return {
        ...category,
        count: listing?.meta.total_products ?? 0,
        image: listing?.data[0]?.images[0]?.src ?? null,
      };
    }),
  };
}

/** The menu's path to a category when it has one (so links match the menu), else /collections/{slug}. */
function usePathOfCategory(): (slug: string) => string {
  const menu = useRouteLoaderData<typeof rootLoader>('root')?.menu ?? [];
  const paths = new Map<string, string>();
  for (const entry of menuEntries(menu)) {
    for (const group of entry.groups) {
      for (const item of group.items) {
        const listing = item.href ? resolveListing(item.href) : null;
        if (item.href && listing?.kind === 'category' && !paths.has(listing.category)) {
          paths.set(listing.category, item.href);
        }
      }
    }
  }
  return (slug) => paths.get(slug) ?? `/collections/${slug}`;
}

export default function Collections() {
  const { collections } = useLoaderData<typeof loader>();
  const pathOf = usePathOfCategory();
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-semibold">All Collections</h1>
      <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
        {collections.map((collection) => (
          <li key={collection.slug}>
            <Link to={pathOf(collection.slug)} className="group block">
              {collection.image ? (
                <StoneImage
                  src={collection.image}
                  alt=""
                  sizes="(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 25vw"
                  className="aspect-square w-full rounded object-cover"
                />
              ) : (
                <div aria-hidden="true" className="aspect-square w-full rounded bg-stone-200" />
              )}
              <h2 className="mt-2 font-medium group-hover:underline">{collection.name}</h2>
              <p className="text-sm text-stone-600">
                {collection.count === 1 ? '1 product' : `${collection.count} products`}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
