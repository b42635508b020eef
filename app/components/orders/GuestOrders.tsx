import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { VERIFY_MESSAGES, type ClaimableOrderJson } from '#domain/api-schemas-tracking.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { apiFetch } from '#app/lib/api.ts';
import { money } from '#app/components/checkout/format.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { useAction } from './use-action.ts';

const FAILED = 'Something went wrong. Please try again.';

/** Adds guest orders to the account (all, or those numbered); resolves with the message. */
async function claim(numbers?: string[]): Promise<{ claimed: string[]; message: string }> {
  return apiFetch('/api/account/orders/claim', {
    method: 'POST',
    body: numbers ? { numbers } : {},
  });
}

/** 'Verify your email': mails a fresh link to the account's address. */
export function VerifyEmailButton() {
  const { busy: sending, result, run } = useAction(FAILED);
  const send = () =>
    run(async () => {
      const { message } = await apiFetch<{ message: string }>('/api/account/verify-email', {
        method: 'POST',
      });
      return { kind: 'success', text: message };
    });
  return (
    <div className="flex flex-col gap-2">
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={send}
        disabled={sending}
      >
        {sending ? 'Sending...' : 'Verify your email'}
      </button>
    </div>
  );
}

/**
 * On My account > Orders: orders placed as a guest with the account's email. They are listed and
 * added only once the email is verified; until then, the way to verify it.
 */
export function GuestOrdersPanel({ verified }: { verified: boolean }) {
  const queryClient = useQueryClient();
  const { busy: claiming, result, run } = useAction(FAILED);
  const claimable = useQuery({
    queryKey: ['claimable-orders'],
    queryFn: ({ signal }) =>
      apiFetch<{ data: ClaimableOrderJson[] }>('/api/account/orders/claimable', { signal }),
    enabled: verified,
    staleTime: 0,
  });
  if (!verified) {
    return (
      <section
        aria-labelledby="guest-orders-heading"
        className="flex flex-col gap-2 rounded border border-stone-200 p-4"
      >
        <h2 id="guest-orders-heading" className="font-semibold">
          Orders placed as a guest
        </h2>
        <p className="text-sm">
          Ordered without signing in? Verify your email address and we will add those orders here.
        </p>
        <VerifyEmailButton />
      </section>
    );
  }
  const orders = claimable.data?.data ?? [];
  if (orders.length === 0 && !result) return null;
  const addAll = () =>
    run(async () => {
      const { message } = await claim();
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await queryClient.invalidateQueries({ queryKey: ['claimable-orders'] });
      return { kind: 'success', text: message };
    });
  return (
    <section
      aria-labelledby="guest-orders-heading"
      className="flex flex-col gap-3 rounded border border-stone-200 p-4"
    >
      <h2 id="guest-orders-heading" className="font-semibold">
        Orders placed as a guest
      </h2>
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
      {orders.length > 0 ? (
        <>
          <ul className="flex flex-col gap-1 text-sm">
            {orders.map((order) => (
              <li key={order.number}>
                {order.number}, placed {formatLondonDate(order.placed_at)}: {money(order.total)}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={`${primaryButton} self-start`}
            onClick={addAll}
            disabled={claiming}
          >
            {claiming ? 'Adding...' : 'Add to my account'}
          </button>
        </>
      ) : null}
    </section>
  );
}

/**
 * On a guest order's page, for a signed-in customer with the order's email: one button adds it to
 * their account once that email is verified; until then, the way to verify it.
 */
export function AddToAccount({ number, verified }: { number: string; verified: boolean }) {
  const { busy: claiming, result, run } = useAction(FAILED);
  const add = () =>
    run(async () => {
      const { claimed, message } = await claim([number]);
      return claimed.length > 0
        ? { kind: 'success', text: message }
        : { kind: 'error', text: VERIFY_MESSAGES.claimed(0) };
    });
  const added = result?.kind === 'success';
  return (
    <section
      aria-labelledby="add-to-account-heading"
      className="flex flex-col gap-3 rounded border border-stone-200 p-4"
    >
      <h2 id="add-to-account-heading" className="text-lg font-semibold">
        Keep this order in your account
      </h2>
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
      {!verified ? (
        <>
          <p className="text-sm">{VERIFY_MESSAGES.verifyFirst}</p>
          <VerifyEmailButton />
        </>
      ) : added ? (
        <Link
          to={`/my-account/orders/${encodeURIComponent(number)}`}
          className="self-start underline"
        >
          View your order in My account
        </Link>
      ) : (
        <button
          type="button"
          className={`${primaryButton} self-start`}
          onClick={add}
          disabled={claiming}
        >
          {claiming ? 'Adding...' : 'Add to my account'}
        </button>
      )}
    </section>
  );
}
