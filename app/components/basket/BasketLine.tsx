import { useState } from 'react';
import { CART_QUANTITY_MAX, lineSize, optionPrice, type CartLineItemJson } from '#domain/cart.ts';
import { toPence } from '#domain/money.ts';
import { parsePiecesInput } from '#domain/area.ts';
import { MADE_TO_ORDER_LABEL } from '#domain/consumer-rights.ts';
import { useRemoveCartItem, useUpdateCartItem } from '#app/lib/cart.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { Price, WasNowPrice } from '../ui/WasNowPrice.tsx';

/**
 * One basket line: image, name, size, quantity (type it or step it), line total and remove. A
 * line being removed stays dimmed with a spinner until the removal is done (spec section 4).
 */
export function BasketLine({ line }: { line: CartLineItemJson }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const [typed, setTyped] = useState<string | null>(null);
  const size = lineSize(line);
  // Two lines of one product (a size and its sample) differ by size, so labels name both.
  const label = size ? `${line.name}, ${size}` : line.name;
  const busy = update.isPending || remove.isPending;

  const setQuantity = (quantity: number) => {
    setTyped(null);
    if (quantity !== line.quantity && quantity >= 1 && quantity <= CART_QUANTITY_MAX) {
      update.mutate({ id: line.id, quantity });
    }
  };
  const commitTyped = () => {
    if (typed === null) return;
    const pieces = parsePiecesInput(typed);
    setQuantity(pieces === null ? line.quantity : Math.floor(pieces));
  };

  return (
    <li
      aria-label={label}
      aria-busy={busy}
      className={`flex gap-4 py-4 ${remove.isPending ? 'opacity-40' : ''}`}
    >
      {line.image.src ? (
        <img src={line.image.src} alt="" className="size-20 shrink-0 rounded object-cover" />
      ) : (
        <div className="size-20 shrink-0 rounded bg-stone-200" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="font-semibold">{line.name}</p>
        {size ? <p className="text-sm text-stone-700">Size: {size}</p> : null}
        <p className="text-sm text-stone-700">{line.display_quantity}</p>
        {line.made_to_order ? (
          <p className="text-sm font-semibold text-stone-800">{MADE_TO_ORDER_LABEL}</p>
        ) : null}
        {size && !line.is_sample ? (
          <p className="text-sm text-stone-700">
            <WasNowPrice
              nowPence={toPence(line.price)}
              wasPence={line.regular_price === null ? null : toPence(line.regular_price)}
              words={(amount) => optionPrice(amount, size, line.unit)}
            />
          </p>
        ) : null}
        <div className="mt-1 flex items-center gap-1">
          <button
            type="button"
            aria-label={`Decrease quantity of ${label}`}
            disabled={busy || line.quantity <= 1}
            onClick={() => setQuantity(line.quantity - 1)}
            className="size-8 rounded border border-stone-300 disabled:opacity-40"
          >
            −
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            aria-label={`Quantity of ${label}`}
            value={typed ?? String(line.quantity)}
            disabled={remove.isPending}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={commitTyped}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitTyped();
            }}
            className="h-8 w-16 rounded border border-stone-300 text-center"
          />
          <button
            type="button"
            aria-label={`Increase quantity of ${label}`}
            disabled={busy || line.quantity >= CART_QUANTITY_MAX}
            onClick={() => setQuantity(line.quantity + 1)}
            className="size-8 rounded border border-stone-300 disabled:opacity-40"
          >
            +
          </button>
          {update.isPending ? <Spinner label="Updating" /> : null}
        </div>
        {update.error || line.stock_message ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {update.error?.message ?? line.stock_message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-semibold">
          <Price pence={toPence(line.line_total)} />
        </p>
        {remove.isPending ? (
          <Spinner label={`Removing ${label}`} />
        ) : (
          <button
            type="button"
            onClick={() => remove.mutate(line.id)}
            disabled={busy}
            aria-label={`Remove ${label}`}
            className="text-sm underline"
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
