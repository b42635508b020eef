import { DRAWER_WIDTHS_PX } from '#domain/catalogue.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { optionPrice } from '#domain/cart.ts';
import { variationOption } from '#domain/samples.ts';
import { exVatPence } from '#domain/vat.ts';
import { exIncVatText } from '#domain/price-for.ts';
import { useVatReading } from '#app/lib/buyer.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { LeadTimeEnquiry } from './LeadTimeEnquiry.tsx';
import type { SellingUnit } from '#domain/selling-unit.ts';

/**
 * Sizes by the product's unit (tile sizes per m²); samples per item; a free sample reads 'Free'.
 * With VAT hidden a retail shopper sees the ex-VAT amount, a trade buyer both amounts.
 */
function priceLabel(
  variation: VariationJson,
  unit: SellingUnit,
  vat: { hideVat: boolean; both: boolean },
): string {
  const gross = toPence(variation.price);
  if (gross === 0) return 'Free';
  const amount = vat.both
    ? exIncVatText(gross)
    : formatGBP(vat.hideVat ? exVatPence(gross) : gross);
  return optionPrice(amount, variationOption(variation) ?? '', unit);
}

export interface SizeDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  product: { id: number; name: string; unit: SellingUnit };
  variations: VariationJson[] | undefined;
  status: 'pending' | 'error' | 'success';
  chosenId: number | null;
  onChoose(variation: VariationJson): void;
}

/** 'Choose Size' (spec section 2): every size with its price; out-of-stock ones cannot be chosen. */
export function SizeDrawer({
  open,
  onOpenChange,
  product,
  variations,
  status,
  chosenId,
  onChoose,
}: SizeDrawerProps) {
  const vat = useVatReading();
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Choose Size"
      widthPx={DRAWER_WIDTHS_PX.size}
      description={`Sizes of ${product.name}`}
    >
      <label className="mb-4 flex items-center justify-end gap-2 text-sm">
        <input
          type="checkbox"
          checked={vat.hideVat}
          onChange={(event) => vat.setHideVat(event.target.checked)}
        />
        hide vat?
      </label>
      {status === 'pending' ? <Spinner label="Loading sizes" /> : null}
      {status === 'error' ? <p>Sizes could not be loaded. Please try again.</p> : null}
      <ul className="flex flex-col gap-2" aria-label="Sizes">
        {variations?.map((variation) => {
          const option = variationOption(variation) ?? '';
          const chosen = variation.id === chosenId;
          return (
            <li key={variation.id}>
              <button
                type="button"
                disabled={!variation.instock}
                aria-pressed={chosen}
                onClick={() => onChoose(variation)}
                className={`flex w-full items-center justify-between rounded border px-4 py-3 text-left disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500 ${
                  chosen ? 'border-stone-ink ring-2 ring-stone-ink' : 'border-stone-300'
                }`}
              >
                <span>{option}</span>
                <span className="font-semibold">{priceLabel(variation, product.unit, vat)}</span>
              </button>
              {variation.instock ? null : (
                <p className="mt-1 flex flex-wrap gap-x-2 text-sm">
                  <span className="text-red-800">Temporarily out of stock</span>
                  <LeadTimeEnquiry product={product} sizeOption={option} />
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Drawer>
  );
}
