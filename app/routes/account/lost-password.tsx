import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { AUTH_TEXTS } from '#app/components/account/AuthForms.tsx';
import { FormField, FormMessage, primaryButton } from '#app/components/account/FormField.tsx';
import { lostPasswordFormSchema } from '#app/components/account/password-forms.ts';

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: 'Lost password | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/** Lost password: mails a single-use reset link; the answer never says whether the email exists. */
export default function LostPassword() {
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof lostPasswordFormSchema>>({
    resolver: zodResolver(lostPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setResult(null);
    try {
      const { message } = await apiFetch<{ message: string }>('/api/auth/lost-password', {
        method: 'POST',
        body: input,
      });
      setResult({ kind: 'success', text: message });
    } catch (error) {
      setResult({
        kind: 'error',
        text: error instanceof ApiError ? error.message : AUTH_TEXTS.networkError,
      });
    }
  });

  return (
    <main className="mx-auto max-w-xl px-4 py-8 md:px-8">
      <h1 className="mb-6 text-3xl font-semibold">Lost password</h1>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
        aria-label="Lost password"
      >
        <p>
          Lost your password? Please enter your email address. You will receive a link to create a
          new password via email.
        </p>
        {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
        <FormField
          label="Email address"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className={`${primaryButton} self-start`} disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Reset password'}
        </button>
      </form>
    </main>
  );
}
