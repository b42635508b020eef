import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '#domain/order-states.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export const CARD_TEXTS = {
  settingUp: 'Card payment is being set up. Please choose bank transfer or call us to pay.',
  failed: 'Card payment could not be started. Please try again.',
  loading: 'Loading card payment',
} as const;

const STRIPE_JS = 'https://js.stripe.com/v3';

// The small part of Stripe.js this page uses.
interface StripeElements {
  create(kind: 'payment'): { mount(element: HTMLElement): void };
}
interface StripeJs {
  elements(options: { clientSecret: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

let stripeScript: Promise<StripeFactory> | null = null;

/** Stripe.js, loaded once and only when a card payment is shown (it is never bundled). */
function loadStripe(): Promise<StripeFactory> {
  stripeScript ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS;
    script.async = true;
    // The page's CSP allows scripts carrying its nonce.
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      stripeScript = null;
      reject(new Error('Stripe.js did not load'));
    };
    document.head.append(script);
  });
  return stripeScript;
}

type State =
  | { kind: 'starting' }
  | { kind: 'unavailable' }
  | { kind: 'ready'; stripe: StripeJs; elements: StripeElements }
  | { kind: 'paying'; stripe: StripeJs; elements: StripeElements }
  | { kind: 'failed'; message: string };

/** After the card provider sends the shopper back (`sync`): asks the shop to check the payment. */
function PaymentSync({ url }: { url: string }) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<PaymentStatus | 'checking' | 'unknown'>('checking');
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    apiFetch<{ data?: { payment_status?: PaymentStatus } }>(url, { method: 'POST' })
      .then((answer) => {
        setStatus(answer.data?.payment_status ?? 'unknown');
        void revalidator.revalidate();
      })
      .catch(() => setStatus('unknown'));
  }, [url, revalidator]);
  if (status === 'checking') return <Spinner label="Checking your payment" />;
  if (status === 'unknown') {
    return (
      <FormMessage kind="error">
        We could not check your payment yet. Please reload this page in a moment.
      </FormMessage>
    );
  }
  return (
    <FormMessage kind={status === 'succeeded' ? 'success' : 'error'}>
      Card payment: {PAYMENT_STATUS_LABELS[status]}
    </FormMessage>
  );
}

/**
 * 'Pay by card' for an order awaiting a card payment: asks the shop for the payment (it resumes
 * the one it started), then loads Stripe.js and mounts the Payment Element. Without a
 * publishable key card payment is not configured, and the section says so.
 */
export function CardPayment({
  number,
  token,
  sync,
}: {
  number: string;
  token: string;
  sync: boolean;
}) {
  const path = `/api/orders/${encodeURIComponent(number)}/payment`;
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const [state, setState] = useState<State>({ kind: 'starting' });
  const mountPoint = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (sync || started.current) return;
    started.current = true;
    (async () => {
      const payment = await apiFetch<{ client_secret: string; publishable_key: string | null }>(
        `${path}${query}`,
        { method: 'POST' },
      );
      if (!payment.publishable_key) {
        setState({ kind: 'unavailable' });
        return;
      }
      const stripe = (await loadStripe())(payment.publishable_key);
      const elements = stripe.elements({ clientSecret: payment.client_secret });
      if (mountPoint.current) elements.create('payment').mount(mountPoint.current);
      setState({ kind: 'ready', stripe, elements });
    })().catch((error: unknown) =>
      setState({
        kind: 'failed',
        message:
          error instanceof ApiError && error.status < 500 && error.body
            ? error.body.message
            : CARD_TEXTS.failed,
      }),
    );
  }, [path, query, sync]);

  async function pay() {
    if (state.kind !== 'ready') return;
    setState({ ...state, kind: 'paying' });
    const back = new URL(window.location.href);
    back.searchParams.set('sync', '1');
    const { error } = await state.stripe.confirmPayment({
      elements: state.elements,
      confirmParams: { return_url: back.href },
    });
    // Only a refusal comes back here; a success leaves for return_url.
    setState(
      error ? { kind: 'failed', message: error.message ?? CARD_TEXTS.failed } : { ...state },
    );
  }

  return (
    <section
      aria-labelledby="card-payment-heading"
      className="flex flex-col gap-3 rounded border border-stone-300 p-4"
    >
      <h2 id="card-payment-heading" className="text-lg font-semibold">
        Pay by card
      </h2>
      {sync ? <PaymentSync url={`${path}/sync${query}`} /> : null}
      {!sync && state.kind === 'starting' ? <Spinner label={CARD_TEXTS.loading} /> : null}
      {state.kind === 'unavailable' ? <p>{CARD_TEXTS.settingUp}</p> : null}
      {state.kind === 'failed' ? <FormMessage kind="error">{state.message}</FormMessage> : null}
      <div ref={mountPoint} />
      {state.kind === 'ready' || state.kind === 'paying' ? (
        <button
          type="button"
          className={`${primaryButton} self-start`}
          disabled={state.kind === 'paying'}
          onClick={pay}
        >
          {state.kind === 'paying' ? 'Paying...' : 'Pay now'}
        </button>
      ) : null}
    </section>
  );
}
