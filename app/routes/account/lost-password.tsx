import { useState } from 'react';
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
import { lostPasswordFormSchema } from '#app/components/account/password-forms.ts';

export const headers = noStoreHeaders;

export function meta() {
  return [{ title: 'Lost password | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/** Lost password: mails a single-use reset link; the answer never says whether the email exists. */
export default function LostPassword() {
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<z.infer<typeof lostPasswordFormSchema>>({
    resolver: zodResolver(lostPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
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
      <Form
        form={form}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-label="Lost password"
      >
        <p>
          Lost your password? Please enter your email address. You will receive a link to create a
          new password via email.
        </p>
        {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : null}
        <Field name="email" label="Email address" type="email" autoComplete="email" required />
        <button
          type="submit"
          className={`${primaryButton} self-start`}
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? 'Sending...' : 'Reset password'}
        </button>
      </Form>
    </main>
  );
}
