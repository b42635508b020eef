import { data, Link, redirect, useLoaderData } from 'react-router';
import type { ListingJson, ProductDetailJson, ProductJson } from '#domain/api-types.ts';
import { breadcrumb, type Crumb } from '#domain/breadcrumb.ts';
import { CAROUSEL_MAX_ITEMS, DELIVERY_COSTS_NOTE, DELIVERY_NOTE } from '#domain/catalogue.ts';
import { toPence } from '#domain/money.ts';
import { productCard } from '#domain/product-card.ts';
import { relatedProducts } from '#domain/related.ts';
import { findAvailableFreeSample } from '#domain/samples.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import type { ProductGone } from '#domain/admin-product-lifecycle.ts';
import { SELLING_UNIT_LABELS } from '#domain/selling-unit.ts';
import { productFactsJsonLd } from '#domain/product-json-ld.ts';
import { Breadcrumb, breadcrumbJsonLd } from '../components/layout/Breadcrumb.tsx';
import { AddSampleButton } from '../components/product/AddSampleButton.tsx';
import { ProductCarousel } from '../components/product/ProductCarousel.tsx';
import { ProductFacts } from '../components/product/ProductFacts.tsx';
import { ProductGallery } from '../components/product/ProductGallery.tsx';
import { SizeSelector } from '../components/product/SizeSelector.tsx';
import { WasNowPrice, wasPenceOf } from '../components/ui/WasNowPrice.tsx';
import { useChosenVariation, useVariations } from '../lib/product-queries.ts';

/** The category of sealers, adhesives and grouts: the 'sealing and fixing products' carousel. */
const SEALING_AND_FIXING_CATEGORY = 'tiling-products';

async function listOrEmpty(context: PageLoadContext, path: string): Promise<ProductJson[]> {
  const answer = await context.api<ListingJson>(path).catch(() => null);
  return answer?.status === 200 ? answer.data.data : [];
}

export async function loader({
  request,
  params,
  context,
}: {
  request: Request;
  params: { slug?: string };
  context: PageLoadContext;
}) {
  const url = new URL(request.url);
  const slug = params.slug ?? '';
  // Critical data: the product itself, always by slug (deep links, refreshes, search engines).
  const answer = await context.api<ProductDetailJson>(
    `/api/products/slug/${encodeURIComponent(slug)}`,
  );
  // A former slug: the product was renamed, its old links keep working.
  if (answer.status === 301) {
    const moved = answer.data as unknown as { slug: string };
    throw redirect(`/product/${encodeURIComponent(moved.slug)}${url.search}`, 301);
  }
  if (answer.status === 404 || answer.status === 400) {
    return data({ found: false as const }, { status: 404 });
  }
  // Archived: withdrawn from sale for good (410), with the category to look in instead.
  if (answer.status === 410) {
    const gone = answer.data as unknown as ProductGone;
    return data({ found: false as const, gone }, { status: 410 });
  }
  if (answer.status !== 200) throw data(null, { status: 503 });
  const { data: product, variations } = answer.data;
  const category = product.categories[0]?.slug;
  const per = CAROUSEL_MAX_ITEMS + 1;
  // Deferred data: the carousels. A failure leaves a carousel out; the page still renders.
  const [sealing, sameCategory, popular] = await Promise.all([
    listOrEmpty(
      context,
      `/api/products/by-category?category=${SEALING_AND_FIXING_CATEGORY}&per_page=${per}`,
    ),
    category
      ? listOrEmpty(context, `/api/products/by-category?category=${category}&per_page=${per}`)
      : [],
    listOrEmpty(context, `/api/products?sort=popularity-desc&per_page=${per}`),
  ]);
  return {
    found: true as const,
    product,
    variations,
    sealing: sealing
      .filter((p) => p.id !== product.id)
      .slice(0, CAROUSEL_MAX_ITEMS)
      .map(productCard),
    related: relatedProducts(product, [...sameCategory, ...popular]).map(productCard),
    crumbs: breadcrumb(url.pathname, { productName: product.name }),
    canonical: new URL(`/product/${product.slug}`, url.origin).href,
    origin: url.origin,
  };
}

type ProductPage = Exclude<Awaited<ReturnType<typeof loader>>, { data: unknown }>;

function productJsonLd(page: ProductPage) {
  const { product, variations, canonical, origin } = page;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    category: product.categories[0]?.name,
    image: product.images.map((image) => new URL(image.src, origin).href),
    ...productFactsJsonLd(product, origin),
    offers: {
      '@type': 'Offer',
      url: canonical,
      priceCurrency: 'GBP',
      price: product.price,
      availability: variations.some((v) => v.instock)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    },
  };
}

export function meta({
  data: page,
}: {
  data: ProductPage | { found: false; gone?: ProductGone } | undefined;
}) {
  if (page && !page.found && page.gone) {
    return [{ title: `${page.gone.name}: no longer sold | Tessera` }];
  }
  if (!page?.found) return [{ title: 'Product not found | Tessera' }];
  return [
    { title: `${page.product.name} | Tessera` },
    { name: 'description', content: page.product.short_description },
    { tagName: 'link', rel: 'canonical', href: page.canonical },
    { 'script:ld+json': productJsonLd(page) },
    { 'script:ld+json': breadcrumbJsonLd(page.crumbs, page.origin) },
  ];
}

function ProductNotFound() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Product not found</h1>
      <p className="mt-2">Please navigate to this product from the product list.</p>
      <Link to="/stone-collection/all-products" className="mt-6 inline-block underline">
        Browse all products
      </Link>
    </main>
  );
}

/** An archived product's old link: it is gone, and its category is the place to look. */
function ProductGonePage({ gone }: { gone: ProductGone }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{gone.name} is no longer sold</h1>
      <p className="mt-2">We have stopped selling this stone.</p>
      <Link
        to={gone.category ? `/collections/${gone.category.slug}` : '/stone-collection/all-products'}
        className="mt-6 inline-block underline"
      >
        {gone.category ? `See other ${gone.category.name}` : 'Browse all products'}
      </Link>
    </main>
  );
}

export default function Product() {
  const page = useLoaderData<typeof loader>();
  if (page.found) return <ProductDetails page={page} />;
  const gone = 'gone' in page ? (page.gone as ProductGone | undefined) : undefined;
  return gone ? <ProductGonePage gone={gone} /> : <ProductNotFound />;
}

function ProductDetails({ page }: { page: ProductPage & { crumbs: Crumb[] } }) {
  const { product, sealing, related, crumbs } = page;
  const variations = useVariations(product.id, true, page.variations);
  const { chosen, choose } = useChosenVariation(product.name, variations.data);
  const freeSample = findAvailableFreeSample(variations.data ?? []);
  const ref = { id: product.id, name: product.name, unit: product.unit };

  return (
    <main className="mx-auto max-w-7xl px-4 pb-16 md:px-8">
      <div className="py-4">
        <Breadcrumb crumbs={crumbs} />
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <ProductGallery images={product.images} />
        <div className="flex flex-col gap-5">
          <div>
            {product.categories[0] ? (
              <p className="text-sm uppercase tracking-wide text-stone-600">
                {product.categories[0].name}
              </p>
            ) : null}
            <h1 className="text-3xl font-semibold">{product.name}</h1>
            <p className="mt-2 text-lg">
              <WasNowPrice
                nowPence={toPence(product.price)}
                wasPence={wasPenceOf(product)}
                words={(amount) => `from ${amount} ${SELLING_UNIT_LABELS[product.unit]}`}
              />
            </p>
          </div>
          <p className="text-stone-700">{product.short_description}</p>
          <SizeSelector
            product={ref}
            variations={variations.data}
            status={variations.status}
            chosen={chosen}
            onChoose={choose}
            headingLevel={2}
          />
          <div className="text-sm text-stone-700">
            <p>{DELIVERY_NOTE}</p>
            <p>{DELIVERY_COSTS_NOTE}</p>
          </div>
          {freeSample ? (
            <div className="flex flex-wrap items-center gap-3 rounded bg-stone-50 p-4 text-sm">
              <p>Free sample available: see the stone before you order.</p>
              <AddSampleButton productId={product.id} productName={product.name} />
            </div>
          ) : null}
        </div>
      </div>
      <ProductFacts product={product} chosenId={chosen?.id ?? null} />
      <ProductCarousel title="Sealing and fixing products" products={sealing} />
      <ProductCarousel title="Related products" products={related} />
    </main>
  );
}
