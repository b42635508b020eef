import { useId, useState } from 'react';
import type { VariationJson } from '#domain/api-types.ts';
import {
  cartQuantity,
  formatM2,
  m2ToPieces,
  parseM2Input,
  parsePiecesInput,
  piecesToM2,
  snapM2ToPieces,
} from '#domain/area.ts';
import { variationPricing } from '#domain/cart.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { addToCartTotalPence } from '#domain/pricing.ts';
import { variationOption } from '#domain/samples.ts';
import { refusalMessage, useAddToCart } from '#app/lib/cart.ts';
import { useBasket } from '../basket/BasketProvider.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { DeliveryEstimate } from '../delivery/DeliveryEstimate.tsx';
import { Drawer } from '../ui/Drawer.tsx';
import { openerProps } from '../ui/lazy-part.tsx';
import { quantityLabel, type SellingUnit } from '#domain/selling-unit.ts';

export interface QuantityAreaProps {
  product: { id: number; name: string; unit: SellingUnit };
  /** The chosen size or sample; null until one is chosen ('size required'). */
  variation: VariationJson | null;
}

export const QUANTITY_MESSAGES = {
  sizeRequired: 'size required',
  quantityRequired: 'quantity required',
} as const;

/**
 * Pieces and m² linked by the tile area, and the add-to-cart button with the total (spec
 * sections 4, 5 and 9). Keyed by the chosen size where it is placed, so a new size starts empty.
 */
export function QuantityArea({ product, variation }: QuantityAreaProps) {
  const id = useId();
  const basket = useBasket();
  const add = useAddToCart();
  const [piecesText, setPiecesText] = useState('');
  const [m2Text, setM2Text] = useState('');
  const [error, setError] = useState<string | null>(null);

  const option = variation ? (variationOption(variation) ?? '') : null;
  const pricing = option === null ? null : variationPricing(option, product.unit);
  const area = pricing?.perM2 ? pricing.areaM2 : null;
  // A chosen sample or unsized item has no m² field; before a size is chosen both show. Goods
  // sold by the litre, piece or metre never have one.
  const showM2 = product.unit === 'm2' && (pricing === null || pricing.perM2);

  const pieces = parsePiecesInput(piecesText);
  // What the cart will hold: whole pieces, and the m² they cover.
  const quantity = pieces === null ? null : cartQuantity(pieces);
  const totalPence =
    variation && pricing && quantity !== null
      ? addToCartTotalPence({
          kind: pricing.perM2 ? 'size' : 'full-size-sample',
          pricePence: toPence(variation.price),
          pieces: quantity,
          m2: area === null ? null : piecesToM2(quantity, area),
        })
      : 0;

  const clearBoth = () => {
    setPiecesText('');
    setM2Text('');
    setError(null);
  };
  const typePieces = (text: string) => {
    setPiecesText(text);
    const typed = parsePiecesInput(text);
    if (area !== null) setM2Text(typed === null ? '' : formatM2(piecesToM2(typed, area)));
  };
  const typeM2 = (text: string) => {
    setM2Text(text);
    const typed = parseM2Input(text);
    if (area !== null) setPiecesText(typed === null ? '' : String(m2ToPieces(typed, area)));
  };
  const leaveM2 = () => {
    const typed = parseM2Input(m2Text);
    if (typed === null || area === null) return;
    const snapped = snapM2ToPieces(typed, area);
    setPiecesText(String(snapped.pieces));
    setM2Text(formatM2(snapped.m2));
  };

  const submit = () => {
    if (!variation || !pricing) return setError(QUANTITY_MESSAGES.sizeRequired);
    if (quantity === null) return setError(QUANTITY_MESSAGES.quantityRequired);
    setError(null);
    const isSample = pricing.kind === 'free-sample';
    add.mutate(
      {
        product_id: product.id,
        variation_id: variation.id,
        quantity,
        is_sample: isSample,
        ...(area === null ? {} : { m2_quantity: piecesToM2(quantity, area) }),
        check_duplicates: true,
      },
      // A refusal the shopper can act on (pieces left, the sample rules) is shown; any other
      // failure shows nothing (spec section 4) and the button becomes usable again.
      { onSuccess: basket.open, onError: (failure) => setError(refusalMessage(failure)) },
    );
  };

  const field = 'w-full rounded border border-stone-400 px-3 py-2';
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3">
        <label htmlFor={`${id}-pieces`} className="flex flex-col gap-1 text-sm">
          {quantityLabel(pricing?.kind === 'size' || pricing === null ? product.unit : 'piece')}
          <input
            id={`${id}-pieces`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={piecesText}
            onFocus={clearBoth}
            onChange={(event) => typePieces(event.target.value)}
            className={field}
          />
        </label>
        {showM2 ? (
          <label htmlFor={`${id}-m2`} className="flex flex-col gap-1 text-sm">
            m²
            <input
              id={`${id}-m2`}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.001}
              value={m2Text}
              onFocus={clearBoth}
              onChange={(event) => typeM2(event.target.value)}
              onBlur={leaveM2}
              className={field}
            />
          </label>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        onClick={submit}
        {...openerProps(Drawer)}
        disabled={add.isPending}
        aria-busy={add.isPending}
        className="flex items-center justify-center gap-2 rounded bg-stone-ink px-4 py-3 font-semibold text-white disabled:opacity-70"
      >
        {add.isPending ? <Spinner label="Adding to cart" /> : null}
        Add to cart {formatGBP(totalPence)}
      </button>
      <DeliveryEstimate
        lines={variation && quantity !== null ? [{ variation_id: variation.id, quantity }] : null}
      />
    </div>
  );
}
