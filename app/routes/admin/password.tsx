import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '#domain/zod.ts';
import { staffPasswordChangeSchema } from '#domain/staff.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { applyServerErrors, PageHeading, Panel } from '#app/components/admin/ui.tsx';

export function meta() {
  return [
    { title: 'Change password | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** Any staff member's own password: the current one first; their other sessions end. */
export default function AdminPassword() {
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<z.input<typeof staffPasswordChangeSchema>>({
    resolver: zodResolver(staffPasswordChangeSchema),
    defaultValues: { current_password: '', new_password: '' },
  });
  const submit = form.handleSubmit(async (input) => {
    setNotice(null);
    try {
      await adminFetch('/api/admin/auth/password', { method: 'POST', body: input });
      form.reset();
      setNotice({
        kind: 'success',
        text: 'Your password is changed. You are signed out everywhere else.',
      });
    } catch (error) {
      setNotice({ kind: 'error', text: applyServerErrors(form, error) });
    }
  });
  return (
    <div className="flex max-w-md flex-col gap-6">
      <PageHeading>Change password</PageHeading>
      {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
      <Panel title="Your password">
        <Form
          form={form}
          onSubmit={submit}
          aria-label="Change password"
          className="flex flex-col gap-3"
        >
          <Field
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Field
            name="new_password"
            label="New password (at least 12 characters, not easy to guess)"
            type="password"
            autoComplete="new-password"
            required
          />
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
            Change password
          </button>
        </Form>
      </Panel>
    </div>
  );
}
