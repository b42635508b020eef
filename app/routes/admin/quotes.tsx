import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EnquirySummaryJson,
  QuoteJson,
  QuoteSummaryJson,
} from '#domain/api-schemas-quotes.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import {
  blankQuote,
  QuoteBuilder,
  quoteValues,
  type QuoteValues,
} from '#app/components/admin/QuoteBuilder.tsx';
import { QuoteSummary } from '#app/components/admin/QuoteSummary.tsx';
import {
  failureMessage,
  formatWhen,
  money,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export function meta() {
  return [{ title: 'Quotes | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

const QUOTES_KEY = ['admin', 'quotes'] as const;
const ENQUIRIES_KEY = ['admin', 'quotes', 'enquiries'] as const;

/** What is open below the lists: a new quote (blank or from an enquiry), or a saved one. */
type Open = { kind: 'new'; start: QuoteValues; key: string } | { kind: 'quote'; quote: QuoteJson };

/**
 * Quotes for bespoke work: every quote with its state, the enquiries waiting for one, and the
 * builder (a new quote, or a draft to edit; a sent one to revise or withdraw).
 */
export default function AdminQuotes() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>({ kind: 'new', start: blankQuote(), key: 'blank' });
  const [problem, setProblem] = useState<string | null>(null);
  const quotes = useQuery({
    queryKey: QUOTES_KEY,
    queryFn: async () => (await adminFetch<{ data: QuoteSummaryJson[] }>('/api/admin/quotes')).data,
  });
  const enquiries = useQuery({
    queryKey: ENQUIRIES_KEY,
    queryFn: async () =>
      (await adminFetch<{ data: EnquirySummaryJson[] }>('/api/admin/quotes/enquiries')).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUOTES_KEY });
  const openQuote = async (number: string) => {
    setProblem(null);
    try {
      const { data } = await adminFetch<{ data: QuoteJson }>(`/api/admin/quotes/${number}`);
      setOpen({ kind: 'quote', quote: data });
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };
  const waiting = enquiries.data?.filter((e) => e.quote_number === null) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Quotes</PageHeading>
      {problem ? <p role="alert">{problem}</p> : null}
      {quotes.error ? (
        <p role="alert">{failureMessage(quotes.error)}</p>
      ) : !quotes.data ? (
        <Spinner label="Loading quotes" />
      ) : quotes.data.length === 0 ? (
        <p>No quotes yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Quotes</caption>
            <thead>
              <tr>
                <th className={thClass}>Quote</th>
                <th className={thClass}>Customer</th>
                <th className={thClass}>Total</th>
                <th className={thClass}>State</th>
                <th className={`${thClass} hidden md:table-cell`}>Valid until</th>
              </tr>
            </thead>
            <tbody>
              {quotes.data.map((q) => (
                <tr key={`${q.number}/${q.revision}`}>
                  <td className={tdClass}>
                    <button
                      type="button"
                      className="underline"
                      onClick={() => void openQuote(q.number)}
                    >
                      {q.number} v{q.revision}
                    </button>
                  </td>
                  <td className={tdClass}>{q.name}</td>
                  <td className={tdClass}>{money(q.total)}</td>
                  <td className={tdClass}>
                    {q.state}
                    {q.order_number ? ` (order ${q.order_number})` : ''}
                  </td>
                  <td className={`${tdClass} hidden md:table-cell`}>
                    {q.valid_until ? formatWhen(q.valid_until) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Panel title="Enquiries waiting for a quote">
        {waiting.length === 0 ? (
          <p className="text-sm">None waiting.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm" aria-label="Enquiries waiting for a quote">
            {waiting.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline gap-2">
                <span>
                  #{e.id} {e.name} ({e.email}):{' '}
                  {[e.product_name, e.size, e.thickness, e.finish, e.quantity]
                    .filter(Boolean)
                    .join(', ')}{' '}
                  {e.message}
                </span>
                <button
                  type="button"
                  className="underline"
                  aria-label={`Quote enquiry ${e.id}`}
                  onClick={() =>
                    setOpen({ kind: 'new', start: blankQuote(e), key: `enquiry:${e.id}` })
                  }
                >
                  Quote this
                </button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <div className="max-w-3xl">
        {open.kind === 'new' || open.quote.state === 'draft' ? (
          <QuoteBuilder
            key={open.kind === 'new' ? open.key : `${open.quote.number}/${open.quote.revision}`}
            start={open.kind === 'new' ? open.start : quoteValues(open.quote)}
            draft={open.kind === 'quote' ? open.quote : null}
            onSaved={() => {
              void refresh();
              void queryClient.invalidateQueries({ queryKey: ENQUIRIES_KEY });
            }}
          />
        ) : (
          <Panel title={`Quote ${open.quote.number}`}>
            <QuoteSummary
              quote={open.quote}
              onChanged={(quote) => {
                void refresh();
                setOpen({ kind: 'quote', quote });
              }}
            />
          </Panel>
        )}
      </div>
    </div>
  );
}
