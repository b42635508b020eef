import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ReturnJson } from '#domain/api-schemas-returns.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { failureMessage, formatWhen, money } from '#app/components/admin/ui.tsx';

/** What staff can do next with a return, one step at a time, each sent with the version seen. */
function Steps({ r, done }: { r: ReturnJson; done: (next: ReturnJson, text: string) => void }) {
  const [refusal, setRefusal] = useState('');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const step = async (kind: string, body: Record<string, unknown>, text: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await adminFetch<{ data: ReturnJson }>(
        `/api/admin/returns/${r.number}/${kind}`,
        {
          method: 'POST',
          body: { version: r.version, ...body },
        },
      );
      done(answer.data, text);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {r.status === 'requested' ? (
        <div className="flex flex-wrap items-end gap-2">
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            onClick={() => void step('approve', {}, `Return ${r.number} approved.`)}
          >
            Approve
          </button>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Reason for refusing
            <input
              className={inputClass}
              value={refusal}
              onChange={(e) => setRefusal(e.target.value)}
            />
          </label>
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => void step('refuse', { reason: refusal }, `Return ${r.number} refused.`)}
          >
            Refuse
          </button>
        </div>
      ) : null}
      {r.status === 'approved' ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Collection date
            <input
              type="date"
              className={inputClass}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </label>
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            onClick={() => void step('book', { date }, `Collection booked for ${date}.`)}
          >
            Book collection
          </button>
        </div>
      ) : null}
      {r.status === 'collection_booked' ? (
        <button
          type="button"
          className={`${primaryButton} self-start`}
          disabled={busy}
          onClick={() => void step('receive', {}, 'Received: the packs are back in stock.')}
        >
          Mark received
        </button>
      ) : null}
      {r.status === 'received' ? (
        <button
          type="button"
          className={`${primaryButton} self-start`}
          disabled={busy}
          onClick={() => void step('refund', {}, `Refunded ${money(r.figures.refund.gross)}.`)}
        >
          Refund {money(r.figures.refund.gross)}
        </button>
      ) : null}
    </div>
  );
}

/** One return for staff: what comes back, the figures, the photos, and the next step. */
export function ReturnCard({ initial, showOrder }: { initial: ReturnJson; showOrder?: boolean }) {
  const queryClient = useQueryClient();
  const [r, setR] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <article
      aria-label={`Return ${r.number}`}
      className="flex flex-col gap-3 rounded border border-stone-200 bg-white p-4 text-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          Return {r.number} · <span data-testid="return-status">{r.status_label}</span>
        </h3>
        <span className="text-stone-600">
          {formatWhen(r.requested_at)}
          {showOrder ? (
            <>
              {' · '}
              <Link className="underline" to={`/admin/orders/${r.order}`}>
                Order {r.order}
              </Link>
            </>
          ) : null}
        </span>
      </header>
      <p>
        {r.reason_label}
        {r.damage
          ? ` · damage${r.damage_on_delivery_note ? ' noted on the delivery note' : ''}`
          : ''}
        {r.note ? ` · “${r.note}”` : ''}
      </p>
      <ul>
        {r.lines.map((l) => (
          <li key={l.line}>
            {l.packs} × pack of {l.pieces_per_pack} ({l.pieces} pcs) {l.name} {l.size}:{' '}
            {money(l.gross)}
          </li>
        ))}
      </ul>
      <p>
        Goods {money(r.figures.goods.gross)} − restocking {money(r.figures.restocking_fee.gross)} −
        collection {money(r.figures.collection.gross)} ={' '}
        <strong>refund {money(r.figures.refund.gross)}</strong> (VAT {money(r.figures.refund.vat)})
      </p>
      {r.photos > 0 ? (
        <p className="flex flex-wrap gap-2">
          {Array.from({ length: r.photos }, (_, i) => (
            <a
              key={i}
              className="underline"
              href={`/api/admin/returns/${r.number}/photos/${i + 1}`}
              target="_blank"
              rel="noreferrer"
            >
              Photo {i + 1}
            </a>
          ))}
        </p>
      ) : null}
      {r.collection_date ? <p>Collection: {r.collection_date}</p> : null}
      {r.refusal ? <p>Refused: {r.refusal}</p> : null}
      {r.credit_note ? <p>Credit note {r.credit_note}</p> : null}
      {message ? <FormMessage kind="success">{message}</FormMessage> : null}
      <Steps
        r={r}
        done={(next, text) => {
          setR(next);
          setMessage(text);
          void queryClient.invalidateQueries({ queryKey: ['admin'] });
        }}
      />
    </article>
  );
}
