import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { newsletterSchema } from '#domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { subscribe } from '../../lib/newsletter.ts';

type NewsletterInput = z.infer<typeof newsletterSchema>;

function SendIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </svg>
  );
}

/** The footer's newsletter box: an email and a send icon that really subscribes. */
export function NewsletterForm() {
  const id = useId();
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterInput>({ resolver: zodResolver(newsletterSchema) });

  const onSubmit = handleSubmit(async ({ email }) => {
    setConfirmation(null);
    try {
      const answer = await subscribe(email);
      setConfirmation(answer.message);
      reset();
    } catch (error) {
      const message =
        error instanceof ApiError && error.fields?.email
          ? error.fields.email
          : NEWSLETTER_MESSAGES.failed;
      setError('email', { message });
    }
  });

  const error = errors.email?.message;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Newsletter">
      <label htmlFor={`${id}-email`} className="sr-only">
        Email address
      </label>
      <div className="flex overflow-hidden rounded border border-stone-500 bg-white focus-within:border-white">
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 px-3 py-2 text-sm text-stone-ink focus:outline-none"
          {...register('email', { onChange: () => setConfirmation(null) })}
        />
        <button
          type="submit"
          disabled={isSubmitting}
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
