import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { ApiError } from '#app/lib/api.ts';
import type { NewsletterAnswer } from '#app/lib/newsletter.ts';

interface Props {
  title: string;
  intro: ReactNode;
  button: string;
  pending: string;
  /** What the page says when the link's token is missing, unknown or used. */
  invalid: string;
  act: (token: string) => Promise<NewsletterAnswer>;
}

/**
 * The page behind a link from our mails (confirm, unsubscribe). It asks for a click rather than
 * acting on load: mail scanners and link previews open links too.
 */
export function NewsletterLinkPage({ title, intro, button, pending, invalid, act }: Props) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const mutation = useMutation({ mutationFn: () => act(token) });
  const failure =
    mutation.error instanceof ApiError && mutation.error.status < 500
      ? invalid
      : mutation.error
        ? NEWSLETTER_MESSAGES.failed
        : null;

  return (
    <main className="mx-auto max-w-xl px-4 py-16 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-ink">{title}</h1>
      {!token ? (
        <p role="alert" className="mt-4 text-stone-700">
          {invalid}
        </p>
      ) : mutation.isSuccess ? (
        <p role="status" className="mt-4 text-stone-700">
          {mutation.data.message}
        </p>
      ) : (
        <>
          <p className="mt-4 text-stone-700">{intro}</p>
          <button
            type="button"
            onClick={() => mutation.mutate()}
            disabled={mutation.isPending}
            className="mt-6 rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold text-white disabled:opacity-60"
          >
            {mutation.isPending ? pending : button}
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
