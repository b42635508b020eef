import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeliveryEstimateJson } from '#domain/api-schemas-delivery.ts';

import { normaliseUkPostcode, UK_POSTCODE_INVALID } from '#domain/postcode.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { rememberPostcode, useRememberedPostcode } from '#app/lib/delivery-postcode.ts';
import { estimateText, money } from '../checkout/format.ts';

export const ESTIMATE_TEXTS = {
  heading: 'Delivery to your postcode',
  check: 'Check',
  checking: 'Working out delivery...',
  failed: 'Delivery could not be priced. Please check your connection and try again.',
  chooseFirst: 'Choose a size and quantity to see the delivery price.',
  free: 'Free',
  total: 'Total with delivery:',
} as const;

export interface EstimateLine {
  variation_id: number;
  quantity: number;
}

/**
 * A postcode field and what delivering there costs (issue 27): for the lines given (the product
 * page's size and quantity), or for the basket when `lines` is undefined. The figures are the
 * server's, from the rules checkout charges by; the postcode is remembered for the session.
 */
export function DeliveryEstimate({
  lines,
  refreshKey = '',
}: {
  /** null: nothing to price yet (no size or quantity chosen). */
  lines?: EstimateLine[] | null;
  /** Changes when the basket does, so its estimate is asked again. */
  refreshKey?: string;
}) {
  const id = useId();
  const remembered = useRememberedPostcode();
  const [typed, setTyped] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const text = typed ?? remembered;
  // A postcode remembered by another estimate on the page shows here too.
  useEffect(() => setTyped(null), [remembered]);

  const ready = lines !== null;
  const estimate = useQuery({
    queryKey: ['delivery-estimate', remembered, lines ?? 'basket', refreshKey],
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ data: DeliveryEstimateJson }>('/api/delivery/estimate', {
          method: 'POST',
          body: { postcode: remembered, ...(lines ? { lines } : {}) },
          signal,
        })
      ).data,
    enabled: remembered !== '' && ready,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const postcode = normaliseUkPostcode(text);
    setInvalid(postcode === null);
    if (postcode !== null) rememberPostcode(postcode);
  };

  const refusal =
    estimate.error instanceof ApiError && estimate.error.status < 500
      ? (estimate.error.body?.message ?? ESTIMATE_TEXTS.failed)
      : ESTIMATE_TEXTS.failed;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-2 rounded border border-stone-300 p-3 text-sm"
    >
      <h3 id={`${id}-heading`} className="font-semibold">
        {ESTIMATE_TEXTS.heading}
      </h3>
      <form onSubmit={submit} className="flex gap-2" noValidate>
        <label htmlFor={`${id}-postcode`} className="sr-only">
          Postcode
        </label>
        <input
          id={`${id}-postcode`}
          name="postcode"
          autoComplete="postal-code"
          placeholder="Postcode"
          value={text}
          onChange={(event) => setTyped(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-invalid` : undefined}
          className="min-w-0 flex-1 rounded border border-stone-400 px-3 py-2 uppercase"
        />
        <button
          type="submit"
          className="rounded border border-stone-ink px-4 py-2 font-semibold uppercase"
        >
          {ESTIMATE_TEXTS.check}
        </button>
      </form>
      {invalid ? (
        <p id={`${id}-invalid`} role="alert" className="text-red-700">
          {UK_POSTCODE_INVALID}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {remembered === '' || invalid ? null : !ready ? (
          <p className="text-stone-700">{ESTIMATE_TEXTS.chooseFirst}</p>
        ) : estimate.data ? (
          <EstimateAnswer estimate={estimate.data} />
        ) : estimate.isError ? (
          <p className="text-red-700">{refusal}</p>
        ) : (
          <p className="text-stone-700">{ESTIMATE_TEXTS.checking}</p>
        )}
      </div>
    </section>
  );
}

function EstimateAnswer({ estimate }: { estimate: DeliveryEstimateJson }) {
  if (!estimate.deliverable || estimate.price === null) {
    return <p className="text-red-700">{estimate.message}</p>;
  }
  const chosen = estimate.delivery.options.find((o) => o.id === estimate.delivery.selected);
  const price = estimate.price === '0.00' ? ESTIMATE_TEXTS.free : money(estimate.price);
  return (
    <div className="flex flex-col gap-1" data-testid="delivery-estimate">
      <p>
        Delivery to {estimate.postcode}: <strong>{price}</strong>
      </p>
      {estimate.surcharge ? <p>{estimate.surcharge.text}</p> : null}
      <p>
        {ESTIMATE_TEXTS.total} <strong>{money(estimate.totals.total.gross)}</strong>
      </p>
      {chosen ? (
        <p className="text-stone-700">
          {chosen.label}, {estimateText(chosen.estimate)}
        </p>
      ) : null}
    </div>
  );
}
