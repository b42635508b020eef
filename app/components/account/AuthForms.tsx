import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from '#domain/zod.ts';
import type { AuthJson } from '#domain/api-types.ts';
import {
  loginSchema,
  signupSchema,
  type LoginInput,
  type SignupInput,
} from '#domain/validation.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { rememberEmail, rememberedEmail, signedIn } from '#app/lib/auth.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { subscribe as subscribeToNewsletter } from '#app/lib/newsletter.ts';

export const AUTH_TEXTS = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  registered: 'Register Success!',
  networkError: 'Network error occurred',
} as const;

/** The text of a failed call: the server's field (error for login, message for register). */
function failureText(error: unknown, field: 'error' | 'message', fallback: string): string {
  if (!(error instanceof ApiError)) return AUTH_TEXTS.networkError;
  return error.body?.[field] || fallback;
}

export function LoginForm() {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: () =>
      Promise.resolve({
        email: rememberedEmail(),
        password: '',
        remember: rememberedEmail() !== '',
      }),
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const auth = await apiFetch<AuthJson>('/api/auth/login', { method: 'POST', body: input });
      rememberEmail(input.remember ? input.email : null);
      signedIn(auth);
    } catch (error) {
      setFailure(failureText(error, 'error', AUTH_TEXTS.loginFailed));
    }
  });

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Login">
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <Field name="email" label="Email address" type="email" autoComplete="username" required />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <CheckboxField name="remember" label="Remember me" />
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Logging in...' : 'Log in'}
      </button>
      <Link to="/my-account/lost-password" className="text-sm underline">
        Lost your password?
      </Link>
    </Form>
  );
}

const signupFormSchema = signupSchema.extend({ newsletter: z.boolean().optional() });
type SignupFormInput = SignupInput & { newsletter?: boolean };

/** `onRegistered` runs just before the shopper counts as signed in, so it can set the next view. */
export function SignupForm({ onRegistered }: { onRegistered(): void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignupFormInput>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { email: '', password: '', newsletter: false },
  });

  const onSubmit = form.handleSubmit(async ({ newsletter, ...account }) => {
    setFailure(null);
    try {
      const auth = await apiFetch<AuthJson>('/api/auth/register', {
        method: 'POST',
        body: account,
      });
      // The list is opt-in and separate from the account: a failure here must not undo it.
      if (newsletter) await subscribeToNewsletter(account.email).catch(() => undefined);
      onRegistered();
      signedIn(auth);
    } catch (error) {
      setFailure(failureText(error, 'message', AUTH_TEXTS.registrationFailed));
    }
  });

  return (
    <Form form={form} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Register">
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <Field name="email" label="Email address" type="email" autoComplete="email" required />
      <Field
        name="password"
        label="Create password"
        type="password"
        autoComplete="new-password"
        required
      />
      <CheckboxField name="newsletter" label="Sign me up for news and offers by email" />
      <p className="text-sm text-stone-600">
        Your personal data will be used to support your experience throughout this website, to
        manage access to your account, and for other purposes described in our{' '}
        <Link to="/privacy-policy" className="underline">
          privacy policy
        </Link>
        .
      </p>
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Registering...' : 'Register'}
      </button>
    </Form>
  );
}
