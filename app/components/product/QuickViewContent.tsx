import { useState } from 'react';
import { DELIVERY_NOTE, DRAWER_WIDTHS_PX } from '#domain/catalogue.ts';
import { toPence } from '#domain/money.ts';
import { fromPriceLabelOf } from '#domain/pricing.ts';
import { WasNowPrice, wasPenceOf } from '../ui/WasNowPrice.tsx';
import type { ProductCardJson } from '#domain/api-types.ts';
import { useChosenVariation, useVariations } from '../../lib/product-queries.ts';
import { EnquiryForm } from '../enquiry/EnquiryForm.tsx';
import { Drawer } from '../ui/Drawer.tsx';
import { DotsGallery } from './DotsGallery.tsx';
import { SizeSelector } from './SizeSelector.tsx';

/** What the Quick View drawer holds: gallery, name, price, sizes and the cut-to-size enquiry. */
export function QuickViewContent({ product }: { product: ProductCardJson }) {
  const variations = useVariations(product.id, true);
  const { chosen, choose } = useChosenVariation(product.name, variations.data);
  const [cutOpen, setCutOpen] = useState(false);
  const ref = { id: product.id, name: product.name, unit: product.unit };

  return (
    <div className="flex flex-col gap-5">
      <DotsGallery images={product.images} sizes="(min-width: 620px) 580px, 100vw" />
      <h2 className="text-xl font-semibold">{product.name}</h2>
      <p className="self-start rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold">
        <WasNowPrice
          nowPence={toPence(product.price)}
          wasPence={wasPenceOf(product)}
          words={(amount) => fromPriceLabelOf(amount, product.unit)}
        />
      </p>
      <SizeSelector
        product={ref}
        variations={variations.data}
        status={variations.status}
        chosen={chosen}
        onChoose={choose}
      />
      <p className="text-sm text-stone-600">{DELIVERY_NOTE}</p>
      <button
        type="button"
        className="self-start text-sm underline underline-offset-2"
        onClick={() => setCutOpen(true)}
      >
        can&apos;t find your size? we can cut any sizes
      </button>
      <Drawer
        open={cutOpen}
        onOpenChange={setCutOpen}
        title="We Can Cut"
        widthPx={DRAWER_WIDTHS_PX.quickView}
        description={`Ask for a custom size of ${product.name}`}
      >
        <EnquiryForm kind="cut" product={ref} />
      </Drawer>
    </div>
  );
}
