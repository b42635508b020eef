import { useState } from 'react';
import { data, Link, useLoaderData, useNavigate } from 'react-router';
import type { QuoteJson } from '#domain/api-schemas-quotes.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#domain/checkout.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';

/** One customer's quote: kept out of every cache. */
export const headers = noStoreHeaders;

export function meta() {
  // The link's secret is in the URL: keep it out of other sites' Referer headers.
  return [
    { title: 'Your quote | Tessera' },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export async function loader({
  params,
  request,
  context,
}: {
  params: { number?: string };
  request: Request;
  context: PageLoadContext;
}) {
  const number = params.number ?? '';
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const answer = await context.shopperApi<{ data: QuoteJson }>(
    `/api/quotes/${encodeURIComponent(number)}${query}`,
  );
  if (answer.status === 200) return { quote: answer.data.data, query, problem: null };
  return data({ quote: null, query, problem: 'Quote not found' }, { status: 404 });
}

const money = (pounds: string) => formatGBP(toPence(pounds));

/** What the state means to the customer, when it is not open for acceptance. */
const STATE_TEXT: Partial<Record<QuoteJson['state'], string>> = {
  expired: 'This quote has expired: please ask us for a new one.',
  withdrawn: 'This quote has been withdrawn.',
  superseded: 'This quote has been replaced by a newer revision: please open the latest one.',
};

function Figures({ quote }: { quote: QuoteJson }) {
  const t = quote.totals;
  return (
    <ul className="flex flex-col gap-2" aria-label="Your quote">
      {quote.lines.map((line) => (
        <li key={line.position} className="flex justify-between gap-4 border-b pb-2">
          <span>
            <span className="font-semibold">{line.name}</span>, {line.description}
            {line.m2 ? `, ${line.m2} m²` : ''} × {line.pieces}
            {line.made_to_specification ? (
              <span className="block text-sm text-stone-600">Made to your specification</span>
            ) : null}
          </span>
          <span>{money(line.total.gross)}</span>
        </li>
      ))}
      <li className="flex justify-between gap-4">
        <span>Delivery</span>
        <span>{money(t.delivery.gross)}</span>
      </li>
      <li className="flex justify-between gap-4 font-semibold">
        <span>Total</span>
        <span>{money(t.total.gross)}</span>
      </li>
      <li className="flex justify-between gap-4 text-sm">
        <span>VAT at {t.vat_rate}% included</span>
        <span>{money(t.total.vat)}</span>
      </li>
      {quote.deposit_percent > 0 ? (
        <>
          <li className="flex justify-between gap-4 font-semibold">
            <span>Deposit ({quote.deposit_percent}%) to pay now</span>
            <span>{money(t.deposit)}</span>
          </li>
          <li className="flex justify-between gap-4">
            <span>Balance before delivery</span>
            <span>{money(t.balance)}</span>
          </li>
        </>
      ) : null}
    </ul>
  );
}

/** A quote for bespoke work: its lines and figures, and accepting it with the deposit. */
export default function QuotePage() {
  const { quote, query, problem } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!quote) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-semibold">Your quote</h1>
        <p className="mt-4" role="alert">
          {problem}
        </p>
      </main>
    );
  }
  const accept = async () => {
    setError(null);
    if (!terms) {
      setError('Please read and accept the terms and conditions to accept the quote');
      return;
    }
    setBusy(true);
    try {
      const accepted = await apiFetch<{ data: { number: string }; token: string | null }>(
        `/api/quotes/${quote.number}/accept${query}`,
        { method: 'POST', body: { payment_method: method, accept_terms: true } },
      );
      const link = accepted.token ? `?token=${accepted.token}` : '';
      await navigate(`/checkout/order/${accepted.data.number}${link}`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Please try again.');
      setBusy(false);
    }
  };
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <h1 className="text-2xl font-semibold md:text-3xl">
        Quote {quote.number}
        {quote.revision > 1 ? ` (revision ${quote.revision})` : ''}
      </h1>
      <p>
        For {quote.name}
        {quote.valid_until && quote.state === 'sent'
          ? `, valid until ${formatLondonDate(quote.valid_until)}`
          : ''}
        .
      </p>
      <Figures quote={quote} />
      {quote.rights_note ? <p className="text-sm">{quote.rights_note}.</p> : null}
      {quote.notes ? <p className="whitespace-pre-line">{quote.notes}</p> : null}
      {STATE_TEXT[quote.state] ? <p role="alert">{STATE_TEXT[quote.state]}</p> : null}
      {quote.state === 'accepted' && quote.order_number ? (
        <p>
          You accepted this quote: it is order {quote.order_number}.{' '}
          <Link className="underline" to="/my-account/orders">
            See your orders
          </Link>
        </p>
      ) : null}
      {quote.state === 'sent' ? (
        <section aria-label="Accept the quote" className="flex flex-col gap-3">
          <fieldset className="flex flex-col gap-2">
            <legend className="font-semibold">How would you like to pay?</legend>
            {(['bank_transfer', 'card'] as const).map((id) => (
              <label key={id} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="payment_method"
                  value={id}
                  checked={method === id}
                  onChange={() => setMethod(id)}
                />
                {PAYMENT_METHOD_LABELS[id]}
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <span>
              I have read and accept the{' '}
              <Link className="underline" to="/terms-and-conditions">
                terms and conditions
              </Link>
            </span>
          </label>
          {error ? <FormMessage kind="error">{error}</FormMessage> : null}
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            onClick={() => void accept()}
          >
            Accept quote and pay {money(quote.totals.pay_now)}
          </button>
        </section>
      ) : null}
    </main>
  );
}
