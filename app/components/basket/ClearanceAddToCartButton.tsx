import { useQuickAdd } from '#app/lib/cart.ts';
import { useBasket } from './BasketProvider.tsx';
import { Drawer } from '../ui/Drawer.tsx';
import { openerProps } from '../ui/lazy-part.tsx';

/**
 * A Special Deals card's Add to Cart: one piece of the size on sale the card prices, then the
 * basket opens.
 */
export function ClearanceAddToCartButton({
  productId,
  variationId,
  productName,
}: {
  productId: number;
  variationId: number;
  productName: string;
}) {
  const basket = useBasket();
  const { run, pending, unavailable } = useQuickAdd(
    productId,
    (variations) => {
      const size = variations.find((v) => v.id === variationId && v.instock);
      if (!size) return null;
      // The basket works out the m² a piece covers, by the product's selling unit.
      return {
        product_id: productId,
        variation_id: size.id,
        quantity: 1,
        check_duplicates: true,
      };
    },
    basket.open,
  );
  return (
    <button
      type="button"
      onClick={run}
      {...openerProps(Drawer)}
      disabled={pending || unavailable}
      aria-label={unavailable ? `${productName} is sold out` : `Add to Cart: ${productName}`}
      className="rounded bg-stone-ink px-3 py-2 text-sm font-semibold text-white disabled:opacity-50"
    >
      {pending ? 'Adding...' : unavailable ? 'Sold out' : 'Add to Cart'}
    </button>
  );
}
