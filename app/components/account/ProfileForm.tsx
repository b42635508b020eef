import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { CustomerJson } from '#domain/api-types.ts';
import { SUCCESS_BANNER_MS } from '#domain/catalogue.ts';
import { profileSchema, type ProfileInput } from '#domain/validation.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { setCustomer } from '#app/lib/auth.ts';
import { FormField, FormMessage, primaryButton } from './FormField.tsx';
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
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

  const onSubmit = handleSubmit(async (input) => {
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
      reset({ ...input, ...NO_PASSWORDS });
      setSaved(true);
    } catch (error) {
      setFailure(
        error instanceof ApiError ? error.error || PROFILE_TEXTS.failed : AUTH_TEXTS.networkError,
      );
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex max-w-2xl flex-col gap-4"
      aria-label="Account details"
    >
      {saved ? <FormMessage kind="success">{PROFILE_TEXTS.updated}</FormMessage> : null}
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First name"
          required
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <FormField
          label="Last name"
          required
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
      </div>
      <FormField
        label="Email address"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <fieldset className="mt-4 flex flex-col gap-4 rounded border border-stone-200 p-4">
        <legend className="px-1 font-semibold">Password change</legend>
        <FormField
          label="Current password (leave blank to leave unchanged)"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <FormField
          label="New password (leave blank to leave unchanged)"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </fieldset>
      <button type="submit" className={`${primaryButton} self-start`} disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save changes'}
      </button>
    </form>
  );
}
