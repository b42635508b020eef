import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ClearanceJson } from '#domain/api-types.ts';
import { toPence } from '#domain/money.ts';
import { SELLING_UNIT_LABELS } from '#domain/selling-unit.ts';
import { apiFetch } from '#app/lib/api.ts';
import { ClearanceAddToCartButton } from '../basket/ClearanceAddToCartButton.tsx';
import { ProjectCalculatorButton } from '../basket/ProjectCalculatorButton.tsx';
import { StoneImage } from '../ui/StoneImage.tsx';
import { WasNowPrice } from '../ui/WasNowPrice.tsx';

const CARD = 'w-64 shrink-0 snap-start sm:w-72';

function DealCard({ deal }: { deal: ClearanceJson }) {
  return (
    <li className={`${CARD} flex flex-col rounded border border-stone-200 bg-white`}>
      <Link to={`/product/${deal.slug}`} className="relative block">
        <StoneImage
          src={deal.imageURL}
          alt={deal.name}
          sizes="288px"
          className="aspect-square w-full rounded-t object-cover"
        />
        <span className="absolute top-3 left-3 rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold text-white">
          {deal.discount_percent}% OFF
        </span>
      </Link>
      <div className="flex flex-1 flex-col p-4">
        {deal.material && (
          <p className="self-start rounded bg-stone-100 px-2 py-0.5 text-xs font-medium tracking-wide text-stone-700 uppercase">
            {deal.material}
          </p>
        )}
        <h3 className="mt-2 font-medium">
          <Link to={`/product/${deal.slug}`} className="hover:underline">
            {deal.name}
          </Link>
        </h3>
        <p className="text-sm text-stone-600">Size: {deal.size}</p>
        <p className="mt-2 text-lg" data-deal-price="">
          <WasNowPrice
            nowPence={toPence(deal.sale_price)}
            wasPence={toPence(deal.regular_price)}
            words={(amount) => `${amount} ${SELLING_UNIT_LABELS[deal.unit]}`}
          />
        </p>
        <div className="mt-auto pt-4">
          <ClearanceAddToCartButton
            productId={deal.id}
            variationId={deal.variation_id}
            productName={deal.name}
          />
        </div>
      </div>
    </li>
  );
}

function Skeletons() {
  return (
    <ul aria-hidden="true" className="flex gap-4 overflow-hidden">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className={`${CARD} h-96 animate-pulse rounded bg-stone-200`} />
      ))}
    </ul>
  );
}

/**
 * Sizes on sale now, at the sale price the basket charges, struck regular price beside it. Fetched in the browser with TanStack
 * Query, so a failing clearance API costs this section, never the page.
 */
export function SpecialDeals() {
  // The cards render at transition priority once the data comes: in slices that yield to the
  // shopper, not in the one long task a query's update would otherwise take.
  const deals = useDeferredValue(
    useQuery({
      queryKey: ['clearance'],
      queryFn: ({ signal }) => apiFetch<{ data: ClearanceJson[] }>('/api/clearance', { signal }),
    }),
  );
  return (
    <section aria-labelledby="deals-heading" className="bg-stone-50 py-12">
      <div className="mx-auto max-w-7xl px-4 lg:px-8">
        <h2 id="deals-heading" className="text-2xl font-semibold">
          Special Deals
        </h2>
        <div className="mt-6" aria-busy={deals.isPending}>
          {deals.isPending ? (
            <Skeletons />
          ) : deals.isError ? (
            <p role="alert" className="text-red-800">
              Error loading clearance products
            </p>
          ) : (
            <ul
              aria-label="Clearance products"
              className="scrollbar-none relative flex snap-x gap-4 overflow-x-auto pb-2"
            >
              {deals.data.data.map((deal) => (
                <DealCard key={deal.id} deal={deal} />
              ))}
            </ul>
          )}
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link
            to="/stone-collection/stock-clearance"
            className="rounded-full bg-stone-ink px-6 py-3 text-sm font-semibold text-white hover:bg-stone-700"
          >
            View All Clearance Tiles
          </Link>
          <ProjectCalculatorButton />
        </div>
      </div>
    </section>
  );
}
