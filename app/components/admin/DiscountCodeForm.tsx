import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  discountCodeBody,
  discountCodeForm,
  discountCodeFormSchema,
  type DiscountCodeForm,
  type DiscountCodeInput,
  type DiscountCodeJson,
} from '#domain/api-schemas-discounts.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field, SelectField } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { formProblem } from './ui.tsx';
import { changedFields } from './editor-session.ts';
import { isStaleSave, StaleSaveNotice } from './StaleSave.tsx';

const KINDS = [
  { value: 'percent', label: 'Percentage off the goods' },
  { value: 'fixed', label: 'Fixed amount off the goods' },
  { value: 'free_delivery', label: 'Free delivery' },
];

/** The amount fields of the kind chosen: a percentage, or pounds; free delivery has none. */
function Amount() {
  const kind = useWatch<DiscountCodeForm, 'kind'>({ name: 'kind' });
  if (kind === 'percent') {
    return <Field name="percent" label="Percentage off (1 to 100)" inputMode="numeric" required />;
  }
  if (kind === 'fixed') {
    return (
      <Field name="amount" label="Amount off (£, VAT included)" inputMode="decimal" required />
    );
  }
  return null;
}

/**
 * Creates a code (`code` null) or edits one from the version loaded; a save refused because
 * someone saved first offers to reload it, or to reload it with this form's changes on top.
 */
export function DiscountCodeEditor({
  code: shown,
  reapply,
  onSaved,
  onReload,
  onCancel,
}: {
  code: DiscountCodeJson | null;
  reapply: Partial<DiscountCodeForm> | null;
  onSaved: (saved: DiscountCodeJson, created: boolean) => void;
  onReload: (reapply?: Partial<DiscountCodeForm>) => void;
  onCancel?: () => void;
}) {
  // The version this form was opened from: a list refreshed meanwhile must not move it on, or a
  // save over someone else's would no longer be refused.
  const [code] = useState(shown);
  const initial = discountCodeForm(code);
  const [message, setMessage] = useState<{
    kind: 'stale' | 'error' | 'success';
    text: string;
  } | null>(
    reapply
      ? { kind: 'success', text: 'Your changes are back on top of the saved code: check and save' }
      : null,
  );
  const form = useForm<DiscountCodeForm, unknown, DiscountCodeInput>({
    resolver: zodResolver(discountCodeFormSchema),
    defaultValues: { ...initial, ...reapply },
  });
  const submit = form.handleSubmit(async () => {
    setMessage(null);
    const body = { ...discountCodeBody(form.getValues()), version: code?.version };
    try {
      const { data } = await adminFetch<{ data: DiscountCodeJson }>(
        code ? `/api/admin/discount-codes/${code.id}` : '/api/admin/discount-codes',
        { method: code ? 'PUT' : 'POST', body },
      );
      if (!code) form.reset(discountCodeForm(null));
      onSaved(data, !code);
    } catch (error) {
      const text = formProblem(form, error);
      if (text) setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text });
    }
  });
  const label = code ? `Edit ${code.code}` : 'New discount code';
  return (
    <Form
      form={form}
      onSubmit={submit}
      errors="list"
      aria-label={label}
      className="flex flex-col gap-3"
    >
      <FormErrorList />
      {message?.kind === 'stale' ? (
        <StaleSaveNotice
          noun="code"
          message={message.text}
          onReload={() => onReload()}
          onReapply={() => onReload(changedFields(form.getValues(), initial))}
        />
      ) : message ? (
        <FormMessage kind={message.kind}>{message.text}</FormMessage>
      ) : null}
      <Field name="code" label="Code" autoComplete="off" required />
      <SelectField name="kind" label="Discount" options={KINDS} required />
      <Amount />
      <Field name="min_spend" label="Minimum spend (£, goods, optional)" inputMode="decimal" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field name="starts_at" label="Valid from (optional)" type="datetime-local" />
        <Field name="ends_at" label="Valid until (optional)" type="datetime-local" />
        <Field name="max_uses" label="Uses in total (optional)" inputMode="numeric" />
        <Field
          name="max_uses_per_customer"
          label="Uses per customer (optional)"
          inputMode="numeric"
        />
      </div>
      <Field
        name="category_ids"
        label="Only categories (ids, by commas; optional)"
        autoComplete="off"
      />
      <Field
        name="product_ids"
        label="Only products (ids, by commas; optional)"
        autoComplete="off"
      />
      <CheckboxField name="active" label="Enabled: shoppers may use it" />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          {code ? 'Save code' : 'Create code'}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
}
