import { useState } from 'react';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';
import { subscribe as subscribeEmail } from '#app/lib/newsletter.ts';

/** The dashboard's marketing block; 'subscribe me' really subscribes the account's email. */
export function MailingListBlock({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'failed' | { done: string }>('idle');

  async function subscribe() {
    setState('sending');
    try {
      setState({ done: (await subscribeEmail(email)).message });
    } catch {
      setState('failed');
    }
  }

  return (
    <section aria-labelledby="mailing-list-heading" className="rounded border border-stone-200 p-5">
      <h2 id="mailing-list-heading" className="text-lg font-semibold">
        Mailing list
      </h2>
      {typeof state === 'object' ? (
        <div className="mt-3">
          <FormMessage kind="success">{state.done}</FormMessage>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm">
            You are not on our mailing list. Subscribe for new stone arrivals, offers and design
            ideas.
          </p>
          {state === 'failed' ? (
            <div className="mt-3">
              <FormMessage kind="error">{NEWSLETTER_MESSAGES.failed}</FormMessage>
            </div>
          ) : null}
          <button
            type="button"
            className={`${secondaryButton} mt-4`}
            onClick={subscribe}
            disabled={state === 'sending'}
          >
            {state === 'sending' ? 'Subscribing...' : 'Subscribe me'}
          </button>
        </>
      )}
    </section>
  );
}
