// The pages a mailed link opens for one customer (a quote to accept, an order agreed by phone to
// pay): kept out of search and other sites' Referer headers, a plain page when the link fails,
// and the same choice of payment, terms and button that places the order.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#domain/checkout.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { ApiError } from '#app/lib/api.ts';

/** The link's secret is in the URL: keep it out of other sites' Referer headers. */
export function linkPageMeta(title: string) {
  return [
    { title: `${title} | Tessera` },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/** What a link that opens nothing shows. */
export function LinkProblem({ title, problem }: { title: string; problem: string | null }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-4" role="alert">
        {problem}
      </p>
    </main>
  );
}

/**
 * How to pay, the terms and the button: `place` places the order with the method chosen and
 * answers where to go next (the order's page).
 */
export function PayChoice({
  methods,
  button,
  termsMessage,
  place,
}: {
  methods: readonly PaymentMethod[];
  button: string;
  termsMessage: string;
  place: (method: PaymentMethod) => Promise<string>;
}) {
  const navigate = useNavigate();
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [terms, setTerms] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setError(null);
    if (!terms) {
      setError(termsMessage);
      return;
    }
    setBusy(true);
    try {
      await navigate(await place(method));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Please try again.');
      setBusy(false);
    }
  };
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">How would you like to pay?</legend>
        {methods.map((id) => (
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
      <button type="button" className={primaryButton} disabled={busy} onClick={() => void pay()}>
        {button}
      </button>
    </>
  );
}
