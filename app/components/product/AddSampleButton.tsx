import { Suspense } from 'react';
import { findAvailableFreeSample } from '#domain/samples.ts';
import { useQuickAdd } from '#app/lib/cart.ts';
import { useBasket } from '../basket/BasketProvider.tsx';
import { Drawer } from '../ui/Drawer.tsx';
import { lazyPart, openerProps } from '../ui/lazy-part.tsx';

// Most products have a sample: the tooltip (and its positioning library) loads only for one
// that has none.
const UnavailableTooltip = lazyPart(() =>
  import('./UnavailableTooltip.tsx').then((module) => module.UnavailableTooltip),
);

export const SAMPLE_UNAVAILABLE = 'Sample is not available';

/**
 * A product card's Add Sample (spec section 4): finds the in-stock free sample, adds one as a
 * sample and opens the basket; without one the button is disabled with a tooltip saying so.
 */
export function AddSampleButton({
  productId,
  productName,
}: {
  productId: number;
  productName: string;
}) {
  const basket = useBasket();
  const { run, pending, unavailable, refusal } = useQuickAdd(
    productId,
    (variations) => {
      const sample = findAvailableFreeSample(variations);
      return sample
        ? { product_id: productId, variation_id: sample.id, quantity: 1, is_sample: true }
        : null;
    },
    basket.open,
  );
  const button = (
    <button
      type="button"
      onClick={run}
      {...openerProps(Drawer)}
      disabled={pending || unavailable}
      aria-label={`Add Sample of ${productName}`}
      className="w-full rounded border border-stone-ink px-3 py-2 text-sm font-semibold disabled:border-stone-300 disabled:text-stone-400"
    >
      {pending ? 'Adding...' : 'Add Sample'}
    </button>
  );
  if (refusal) {
    return (
      <div className="flex flex-col gap-1">
        {button}
        <p role="alert" className="text-xs font-semibold text-red-700">
          {refusal}
        </p>
      </div>
    );
  }
  if (!unavailable) return button;
  // Until the tooltip's code arrives, the disabled button stands alone.
  return (
    <Suspense fallback={button}>
      <UnavailableTooltip
        unavailable={button}
        label={`${productName}: ${SAMPLE_UNAVAILABLE}`}
        message={SAMPLE_UNAVAILABLE}
      >
        {button}
      </UnavailableTooltip>
    </Suspense>
  );
}
