import { useState } from 'react';
import { data, useLoaderData } from 'react-router';
import type { BalancePaymentJson, DraftOrderJson } from '#domain/api-schemas-order-tasks.ts';
import { formatLondonDate } from '#domain/dates.ts';
import type { PaymentMethod } from '#domain/checkout.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { LinkProblem, linkPageMeta, PayChoice } from '#app/components/checkout/LinkPage.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';

/** A phone order's payment link: one customer's order, kept out of every cache. */
export const headers = noStoreHeaders;

export const meta = () => linkPageMeta('Pay for your order');

export async function loader({
  params,
  context,
}: {
  params: { token?: string };
  context: PageLoadContext;
}) {
  const token = params.token ?? '';
  const answer = await context.shopperApi<{ data: DraftOrderJson; error?: string }>(
    `/api/pay/${encodeURIComponent(token)}`,
  );
  if (answer.status === 200) return { draft: answer.data.data, token, problem: null };
  const problem =
    (answer.data as unknown as { error?: string } | null)?.error ?? 'Payment link not found';
  return data({ draft: null, token, problem }, { status: answer.status === 410 ? 410 : 404 });
}

/** The order's lines, each with its total, as items of the surrounding list. */
function LineItems({ draft }: { draft: DraftOrderJson }) {
  return draft.lines.map((line) => (
    <li key={line.variation_id} className="flex justify-between gap-4 border-b pb-2">
      <span>
        {line.name}, {line.size} × {line.pieces}
      </span>
      <span>{formatGBP(toPence(line.total.gross))}</span>
    </li>
  ));
}

/** The balance of an order changed after payment: what is due, paid by bank transfer. */
function PayBalance({ draft, token }: { draft: DraftOrderJson; token: string }) {
  const [answer, setAnswer] = useState<BalancePaymentJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const due = formatGBP(toPence(draft.balance!.due));
  const pay = async () => {
    setError(null);
    setBusy(true);
    try {
      const paid = await apiFetch<{ data: BalancePaymentJson }>(`/api/pay/${token}/balance`, {
        method: 'POST',
        body: { payment_method: 'bank_transfer', expected_total: draft.balance!.due },
      });
      setAnswer(paid.data);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Please try again.');
    }
    setBusy(false);
  };
  const bank = answer?.bank_transfer;
  return (
    <>
      <ul className="flex flex-col gap-2" aria-label="What is due">
        <li className="flex justify-between gap-4">
          <span>Order total (VAT {formatGBP(toPence(draft.totals.total.vat))})</span>
          <span>{formatGBP(toPence(draft.totals.total.gross))}</span>
        </li>
        <li className="flex justify-between gap-4">
          <span>Paid</span>
          <span>{formatGBP(toPence(draft.balance!.paid))}</span>
        </li>
        <li className="flex justify-between gap-4 font-semibold">
          <span>Balance due</span>
          <span>{due}</span>
        </li>
      </ul>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {bank ? (
        <section aria-label="Bank transfer details" className="rounded bg-stone-50 p-4">
          <h2 className="mb-2 font-semibold">
            Please transfer {due} by {formatLondonDate(bank.pay_by)}
          </h2>
          <dl className="grid grid-cols-2 gap-1">
            <dt>Account name</dt>
            <dd>{bank.account_name}</dd>
            <dt>Sort code</dt>
            <dd>{bank.sort_code}</dd>
            <dt>Account number</dt>
            <dd>{bank.account_number}</dd>
            <dt>Reference</dt>
            <dd>{bank.reference}</dd>
          </dl>
        </section>
      ) : (
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void pay()}>
          Pay {due} by bank transfer
        </button>
      )}
    </>
  );
}

/** The order agreed by phone, and paying it as at checkout. */
export default function PayLink() {
  const { draft, token, problem } = useLoaderData<typeof loader>();
  if (!draft) return <LinkProblem title="Pay for your order" problem={problem} />;
  if (draft.balance) {
    return (
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
        <h1 className="text-2xl font-semibold md:text-3xl">
          Pay the balance of order {draft.order_number}
        </h1>
        <ul className="flex flex-col gap-2" aria-label="Your order">
          <LineItems draft={draft} />
        </ul>
        <PayBalance draft={draft} token={token} />
      </main>
    );
  }
  const place = async (method: PaymentMethod) => {
    const placed = await apiFetch<{ data: { number: string }; token: string }>(
      `/api/pay/${token}`,
      {
        method: 'POST',
        body: {
          payment_method: method,
          accept_terms: true,
          expected_total: draft.totals.total.gross,
        },
      },
    );
    return `/checkout/order/${placed.data.number}?token=${placed.token}`;
  };
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <h1 className="text-2xl font-semibold md:text-3xl">Pay for your order</h1>
      <p>
        The order we agreed by phone, to be delivered to{' '}
        {String(draft.shipping_address['postcode'] ?? '')}:
      </p>
      <ul className="flex flex-col gap-2" aria-label="Your order">
        <LineItems draft={draft} />
        <li className="flex justify-between gap-4">
          <span>Delivery: {draft.delivery_label}</span>
          <span>{formatGBP(toPence(draft.totals.delivery.gross))}</span>
        </li>
        <li className="flex justify-between gap-4 font-semibold">
          <span>Total (VAT {formatGBP(toPence(draft.totals.total.vat))})</span>
          <span>{formatGBP(toPence(draft.totals.total.gross))}</span>
        </li>
      </ul>
      <PayChoice
        methods={draft.payment_methods}
        button={`Place order and pay ${formatGBP(toPence(draft.totals.total.gross))}`}
        termsMessage="Please read and accept the terms and conditions to place your order"
        place={place}
      />
    </main>
  );
}
