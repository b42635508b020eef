import { useId, useRef, useState, type FormEvent } from 'react';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { ApiError } from '../../lib/api.ts';
import { subscribe } from '../../lib/newsletter.ts';
import { LineIcon } from '../ui/LineIcon.tsx';

// The footer is on every page, but few visitors use its box: the shared schema (and Zod with it)
// loads when a shopper first reaches for the box, not with every first view.
const loadSchema = () => import('#domain/validation.ts').then((module) => module.newsletterSchema);

/**
 * The first problem with an address under the shared schema, or null when it is fine. Without
 * the schema (its download failed) the box says it could not subscribe.
 */
async function problemWith(email: string): Promise<string | null> {
  try {
    const result = (await loadSchema()).safeParse({ email });
    return result.success ? null : (result.error.issues[0]?.message ?? NEWSLETTER_MESSAGES.failed);
  } catch {
    return NEWSLETTER_MESSAGES.failed;
  }
}

function SendIcon() {
  return (
    <LineIcon className="size-5">
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </LineIcon>
  );
}

/**
 * The footer's newsletter box: an email and a send icon that really subscribes. Like the other
 * forms it checks on submit, then again on every change as the shopper corrects it.
 */
export function NewsletterForm() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [checked, setChecked] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = input.current?.value ?? '';
    setChecked(true);
    setConfirmation(null);
    const problem = await problemWith(email);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      const answer = await subscribe(email);
      setConfirmation(answer.message);
      setChecked(false);
      form.reset();
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : null;
      setError(
        apiError?.fields?.email ??
          (apiError?.status === 429 && apiError.error
            ? apiError.error
            : NEWSLETTER_MESSAGES.failed),
      );
    } finally {
      setSubmitting(false);
    }
  };

  const onChange = async () => {
    setConfirmation(null);
    if (checked) setError(await problemWith(input.current?.value ?? ''));
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Newsletter">
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="flex overflow-hidden rounded border border-stone-500 bg-white focus-within:border-white">
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 px-3 py-2 text-sm text-stone-ink focus:outline-none"
          onFocus={() => void loadSchema().catch(() => {})}
          onChange={onChange}
        />
        <button
          type="submit"
          disabled={submitting}
          aria-label="Subscribe"
          className="bg-stone-accent px-3 text-white disabled:opacity-60"
        >
          <SendIcon />
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {confirmation ? (
        <p role="status" className="mt-2 text-sm text-green-300">
          {confirmation}
        </p>
      ) : null}
    </form>
  );
}
