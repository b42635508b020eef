// A quote as the server priced it, with what staff may do next: send it (a PDF and a link by
// mail), revise it into a new revision, or withdraw it.
import { useState } from 'react';
import type { QuoteJson } from '#domain/api-schemas-quotes.ts';
import { mayDo } from '#domain/quotes.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { failureMessage, formatWhen, money } from './ui.tsx';

export function QuoteSummary({
  quote: shown,
  onChanged,
}: {
  quote: QuoteJson;
  onChanged?: (quote: QuoteJson) => void;
}) {
  const [quote, setQuote] = useState(shown);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (action: 'send' | 'revise' | 'withdraw', done: (q: QuoteJson) => string) => {
    setBusy(true);
    setMessage(null);
    try {
      const { data } = await adminFetch<{ data: QuoteJson }>(
        `/api/admin/quotes/${quote.number}/${action}`,
        { method: 'POST', body: { version: quote.version } },
      );
      setQuote(data);
      onChanged?.(data);
      setMessage({ kind: 'success', text: done(data) });
    } catch (error) {
      setMessage({ kind: 'error', text: failureMessage(error) });
    }
    setBusy(false);
  };
  const t = quote.totals;
  return (
    <section aria-label="Priced quote" className="mt-4 flex flex-col gap-2 rounded bg-stone-50 p-3">
      <h3 className="font-semibold">
        Quote {quote.number}, revision {quote.revision}: {quote.state}
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {quote.lines.map((line) => (
          <li key={line.position} className="flex justify-between gap-4">
            <span>
              {line.name}, {line.description}
              {line.m2 ? ` (${line.m2} m²)` : ''} × {line.pieces}
            </span>
            <span>{money(line.total.gross)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-4">
          <span>
            Delivery{quote.delivery.manual ? ' (set by hand)' : ''}, {quote.delivery.weight_kg} kg
          </span>
          <span>{money(t.delivery.gross)}</span>
        </li>
        <li className="flex justify-between gap-4 font-semibold">
          <span>Total (VAT {money(t.total.vat)})</span>
          <span>{money(t.total.gross)}</span>
        </li>
        <li className="flex justify-between gap-4">
          <span>Due on acceptance</span>
          <span>{money(t.pay_now)}</span>
        </li>
      </ul>
      {quote.valid_until ? (
        <p className="text-sm">Valid until {formatWhen(quote.valid_until)}</p>
      ) : null}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        {mayDo('send', quote.state) ? (
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            onClick={() => void act('send', (q) => `Quote ${q.number} sent to ${q.email}.`)}
          >
            Send quote
          </button>
        ) : null}
        {mayDo('revise', quote.state) ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => void act('revise', (q) => `Revision ${q.revision} drafted.`)}
          >
            Revise
          </button>
        ) : null}
        {mayDo('withdraw', quote.state) ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => void act('withdraw', (q) => `Quote ${q.number} withdrawn.`)}
          >
            Withdraw
          </button>
        ) : null}
      </div>
    </section>
  );
}
