import { useState } from 'react';
import { Link } from 'react-router';
import { toPence } from '#domain/money.ts';
import { fromPriceLabelOf } from '#domain/pricing.ts';
import { WasNowPrice, wasPenceOf } from '../ui/WasNowPrice.tsx';
import type { ProductCardJson } from '#domain/api-types.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { StoneImage } from '../ui/StoneImage.tsx';
import { openerProps } from '../ui/lazy-part.tsx';
import { AddSampleButton } from './AddSampleButton.tsx';
import { QuickView, QuickViewContent } from './QuickView.tsx';

export interface ProductCardProps {
  product: ProductCardJson;
  /** Cards in the first rows load their image at once; the rest lazily. */
  eager?: boolean;
  /** The page's largest paint: its image is fetched ahead of the page's scripts. */
  first?: boolean;
  /** The card's width in the layout, as a `sizes` value. */
  sizes?: string;
  /** Shows a stone-coloured square in place of the image, which is not fetched yet. */
  holdImage?: boolean;
}

/**
 * The product link passes the product along, as the spec's product page expects, and fetches the
 * page's data as soon as the shopper points at or focuses the link.
 */
export function productLinkProps(product: ProductCardJson) {
  return { to: `/product/${product.slug}`, state: { product }, prefetch: 'intent' as const };
}

/** A product in a grid or carousel: image, Quick View, Add Sample, name and from-price. */
export function ProductCard({
  product,
  eager = false,
  first = false,
  sizes = '(min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw',
  holdImage = false,
}: ProductCardProps) {
  const [quickViewOpen, setQuickViewOpen] = useState(false);
  const image = product.images[0];
  return (
    <article className="flex flex-col gap-2" aria-label={product.name}>
      <div className="relative">
        <Link {...productLinkProps(product)} tabIndex={-1} aria-hidden="true">
          {image && !holdImage ? (
            <StoneImage
              src={image.src}
              alt=""
              sizes={sizes}
              eager={eager || first}
              fetchPriority={first ? 'high' : undefined}
              className="aspect-square w-full rounded object-cover"
            />
          ) : (
            <div className="aspect-square w-full rounded bg-stone-200" />
          )}
        </Link>
        <button
          type="button"
          onClick={() => setQuickViewOpen(true)}
          {...openerProps(QuickViewContent, Drawer)}
          aria-label={`Quick View: ${product.name}`}
          className="absolute inset-x-3 bottom-3 rounded bg-white/95 px-3 py-2 text-sm font-semibold shadow hover:bg-white"
        >
          Quick View
        </button>
      </div>
      <h3 className="font-semibold">
        <Link {...productLinkProps(product)} className="hover:underline">
          {product.name}
        </Link>
      </h3>
      <p className="text-sm text-stone-700">
        <WasNowPrice
          nowPence={toPence(product.price)}
          wasPence={wasPenceOf(product)}
          words={(amount) => fromPriceLabelOf(amount, product.unit)}
        />
      </p>
      <AddSampleButton productId={product.id} productName={product.name} />
      <QuickView product={product} open={quickViewOpen} onOpenChange={setQuickViewOpen} />
    </article>
  );
}
