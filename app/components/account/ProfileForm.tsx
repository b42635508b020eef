import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomerJson } from '#domain/api-types.ts';
import { SUCCESS_BANNER_MS } from '#domain/catalogue.ts';
import { profileSchema, type ProfileInput } from '#domain/validation.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { setCustomer } from '#app/lib/auth.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { AUTH_TEXTS } from './AuthForms.tsx';

export const PROFILE_TEXTS = {
  updated: 'Profile updated successfully!',
  failed: 'Profile update failed',
} as const;

const NO_PASSWORDS = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The account details form (spec section 5): names, email, and an optional password change. */
export function ProfileForm({ customer }: { customer: CustomerJson }) {
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      ...NO_PASSWORDS,
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    setSaved(false);
    const passwordChange = input.newPassword
      ? { current_password: input.currentPassword, password: input.newPassword }
      : {};
    try {
      const { customer: updated } = await apiFetch<{ customer: CustomerJson }>(
        '/api/auth/update-profile',
        {
          method: 'PUT',
          body: {
            first_name: input.first_name,
            last_name: input.last_name,
            email: input.email,
            ...passwordChange,
          },
        },
      );
      setCustomer(updated);
      // Password fields never keep a password once it has done its job.
      form.reset({ ...input, ...NO_PASSWORDS });
      setSaved(true);
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.error || PROFILE_TEXTS.failed : AUTH_TEXTS.networkError,
      );
    }
  });

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      className="flex max-w-2xl flex-col gap-4"
      aria-label="Account details"
    >
      {saved ? <FormMessage kind="success">{PROFILE_TEXTS.updated}</FormMessage> : null}
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="first_name" label="First name" required autoComplete="given-name" />
        <Field name="last_name" label="Last name" required autoComplete="family-name" />
      </div>
      <Field name="email" label="Email address" type="email" required autoComplete="email" />
      <fieldset className="mt-4 flex flex-col gap-4 rounded border border-stone-200 p-4">
        <legend className="px-1 font-semibold">Password change</legend>
        <Field
          name="currentPassword"
          label="Current password (leave blank to leave unchanged)"
          type="password"
          autoComplete="current-password"
        />
        <Field
          name="newPassword"
          label="New password (leave blank to leave unchanged)"
          type="password"
          autoComplete="new-password"
        />
        <Field
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
      </fieldset>
      <button
        type="submit"
        className={`${primaryButton} self-start`}
        disabled={form.formState.isSubmitting}
      >
        {form.formState.isSubmitting ? 'Saving...' : 'Save changes'}
      </button>
    </Form>
  );
}
