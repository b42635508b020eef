import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { AUTH_TEXTS } from '#app/components/account/AuthForms.tsx';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { resetPasswordFormSchema } from '#app/components/account/password-forms.ts';

export const headers = noStoreHeaders;

export function meta() {
  // The token is in the URL: keep it out of other sites' Referer headers.
  return [
    { title: 'Reset password | Tessera' },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

const NO_TOKEN = 'This password reset link is invalid or has expired. Please request a new one.';

/** Sets a new password from the link mailed by 'Lost your password?'. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(
    token ? null : { kind: 'error', text: NO_TOKEN },
  );
  const form = useForm<z.infer<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setResult(null);
    try {
      const { message } = await apiFetch<{ message: string }>('/api/auth/reset-password', {
        method: 'POST',
        body: { token, password },
      });
      setResult({ kind: 'success', text: message });
    } catch (error) {
      setResult({
        kind: 'error',
        text: error instanceof ApiError ? error.message : AUTH_TEXTS.networkError,
      });
    }
  });

  const done = result?.kind === 'success';
  return (
    <main className="mx-auto max-w-xl px-4 py-8 md:px-8">
      <h1 className="mb-6 text-3xl font-semibold">Reset password</h1>
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
      {done ? (
        <Link to="/my-account" className="mt-4 inline-block underline">
          Log in
        </Link>
      ) : token ? (
        <Form
          form={form}
          onSubmit={onSubmit}
          className="mt-4 flex flex-col gap-4"
          aria-label="Reset password"
        >
          <p>Enter a new password below.</p>
          <Field
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
          />
          <Field
            name="confirmPassword"
            label="Re-enter new password"
            type="password"
            autoComplete="new-password"
            required
          />
          <button
            type="submit"
            className={`${primaryButton} self-start`}
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? 'Saving...' : 'Save password'}
          </button>
        </Form>
      ) : (
        <Link to="/my-account/lost-password" className="mt-4 inline-block underline">
          Request a new link
        </Link>
      )}
    </main>
  );
}
