import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '#domain/zod.ts';
import type { AuthJson } from '#domain/api-types.ts';
import { signupSchema } from '#domain/validation.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { signedIn } from '#app/lib/auth.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';

const accountFormSchema = z.object({ password: signupSchema.shape.password });

export const GUEST_ACCOUNT_TEXTS = {
  failed: 'Your account could not be created. Please try again.',
  created: 'Your account is ready: this order is in My account.',
} as const;

/**
 * 'Create an account' after a guest's order: a password is all it takes, the email is the
 * order's; the order joins the new account and the shopper is signed in.
 */
export function GuestAccount({
  number,
  token,
  email,
}: {
  number: string;
  token: string;
  email: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const form = useForm<z.infer<typeof accountFormSchema>>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: { password: '' },
  });

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const auth = await apiFetch<AuthJson>(`/api/orders/${encodeURIComponent(number)}/account`, {
        method: 'POST',
        body: { token, password },
      });
      setCreated(true);
      signedIn(auth);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.body ? error.body.message : GUEST_ACCOUNT_TEXTS.failed,
      );
    }
  });

  return (
    <section
      aria-labelledby="guest-account-heading"
      className="flex flex-col gap-3 rounded border border-stone-200 p-4"
    >
      <h2 id="guest-account-heading" className="text-lg font-semibold">
        Create an account
      </h2>
      {created ? (
        <>
          <FormMessage kind="success">{GUEST_ACCOUNT_TEXTS.created}</FormMessage>
          <Link
            to={`/my-account/orders/${encodeURIComponent(number)}`}
            className="self-start underline"
          >
            View your order in My account
          </Link>
        </>
      ) : (
        <Form
          form={form}
          onSubmit={onSubmit}
          aria-label="Create an account"
          className="flex flex-col gap-3"
        >
          <p className="text-sm">
            Follow your order and check out faster next time: choose a password for {email}.
          </p>
          {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
          <Field
            name="password"
            label="Create password"
            type="password"
            autoComplete="new-password"
            required
          />
          <button
            type="submit"
            className={`${primaryButton} self-start`}
            disabled={form.formState.isSubmitting}
          >
            {form.formState.isSubmitting ? 'Creating...' : 'Create account'}
          </button>
        </Form>
      )}
    </section>
  );
}
