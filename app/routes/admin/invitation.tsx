import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '#domain/zod.ts';
import { invitationAcceptSchema, type StaffRole } from '#domain/staff.ts';
import { ApiError } from '#app/lib/api.ts';
import { adminFetch, STAFF_ME_KEY, type StaffMe } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { applyServerErrors } from '#app/components/admin/ui.tsx';
import {
  AddAuthenticator,
  RecoveryCodes,
  type EnrolmentJson,
} from '#app/components/admin/enrolment.tsx';

export function meta() {
  return [
    { title: 'Set up your account | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

export const headers = () => ({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });

interface Invitation {
  email: string;
  name: string;
  role: StaffRole;
  enrol: EnrolmentJson;
}

const formSchema = invitationAcceptSchema.omit({ token: true });

/**
 * An owner's invitation link: the token rides in the URL's fragment (never sent to the server
 * or its logs), so the page reads it in the browser, shows the authenticator to add, and takes
 * a password of the invitee's own and the first code.
 */
export default function AdminInvitation() {
  const [token, setToken] = useState<string | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', code: '' },
  });

  useEffect(() => {
    const fromHash = window.location.hash.slice(1);
    setToken(fromHash);
    if (!fromHash) {
      setMessage('This invitation link is incomplete: open the whole link from your email.');
      return;
    }
    adminFetch<Invitation>('/api/admin/invitations/open', {
      method: 'POST',
      body: { token: fromHash },
    })
      .then(setInvitation)
      .catch((error: unknown) =>
        setMessage(error instanceof ApiError ? error.message : 'Network error occurred'),
      );
  }, []);

  const submit = form.handleSubmit(async (input) => {
    setMessage(null);
    try {
      const { staff, recovery_codes } = await adminFetch<{
        staff: StaffMe;
        recovery_codes: string[];
      }>('/api/admin/invitations/accept', { method: 'POST', body: { ...input, token } });
      queryClient.setQueryData(STAFF_ME_KEY, staff);
      window.history.replaceState(null, '', window.location.pathname);
      setRecoveryCodes(recovery_codes);
    } catch (error) {
      setMessage(applyServerErrors(form, error));
    }
  });

  return (
    <main className="mx-auto flex max-w-md flex-col gap-6 px-4 py-12">
      <h1 className="text-2xl font-semibold">Set up your back office account</h1>
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          onDone={() => void navigate('/admin', { replace: true })}
        />
      ) : invitation ? (
        <Form
          form={form}
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-label="Set up your account"
        >
          <p>
            {invitation.name} ({invitation.email}), invited as {invitation.role}.
          </p>
          <Field
            name="password"
            label="Choose a password (at least 12 characters, not easy to guess)"
            type="password"
            autoComplete="new-password"
            required
          />
          <AddAuthenticator enrol={invitation.enrol} />
          <Field
            name="code"
            label="6-digit code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
            Set up my account
          </button>
        </Form>
      ) : null}
    </main>
  );
}
