import * as Tooltip from '@radix-ui/react-tooltip';
import { findAvailableFreeSample } from '#domain/samples.ts';
import { useQuickAdd } from '#app/lib/cart.ts';
import { useBasket } from '../basket/BasketProvider.tsx';

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
  const { run, pending, unavailable } = useQuickAdd(
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
      disabled={pending || unavailable}
      aria-label={`Add Sample of ${productName}`}
      className="w-full rounded border border-stone-ink px-3 py-2 text-sm font-semibold disabled:border-stone-300 disabled:text-stone-400"
    >
      {pending ? 'Adding...' : 'Add Sample'}
    </button>
  );
  if (!unavailable) return button;
  return (
    <Tooltip.Provider delayDuration={0}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
          <span tabIndex={0} className="block" aria-label={`${productName}: ${SAMPLE_UNAVAILABLE}`}>
            {button}
          </span>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={4}
            className="z-50 rounded bg-stone-ink px-3 py-1.5 text-sm text-white shadow"
          >
            {SAMPLE_UNAVAILABLE}
            <Tooltip.Arrow className="fill-stone-ink" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
