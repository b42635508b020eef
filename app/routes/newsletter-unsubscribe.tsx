import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { ApiError } from '#app/lib/api.ts';
import { unsubscribe } from '#app/lib/newsletter.ts';

export function meta() {
  return [{ title: 'Unsubscribe | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The unsubscribe link from our mails. It asks for a click rather than unsubscribing on load:
 * mail scanners and link previews open links too.
 */
export default function NewsletterUnsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: () => unsubscribe(token) });
  const failure =
    mutation.error instanceof ApiError && mutation.error.status < 500
      ? NEWSLETTER_MESSAGES.linkInvalid
      : mutation.error
        ? NEWSLETTER_MESSAGES.failed
        : null;

  return (
    <main className="mx-auto max-w-xl px-4 py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-ink">
        Unsubscribe from our newsletter
      </h1>
      {!token ? (
        <p role="alert" className="mt-4 text-stone-700">
          {NEWSLETTER_MESSAGES.linkInvalid}
        </p>
      ) : mutation.isSuccess ? (
        <p role="status" className="mt-4 text-stone-700">
          {mutation.data.message}
        </p>
      ) : (
        <>
          <p className="mt-4 text-stone-700">
            Click below and we will stop sending you our newsletter. You can subscribe again at any
            time from the bottom of any page.
          </p>
          <button
            type="button"
            onClick={() => mutation.mutate()}
            disabled={mutation.isPending}
            className="mt-6 rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold text-white disabled:opacity-60"
          >
            {mutation.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </button>
          {failure ? (
            <p role="alert" className="mt-4 text-red-700">
              {failure}
            </p>
          ) : null}
        </>
      )}
    </main>
  );
}
