import { Suspense } from 'react';
import { Link } from 'react-router';
import { toPence, formatGBP } from '#domain/money.ts';
import { VAT_PERCENT } from '#domain/vat.ts';
import { useCart } from '#app/lib/cart.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { Price } from '../ui/WasNowPrice.tsx';
import { BasketLine } from './BasketLine.tsx';
import { DeliveryEstimate } from '../delivery/DeliveryEstimate.tsx';
import { lazyPart } from '../ui/lazy-part.tsx';

// The code field's form and validation code loads with the open basket, not with every page.
const DiscountCode = lazyPart(() =>
  import('./DiscountCode.tsx').then((module) => module.DiscountCode),
);

export const BASKET_WIDTH_PX = 650;
export const EMPTY_BASKET_TEXT = 'There are no items currently in your basket.';
export const BASKET_SHORT_TEXT = 'Please change the lines marked above before checkout.';

const money = (pounds: string) => formatGBP(toPence(pounds));

/** The basket drawer (spec section 2): lines, Subtotal, VAT included, Total, and the way on. */
export function BasketDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { data: cart } = useCart();
  const count = cart?.item_count ?? 0;
  const close = () => onOpenChange(false);
  const short = cart?.line_items.some((line) => line.stock_message !== null) ?? false;
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      widthPx={BASKET_WIDTH_PX}
      title={`Your Basket (${count})`}
      footer={
        <div className="flex flex-col gap-3">
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right">
              <Price pence={toPence(cart?.subtotal ?? '0')} />
            </dd>
            {cart?.discount?.applies && toPence(cart.discount.amount) > 0 ? (
              <>
                <dt>Discount ({cart.discount.code})</dt>
                <dd className="text-right">−{money(cart.discount.amount)}</dd>
              </>
            ) : null}
            <dt>VAT ({cart?.vat_rate ?? VAT_PERCENT}%, included)</dt>
            <dd className="text-right">{money(cart?.vat ?? '0')}</dd>
            <dt className="text-base font-semibold">Total</dt>
            <dd className="text-right text-base font-semibold">
              <Price pence={toPence(cart?.total ?? '0')} />
            </dd>
          </dl>
          <div className="grid grid-cols-2 gap-3">
            <button
              type="button"
              onClick={close}
              className="rounded border border-stone-ink px-4 py-3 text-sm font-semibold uppercase"
            >
              continue shopping
            </button>
            {short ? (
              <button
                type="button"
                disabled
                className="rounded bg-stone-400 px-4 py-3 text-sm font-semibold text-white uppercase"
              >
                Checkout
              </button>
            ) : (
              <Link
                to="/checkout"
                onClick={close}
                className="flex items-center justify-center rounded bg-stone-ink px-4 py-3 text-sm font-semibold text-white uppercase"
              >
                Checkout
              </Link>
            )}
          </div>
          {short ? (
            <p role="alert" className="text-sm text-red-700">
              {BASKET_SHORT_TEXT}
            </p>
          ) : null}
        </div>
      }
    >
      {cart && cart.line_items.length > 0 ? (
        <>
          <ul aria-label="Basket lines" className="divide-y divide-stone-200">
            {cart.line_items.map((line) => (
              <BasketLine key={line.id} line={line} />
            ))}
          </ul>
          <div className="mt-4">
            <Suspense fallback={null}>
              <DiscountCode cart={cart} />
            </Suspense>
          </div>
          <div className="mt-4">
            <DeliveryEstimate refreshKey={`${cart.item_count}:${cart.total}`} />
          </div>
        </>
      ) : (
        <p className="py-8 text-center text-stone-700">{EMPTY_BASKET_TEXT}</p>
      )}
    </Drawer>
  );
}
