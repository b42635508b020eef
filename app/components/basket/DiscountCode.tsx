import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { applyDiscountSchema } from '#domain/api-schemas-discounts.ts';
import type { CartAnswer, CartJson } from '#domain/cart.ts';
import { z } from '#domain/zod.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { CART_QUERY_KEY } from '#app/lib/cart.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';

export const DISCOUNT_TEXTS = {
  failed: 'The code could not be checked: please try again',
} as const;

type CodeInput = z.input<typeof applyDiscountSchema>;

/**
 * The basket's discount code: a field to enter one, or the code applied with what it gives (or
 * why it does not apply to the basket now) and a way to remove it. Every figure is the server's.
 */
export function DiscountCode({ cart }: { cart: CartJson }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodeInput>({
    resolver: zodResolver(applyDiscountSchema),
    defaultValues: { code: '' },
  });
  const show = async (request: Promise<CartAnswer>) => {
    const answer = await request;
    queryClient.setQueryData(CART_QUERY_KEY, answer.data);
  };
  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await show(apiFetch<CartAnswer>('/api/cart/discount', { method: 'POST', body: input }));
      form.reset({ code: '' });
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.code : undefined;
      if (message) form.setError('code', { message });
      else setFailure(DISCOUNT_TEXTS.failed);
    }
  });
  const remove = async () => {
    setFailure(null);
    try {
      await show(apiFetch<CartAnswer>('/api/cart/discount', { method: 'DELETE' }));
    } catch {
      setFailure(DISCOUNT_TEXTS.failed);
    }
  };

  const applied = cart.discount;
  if (applied) {
    return (
      <div className="flex flex-col gap-1 text-sm" aria-label="Discount code">
        <div className="flex items-center justify-between gap-3">
          <span>
            Code <strong>{applied.code}</strong>: {applied.description}
          </span>
          <button type="button" onClick={remove} className="underline">
            Remove
          </button>
        </div>
        {applied.message ? <FormMessage kind="error">{applied.message}</FormMessage> : null}
        {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      </div>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      aria-label="Discount code"
      className="flex flex-col gap-2"
    >
      {failure ? <FormMessage kind="error">{failure}</FormMessage> : null}
      <div className="flex items-end gap-2">
        <Field name="code" label="Discount code" autoComplete="off" className="flex-1" />
        <button
          type="submit"
          className="rounded border border-stone-ink px-4 py-2 text-sm font-semibold uppercase"
        >
          Apply
        </button>
      </div>
    </Form>
  );
}
