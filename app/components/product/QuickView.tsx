import { Suspense } from 'react';
import { DRAWER_WIDTHS_PX } from '#domain/catalogue.ts';
import type { ProductCardJson } from '#domain/api-types.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { lazyPart } from '../ui/lazy-part.tsx';

/** The drawer's content, with its carousel and forms, loads when a shopper first opens one. */
export const QuickViewContent = lazyPart(() =>
  import('./QuickViewContent.tsx').then((module) => module.QuickViewContent),
);

export interface QuickViewProps {
  product: ProductCardJson;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The 'Quick View' drawer (spec section 2): choose a size and quantity without leaving the list. */
export function QuickView({ product, open, onOpenChange }: QuickViewProps) {
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Quick View"
      widthPx={DRAWER_WIDTHS_PX.quickView}
      description={product.name}
    >
      <Suspense fallback={<Spinner />}>
        <QuickViewContent product={product} />
      </Suspense>
    </Drawer>
  );
}
