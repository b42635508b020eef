import { formatGBP, toPence } from '#domain/money.ts';
import { exIncVatText } from '#domain/price-for.ts';
import { wasNowText } from '#domain/sale-price.ts';
import { useVatReading } from '#app/lib/buyer.ts';

const SLOT = '\u0000';

/**
 * A price as words around an amount ('From £58.00/M2'), and during a sale the regular amount
 * struck through before the sale amount. Screen readers hear "Was £62.50, now £58.00" once,
 * not the struck figure as if it were the price. A buyer whose list is shown ex VAT reads the
 * amount as '£41.25 ex VAT, £49.50 inc VAT' while the VAT toggle hides VAT.
 */
export function WasNowPrice({
  nowPence,
  wasPence,
  words = (amount) => amount,
}: {
  nowPence: number;
  /** The regular price while a sale runs; null or not above `nowPence`: no sale. */
  wasPence: number | null;
  /** The text around the amount, e.g. (a) => `From ${a}/M2`. */
  words?: (amount: string) => string;
}) {
  const { both } = useVatReading();
  const amount = both ? exIncVatText : formatGBP;
  if (wasPence === null || wasPence <= nowPence) return <>{words(amount(nowPence))}</>;
  const [before = '', after = ''] = words(SLOT).split(SLOT);
  return (
    <>
      {before}
      <span className="sr-only">
        {both
          ? `Was ${formatGBP(wasPence)} inc VAT, now ${exIncVatText(nowPence)}`
          : wasNowText(wasPence, nowPence)}
      </span>
      <span aria-hidden="true" data-was-now="">
        <del className="text-stone-500">{formatGBP(wasPence)}</del>{' '}
        <ins className="font-semibold text-red-800 no-underline">{amount(nowPence)}</ins>
      </span>
      {after}
    </>
  );
}

/** The was-price of an answer's regular and sale prices ('' sale_price: none), in pence. */
export function wasPenceOf(prices: { regular_price: string; sale_price: string }): number | null {
  return prices.sale_price === '' ? null : toPence(prices.regular_price);
}

/** A price with no sale (a line's or a basket's total), written as WasNowPrice writes amounts. */
export function Price({ pence }: { pence: number }) {
  return <WasNowPrice nowPence={pence} wasPence={null} />;
}
