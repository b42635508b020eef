import type { BankTransferJson, OrderLineJson, OrderTotalsJson } from '#domain/checkout.ts';
import { displayQuantity } from '#domain/cart.ts';
import { lineUnitText } from '#domain/selling-unit.ts';
import { MADE_TO_ORDER_LABEL } from '#domain/consumer-rights.ts';
import { figuresBeforeDiscount, lineGrossBeforeDiscount } from '#domain/discounts.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { Price } from '../ui/WasNowPrice.tsx';
import { addressLines, formatDay, money } from './format.ts';

/** How many: pieces, and the m² they cover for tiles sold by the m²; litres, items, metres. */
export function quantityText(line: OrderLineJson): string {
  return displayQuantity(line.pieces, line.m2, line.kind === 'size' ? line.selling_unit : 'piece');
}

/** The lines of a quote or an order: name, size, quantity and line total. */
export function OrderLines({ lines }: { lines: readonly OrderLineJson[] }) {
  return (
    <ul aria-label="Order lines" className="divide-y divide-stone-200">
      {lines.map((line) => (
        <li
          key={`${line.product_id}-${line.variation_id}`}
          aria-label={`${line.name}, ${line.size}`}
          className="flex justify-between gap-4 py-3 text-sm"
        >
          <div className="min-w-0">
            <p className="font-medium">{line.name}</p>
            <p className="text-stone-600">{line.size}</p>
            <p className="text-stone-600">{quantityText(line)}</p>
            <p className="text-stone-600">
              <Price pence={toPence(line.unit_price)} /> {lineUnitText(line)}
            </p>
            {line.is_bespoke ? <p className="text-stone-600">{MADE_TO_ORDER_LABEL}</p> : null}
          </div>
          <div className="shrink-0 text-right">
            <p className="font-medium">
              <Price pence={lineGrossBeforeDiscount(line)} />
            </p>
            {toPence(line.discount) > 0 ? (
              <p className="text-stone-600">−{money(line.discount)} discount</p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Goods, delivery, the VAT they include, and the total: every figure as the shop sent it. */
export function OrderTotals({ totals, label }: { totals: OrderTotalsJson; label: string }) {
  // Goods and delivery before the discount, then the discount: they add up to the total.
  const before = figuresBeforeDiscount(totals);
  return (
    <dl aria-label={label} className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
      <dt>Goods</dt>
      <dd className="text-right">
        <Price pence={before.goodsPence} />
      </dd>
      {before.code ? (
        <>
          <dt>Discount ({before.code})</dt>
          <dd className="text-right">−{formatGBP(before.discountPence)}</dd>
        </>
      ) : null}
      <dt>Delivery</dt>
      <dd className="text-right">{formatGBP(before.deliveryPence)}</dd>
      <dt>VAT included</dt>
      <dd className="text-right">{money(totals.total.vat)}</dd>
      <dt className="text-base font-semibold">Total</dt>
      <dd className="text-right text-base font-semibold">
        <Price pence={toPence(totals.total.gross)} />
      </dd>
    </dl>
  );
}

export function AddressBlock({
  title,
  address,
}: {
  title: string;
  address: Parameters<typeof addressLines>[0];
}) {
  return (
    <section aria-label={title}>
      <h3 className="mb-1 font-semibold">{title}</h3>
      <address className="text-sm not-italic">
        {addressLines(address).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </section>
  );
}

/** Where and how to pay an order by bank transfer, and by when. */
export function BankTransferDetails({ bank }: { bank: BankTransferJson }) {
  return (
    <section
      aria-labelledby="bank-transfer-heading"
      className="rounded border border-stone-300 bg-stone-50 p-4"
    >
      <h2 id="bank-transfer-heading" className="mb-2 text-lg font-semibold">
        Pay by bank transfer
      </h2>
      <dl aria-label="Bank details" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>Account name</dt>
        <dd>{bank.account_name}</dd>
        <dt>Sort code</dt>
        <dd>{bank.sort_code}</dd>
        <dt>Account number</dt>
        <dd>{bank.account_number}</dd>
        <dt>Reference</dt>
        <dd className="font-semibold">{bank.reference}</dd>
        <dt>Pay by</dt>
        <dd>{formatDay(bank.pay_by)}</dd>
      </dl>
      <p className="mt-2 text-sm">
        Please give the reference {bank.reference} with your payment. We dispatch your order once it
        has arrived; unpaid orders are cancelled after {formatDay(bank.pay_by)}.
      </p>
    </section>
  );
}
