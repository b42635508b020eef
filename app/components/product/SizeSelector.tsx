import { useState } from 'react';
import type { VariationJson } from '#domain/api-types.ts';
import { variationOption } from '#domain/samples.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { openerProps } from '../ui/lazy-part.tsx';
import { QuantityArea } from './QuantityArea.tsx';
import { SizeDrawer } from './SizeDrawer.tsx';
import type { SellingUnit } from '#domain/selling-unit.ts';
import { MADE_TO_ORDER_LABEL } from '#domain/consumer-rights.ts';

export interface SizeSelectorProps {
  product: { id: number; name: string; unit: SellingUnit };
  variations: VariationJson[] | undefined;
  status: 'pending' | 'error' | 'success';
  chosen: VariationJson | null;
  onChoose(variation: VariationJson): void;
  /** The step headings' level: 2 on the product page, 3 inside the quick view. */
  headingLevel?: 2 | 3;
}

/**
 * Step 1 'Choose Size' (opens the size drawer) and step 2 'Choose Quantity'. The quantity area
 * is keyed by the chosen size, so changing the size clears its fields (spec section 4).
 */
export function SizeSelector({
  product,
  variations,
  status,
  chosen,
  onChoose,
  headingLevel = 3,
}: SizeSelectorProps) {
  const [open, setOpen] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`choose-size-${product.id}`}>
        <Heading id={`choose-size-${product.id}`} className="mb-2 text-sm font-semibold uppercase">
          Step 1: Choose Size
        </Heading>
        <button
          type="button"
          onClick={() => setOpen(true)}
          {...openerProps(Drawer)}
          className="flex w-full items-center justify-between rounded border border-stone-400 px-4 py-3 text-left"
        >
          <span>{chosen ? variationOption(chosen) : 'Choose Size'}</span>
          <span aria-hidden="true">›</span>
        </button>
        <SizeDrawer
          open={open}
          onOpenChange={setOpen}
          product={product}
          variations={variations}
          status={status}
          chosenId={chosen?.id ?? null}
          onChoose={(variation) => {
            onChoose(variation);
            setOpen(false);
          }}
        />
        {chosen?.made_to_order ? (
          <p className="mt-2 text-sm font-semibold text-stone-800">{MADE_TO_ORDER_LABEL}</p>
        ) : null}
      </section>
      <section aria-labelledby={`choose-quantity-${product.id}`}>
        <Heading
          id={`choose-quantity-${product.id}`}
          className="mb-2 text-sm font-semibold uppercase"
        >
          Step 2: Choose Quantity
        </Heading>
        <QuantityArea key={chosen?.id ?? 'none'} product={product} variation={chosen} />
      </section>
    </div>
  );
}
