import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReturnFiguresJson,
  ReturnJson,
  ReturnOptionsJson,
} from '#domain/api-schemas-returns.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '#domain/returns.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton, secondaryButton } from '#app/components/forms/styles.ts';

const money = (pounds: string) => formatGBP(toPence(pounds));
const problem = (error: unknown) =>
  error instanceof ApiError
    ? (Object.values(error.fields ?? {})[0] ?? error.message)
    : 'Sorry, that did not work. Please check your connection and try again.';

/** The order's returns so far, with where each stands. */
function ReturnList({ returns }: { returns: ReturnJson[] }) {
  return (
    <ul className="flex flex-col gap-3">
      {returns.map((r) => (
        <li key={r.number} className="rounded border border-stone-200 p-3 text-sm">
          <p className="font-semibold">
            Return {r.number}: <span data-testid="return-status">{r.status_label}</span>
          </p>
          <p>
            {r.lines
              .map((l) => `${l.packs} × pack of ${l.pieces_per_pack}, ${l.name} ${l.size}`)
              .join('; ')}
          </p>
          <p>Refund {money(r.figures.refund.gross)}</p>
          {r.collection_date ? <p>Collection booked for {r.collection_date}</p> : null}
          {r.refusal ? <p>Refused: {r.refusal}</p> : null}
          {r.credit_note ? <p>Credit note {r.credit_note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function Figures({ figures }: { figures: ReturnFiguresJson }) {
  const rows: [string, string][] = [
    ['Returned goods', money(figures.goods.gross)],
    ['Restocking fee', `−${money(figures.restocking_fee.gross)}`],
    ['Collection', `−${money(figures.collection.gross)}`],
  ];
  return (
    <dl aria-label="Refund figures" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
      <dt className="font-semibold">Refund (VAT {money(figures.refund.vat)})</dt>
      <dd className="text-right font-semibold">{money(figures.refund.gross)}</dd>
    </dl>
  );
}

/** Asking to return whole packs: choose packs and reason, see the refund, then send. */
function ReturnForm({
  number,
  options,
  done,
}: {
  number: string;
  options: ReturnOptionsJson;
  done: (r: ReturnJson) => void;
}) {
  const base = `/api/orders/${encodeURIComponent(number)}/returns`;
  const [packs, setPacks] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [noted, setNoted] = useState(false);
  const [photos, setPhotos] = useState<number[]>([]);
  const [figures, setFigures] = useState<ReturnFiguresJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const damage = reason === 'damaged';
  const body = () => ({
    lines: options.lines
      .filter((l) => (packs[l.line] ?? 0) > 0)
      .map((l) => ({ line: l.line, pieces: packs[l.line]! * l.pieces_per_pack })),
    reason,
    ...(damage ? { damage_on_delivery_note: noted, photos } : {}),
  });
  const changed = () => {
    setFigures(null);
    setError(null);
  };
  const send = async (path: string) => {
    setBusy(true);
    setError(null);
    try {
      if (path === 'preview') {
        const answer = await apiFetch<{ data: ReturnFiguresJson }>(`${base}/preview`, {
          method: 'POST',
          body: body(),
        });
        setFigures(answer.data);
      } else {
        done((await apiFetch<{ data: ReturnJson }>(base, { method: 'POST', body: body() })).data);
      }
    } catch (failure) {
      setError(problem(failure));
    } finally {
      setBusy(false);
    }
  };
  const upload = async (files: FileList | null) => {
    changed();
    for (const file of Array.from(files ?? [])) {
      try {
        const response = await fetch(`${base}/photos`, {
          method: 'POST',
          body: file,
          headers: { 'content-type': file.type },
        });
        const json = await response.json();
        if (!response.ok) throw new ApiError(response.status, json);
        setPhotos((ids) => [...ids, json.data.id as number]);
      } catch (failure) {
        setError(problem(failure));
      }
    }
  };
  return (
    <form
      aria-label="Return items"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void send(figures ? 'send' : 'preview');
      }}
    >
      <ul className="list-disc pl-5 text-sm">
        {options.rules.text.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">Packs to return</legend>
        {options.lines.map((line) => (
          <div
            key={line.line}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <span>
              {line.name} {line.size}
              <span className="block text-stone-600">
                {line.pieces} pieces bought, in packs of {line.pieces_per_pack}
              </span>
            </span>
            {line.why_not ? (
              <span className="text-stone-600">{line.why_not}</span>
            ) : (
              <label className="flex items-center gap-2">
                Packs
                <select
                  className={inputClass}
                  value={packs[line.line] ?? 0}
                  aria-label={`Packs of ${line.name} ${line.size} to return`}
                  onChange={(event) => {
                    setPacks({ ...packs, [line.line]: Number(event.target.value) });
                    changed();
                  }}
                >
                  {Array.from(
                    { length: line.returnable_pieces / line.pieces_per_pack + 1 },
                    (_, n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ),
                  )}
                </select>
              </label>
            )}
          </div>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1 text-sm font-medium">
        <label htmlFor={reasonId}>Reason</label>
        <select
          id={reasonId}
          className={inputClass}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value as ReturnReason);
            changed();
          }}
        >
          <option value="">Choose a reason</option>
          {RETURN_REASONS.filter((r) => r !== 'damaged' || options.damage_claim_open).map((r) => (
            <option key={r} value={r}>
              {RETURN_REASON_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      {damage ? (
        <div className="flex flex-col gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={noted}
              onChange={(event) => {
                setNoted(event.target.checked);
                changed();
              }}
            />
            The damage is noted on the delivery note
          </label>
          <label className="flex flex-col gap-1 font-medium">
            Photos of the damage
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              multiple
              onChange={(event) => void upload(event.target.files)}
            />
          </label>
          <p role="status">
            {photos.length === 1 ? '1 photo added' : `${photos.length} photos added`}
          </p>
        </div>
      ) : null}
      {figures ? <Figures figures={figures} /> : null}
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <button type="submit" className={figures ? primaryButton : secondaryButton} disabled={busy}>
        {figures ? 'Send return request' : 'Show my refund'}
      </button>
    </form>
  );
}

/** Returns on the customer's order page: the returns so far, and "Return items" when allowed. */
export function ReturnItems({ number }: { number: string }) {
  const queryClient = useQueryClient();
  const key = ['order-returns', number];
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const options = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: ReturnOptionsJson }>(
          `/api/orders/${encodeURIComponent(number)}/returns`,
          { signal },
        )
      ).data,
    staleTime: 0,
  });
  if (!options.data) return null;
  const o = options.data;
  const canReturn = o.closed === null && o.lines.some((l) => l.returnable_pieces > 0);
  if (!canReturn && o.returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-heading" className="flex flex-col gap-4">
      <h2 id="returns-heading" className="text-lg font-semibold">
        Returns
      </h2>
      {sent ? <FormMessage kind="success">{sent}</FormMessage> : null}
      {o.returns.length > 0 ? <ReturnList returns={o.returns} /> : null}
      {canReturn && !open ? (
        <button
          type="button"
          className={`${secondaryButton} self-start`}
          onClick={() => setOpen(true)}
        >
          Return items
        </button>
      ) : null}
      {canReturn && open ? (
        <ReturnForm
          number={number}
          options={o}
          done={(r) => {
            setOpen(false);
            setSent(`Return ${r.number} requested. We will be in touch to book the collection.`);
            void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </section>
  );
}
