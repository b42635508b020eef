import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { CAROUSEL_MAX_ITEMS, CAROUSEL_PAGE_SIZE } from '#domain/catalogue.ts';
import type { ProductCardJson } from '#domain/api-types.ts';
import { usePageLoaded } from '../../lib/page-loaded.ts';
import { ProductCard } from './ProductCard.tsx';

/**
 * A 'You may also like' carousel: four cards a page on wider screens (two on a phone), prev and
 * next by a page, a progress bar, at most eight products.
 */
export function ProductCarousel({
  title,
  products,
}: {
  title: string;
  products: ProductCardJson[];
}) {
  const [viewportRef, embla] = useEmblaCarousel({
    align: 'start',
    slidesToScroll: 2,
    breakpoints: { '(min-width: 768px)': { slidesToScroll: CAROUSEL_PAGE_SIZE } },
  });
  const [progress, setProgress] = useState(0);
  // Carousels sit below the product: their images, and the carousel itself, wait for the page.
  const pageLoaded = usePageLoaded();
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const update = useCallback(() => {
    if (!embla) return;
    setProgress(Math.max(0, Math.min(1, embla.scrollProgress())));
    setCanPrev(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('scroll', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('scroll', update).off('reInit', update);
    };
  }, [embla, update]);

  const items = products.slice(0, CAROUSEL_MAX_ITEMS);
  if (items.length === 0) return null;
  const headingId = `carousel-${title.replace(/\W+/g, '-').toLowerCase()}`;

  return (
    <section aria-labelledby={headingId} className="mt-16">
      <div className="mb-4 flex items-end justify-between gap-4">
        <div>
          <p className="text-sm uppercase tracking-wide text-stone-600">You may also like</p>
          <h2 id={headingId} className="text-2xl font-semibold">
            {title}
          </h2>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => embla?.scrollPrev()}
            disabled={!canPrev}
            aria-label={`Previous ${title}`}
            className="rounded border border-stone-300 px-3 py-2 disabled:opacity-40"
          >
            ‹
          </button>
          <button
            type="button"
            onClick={() => embla?.scrollNext()}
            disabled={!canNext}
            aria-label={`Next ${title}`}
            className="rounded border border-stone-300 px-3 py-2 disabled:opacity-40"
          >
            ›
          </button>
        </div>
      </div>
      {/* The carousel measures its slides when it starts: a forced layout kept out of hydration. */}
      <div className="overflow-hidden" ref={pageLoaded ? viewportRef : undefined}>
        <ul className="-ml-4 flex">
          {items.map((product) => (
            <li key={product.id} className="min-w-0 shrink-0 grow-0 basis-1/2 pl-4 md:basis-1/4">
              <ProductCard
                product={product}
                sizes="(min-width: 768px) 25vw, 50vw"
                holdImage={!pageLoaded}
              />
            </li>
          ))}
        </ul>
      </div>
      <div
        role="progressbar"
        aria-label={`${title} position`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
        className="mt-4 h-1 w-full overflow-hidden rounded bg-stone-200"
      >
        <div
          className="h-full bg-stone-ink"
          style={{ width: `${Math.max(progress, 0.05) * 100}%` }}
        />
      </div>
    </section>
  );
}
