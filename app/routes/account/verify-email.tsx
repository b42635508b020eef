import { Link, useSearchParams } from 'react-router';
import type { CustomerJson } from '#domain/api-types.ts';
import { VERIFY_MESSAGES } from '#domain/api-schemas-tracking.ts';
import { apiFetch } from '#app/lib/api.ts';
import { setCustomer, useAuth } from '#app/lib/auth.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { useAction } from '#app/components/orders/use-action.ts';

export const headers = noStoreHeaders;

export function meta() {
  // The token is in the URL: keep it out of other sites' Referer headers.
  return [
    { title: 'Verify your email | Tessera' },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/**
 * The page the verification mail links to. Opening it changes nothing (mail scanners open
 * links too); the shopper's press of the button verifies the address.
 */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const auth = useAuth();
  const { busy, result, run } = useAction(
    VERIFY_MESSAGES.linkInvalid,
    token ? null : { kind: 'error', text: VERIFY_MESSAGES.linkInvalid },
  );

  const confirm = () =>
    run(async () => {
      const { message } = await apiFetch<{ message: string }>('/api/account/verify-email/confirm', {
        method: 'POST',
        body: { token },
      });
      if (auth.status === 'signedIn') {
        const { user } = await apiFetch<{ user: CustomerJson }>('/api/verify');
        setCustomer(user);
      }
      return { kind: 'success', text: message };
    });

  const done = result?.kind === 'success';
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-8 md:px-8">
      <h1 className="text-3xl font-semibold">Verify your email</h1>
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
      {done ? (
        <Link to="/my-account/orders" className="self-start underline">
          Go to your orders
        </Link>
      ) : token ? (
        <>
          <p>Confirm that this email address is yours.</p>
          <button
            type="button"
            className={`${primaryButton} self-start`}
            onClick={confirm}
            disabled={busy}
          >
            {busy ? 'Verifying...' : 'Verify my email'}
          </button>
        </>
      ) : (
        <Link to="/my-account" className="self-start underline">
          Ask for a new link in My account
        </Link>
      )}
    </main>
  );
}
