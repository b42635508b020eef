import { data, Link, useLoaderData } from 'react-router';
import type { QuoteJson } from '#domain/api-schemas-quotes.ts';
import type { PaymentMethod } from '#domain/checkout.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { LinkProblem, linkPageMeta, PayChoice } from '#app/components/checkout/LinkPage.tsx';
import { apiFetch } from '#app/lib/api.ts';

/** One customer's quote: kept out of every cache. */
export const headers = noStoreHeaders;

export const meta = () => linkPageMeta('Your quote');

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

function Figures({ quote, query }: { quote: QuoteJson; query: string }) {
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
            {line.drawing ? (
              <a
                className="block text-sm underline"
                href={`/api/quotes/${quote.number}/lines/${line.position}/drawing${query}`}
                download={line.drawing.file_name}
              >
                Drawing
              </a>
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
  if (!quote) return <LinkProblem title="Your quote" problem={problem} />;
  const accept = async (method: PaymentMethod) => {
    const accepted = await apiFetch<{ data: { number: string }; token: string | null }>(
      `/api/quotes/${quote.number}/accept${query}`,
      { method: 'POST', body: { payment_method: method, accept_terms: true } },
    );
    const link = accepted.token ? `?token=${accepted.token}` : '';
    return `/checkout/order/${accepted.data.number}${link}`;
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
      <Figures quote={quote} query={query} />
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
          <PayChoice
            methods={['bank_transfer', 'card']}
            button={`Accept quote and pay ${money(quote.totals.pay_now)}`}
            termsMessage="Please read and accept the terms and conditions to accept the quote"
            place={accept}
          />
        </section>
      ) : null}
    </main>
  );
}
