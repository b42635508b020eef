import { useCart } from '#app/lib/cart.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { openerProps } from '../ui/lazy-part.tsx';
import { useBasket } from './BasketProvider.tsx';
import { LineIcon } from '../ui/LineIcon.tsx';

/** Header basket icon; its number is the sum of line quantities (spec section 9). */
export function BasketButton() {
  const basket = useBasket();
  const count = useCart().data?.item_count ?? 0;
  return (
    <button
      type="button"
      onClick={basket.open}
      {...openerProps(Drawer)}
      aria-label={`Basket, ${count} ${count === 1 ? 'item' : 'items'}`}
      className="relative rounded p-2 hover:bg-stone-100"
    >
      <LineIcon strokeWidth={1.8}>
        <path d="M5 8h14l-1.5 12h-11z" strokeLinejoin="round" />
        <path d="M9 8V6a3 3 0 0 1 6 0v2" />
      </LineIcon>
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-stone-ink px-1 text-center text-xs leading-5 text-white"
      >
        {count}
      </span>
    </button>
  );
}
