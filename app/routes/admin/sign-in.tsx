import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '#domain/zod.ts';
import { staffCodeSchema, staffSignInSchema } from '#domain/staff.ts';
import { ApiError } from '#app/lib/api.ts';
import { adminFetch, STAFF_ME_KEY, type StaffMe } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import {
  AddAuthenticator,
  RecoveryCodes,
  type EnrolmentJson,
} from '#app/components/admin/enrolment.tsx';

export function meta() {
  return [{ title: 'Sign in | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

export const headers = () => ({ 'cache-control': 'no-store' });

const codeFormSchema = staffCodeSchema.pick({ code: true });
type Challenge = { challenge: string; enrol: EnrolmentJson | null };

/** Where to go once signed in: a path of the back office only, never another site. */
function safeReturn(to: string | null): string {
  return to && /^\/admin(\/|$)/.test(to) && !to.startsWith('//') ? to : '/admin';
}

/** Staff sign-in: the password, then the code from the authenticator app (enrolled the first time). */
export default function AdminSignIn() {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const passwordForm = useForm<z.infer<typeof staffSignInSchema>>({
    resolver: zodResolver(staffSignInSchema),
    defaultValues: { email: '', password: '' },
  });
  const codeForm = useForm<z.infer<typeof codeFormSchema>>({
    resolver: zodResolver(codeFormSchema),
    defaultValues: { code: '' },
  });

  const goOn = () => void navigate(safeReturn(search.get('redirect')), { replace: true });

  const failed = (error: unknown) =>
    setMessage(error instanceof ApiError ? error.message : 'Network error occurred');

  const signIn = passwordForm.handleSubmit(async (input) => {
    setMessage(null);
    try {
      setChallenge(
        await adminFetch<Challenge>('/api/admin/auth/sign-in', { method: 'POST', body: input }),
      );
    } catch (error) {
      failed(error);
    }
  });

  const verify = codeForm.handleSubmit(async ({ code }) => {
    setMessage(null);
    try {
      const { staff, recovery_codes } = await adminFetch<{
        staff: StaffMe;
        recovery_codes: string[] | null;
      }>('/api/admin/auth/code', {
        method: 'POST',
        body: { challenge: challenge!.challenge, code },
      });
      queryClient.setQueryData(STAFF_ME_KEY, staff);
      if (recovery_codes) setRecoveryCodes(recovery_codes);
      else goOn();
    } catch (error) {
      failed(error);
      if (error instanceof ApiError && error.status !== 401) setChallenge(null);
    }
  });

  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <h1 className="text-2xl font-semibold">Tessera back office</h1>
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={goOn} />
      ) : challenge === null ? (
        <Form
          form={passwordForm}
          onSubmit={signIn}
          className="flex flex-col gap-4"
          aria-label="Staff sign-in"
        >
          <Field name="email" label="Email address" type="email" autoComplete="username" required />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button
            type="submit"
            className={primaryButton}
            disabled={passwordForm.formState.isSubmitting}
          >
            Continue
          </button>
        </Form>
      ) : (
        <Form
          form={codeForm}
          onSubmit={verify}
          className="flex flex-col gap-4"
          aria-label="Authenticator code"
        >
          {challenge.enrol ? <AddAuthenticator enrol={challenge.enrol} /> : null}
          <Field
            name="code"
            label="6-digit code from your authenticator app"
            autoComplete="one-time-code"
            maxLength={20}
            required
          />
          {challenge.enrol ? null : (
            <p className="text-sm text-stone-600">
              Lost your phone? Enter one of your recovery codes instead.
            </p>
          )}
          <button
            type="submit"
            className={primaryButton}
            disabled={codeForm.formState.isSubmitting}
          >
            Sign in
          </button>
        </Form>
      )}
    </main>
  );
}
