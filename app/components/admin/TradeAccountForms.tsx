import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { TERMS_KINDS, type TradeAccountJson } from '#domain/api-schemas-trade-accounts.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { formProblem } from './ui.tsx';

type Saved = (account: TradeAccountJson, message: string) => void;
const base = (account: TradeAccountJson) => `/api/admin/trade/accounts/${account.customer_id}`;

/**
 * One of the account's forms: sends what `request` builds, hands the account the server answers
 * to `onSaved`, and shows the server's refusals (field messages in the list, a stale version or
 * a lost connection above it).
 */
function AccountForm<T extends FieldValues>({
  form,
  label,
  submit,
  request,
  onSaved,
  children,
}: {
  form: UseFormReturn<T>;
  label: string;
  submit: string;
  request: (values: T) => Promise<{ data: TradeAccountJson; message: string }>;
  onSaved: Saved;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { data, message } = await request(values);
      onSaved(data, message);
    } catch (error) {
      setProblem(formProblem(form, error));
    }
  });
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      errors="list"
      aria-label={label}
      className="flex flex-col gap-3"
    >
      <FormErrorList />
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {children}
      <div>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

const TERMS_OPTIONS = TERMS_KINDS.map((kind) => ({
  value: kind,
  label: kind === 'days' ? 'Days from the invoice' : 'End of the month after the invoice',
}));

/** The credit limit and terms, saved from the version shown. */
export function TermsForm({ account, onSaved }: { account: TradeAccountJson; onSaved: Saved }) {
  const form = useForm({
    defaultValues: {
      credit_limit: account.credit_limit ?? '',
      terms_kind: account.terms.kind as string,
      terms_days: String(account.terms.days),
    },
  });
  return (
    <AccountForm
      form={form}
      label="Credit limit and terms"
      submit="Save terms"
      onSaved={onSaved}
      request={async (values) => ({
        ...(await adminFetch<{ data: TradeAccountJson }>(base(account), {
          method: 'PUT',
          body: {
            credit_limit: values.credit_limit,
            terms_kind: values.terms_kind,
            terms_days: /^\d+$/.test(values.terms_days)
              ? Number(values.terms_days)
              : values.terms_days,
            version: account.version,
          },
        })),
        message: 'Terms saved',
      })}
    >
      <Field
        name="credit_limit"
        label="Credit limit (£, empty for no credit)"
        inputMode="decimal"
      />
      <SelectField name="terms_kind" label="Payment terms" options={TERMS_OPTIONS} required />
      <Field name="terms_days" label="Days from the invoice" inputMode="numeric" />
    </AccountForm>
  );
}

/** Stops the account with a reason, or reopens a stopped one. */
export function StopForm({ account, onSaved }: { account: TradeAccountJson; onSaved: Saved }) {
  const form = useForm({ defaultValues: { reason: '' } });
  if (account.stopped) {
    return (
      <AccountForm
        form={form}
        label="Reopen the account"
        submit="Reopen the account"
        onSaved={onSaved}
        request={async () => ({
          ...(await adminFetch<{ data: TradeAccountJson }>(`${base(account)}/reopen`, {
            method: 'POST',
            body: { version: account.version },
          })),
          message: 'Account reopened',
        })}
      >
        <p className="text-sm">
          Stopped: {account.stop_reason}. Reopening lets orders be placed on account again.
        </p>
      </AccountForm>
    );
  }
  return (
    <AccountForm
      form={form}
      label="Stop the account"
      submit="Stop the account"
      onSaved={onSaved}
      request={async (values) => ({
        ...(await adminFetch<{ data: TradeAccountJson }>(`${base(account)}/stop`, {
          method: 'POST',
          body: { reason: values.reason, version: account.version },
        })),
        message: 'Account stopped',
      })}
    >
      <Field name="reason" label="Reason" required />
    </AccountForm>
  );
}

/**
 * Money received: the amount, the day it arrived and the payer's reference, and optionally how
 * much goes to each open invoice (left empty: the oldest first). One Idempotency-Key per
 * payment typed, so a double click or a retry records it once.
 */
export function PaymentForm({ account, onSaved }: { account: TradeAccountJson; onSaved: Saved }) {
  const open = account.invoices.filter((invoice) => invoice.status !== 'paid');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const form = useForm<{
    amount: string;
    received_on: string;
    reference: string;
    split: Record<string, string>;
  }>({
    defaultValues: { amount: '', received_on: account.today, reference: '', split: {} },
  });
  return (
    <AccountForm
      form={form}
      label="Record a payment"
      submit="Record payment"
      onSaved={(data, message) => {
        setKey(crypto.randomUUID());
        form.reset({ amount: '', received_on: data.today, reference: '', split: {} });
        onSaved(data, message);
      }}
      request={async (values) => {
        const allocations = open
          .map((invoice, i) => ({
            invoice_number: invoice.number,
            amount: values.split[`i${i}`]?.trim() ?? '',
          }))
          .filter((allocation) => allocation.amount !== '');
        const answer = await adminFetch<{ data: TradeAccountJson; payment: { amount: string } }>(
          `${base(account)}/payments`,
          {
            method: 'POST',
            headers: { 'idempotency-key': key },
            body: {
              amount: values.amount,
              received_on: values.received_on,
              reference: values.reference,
              ...(allocations.length ? { allocations } : {}),
            },
          },
        );
        return { data: answer.data, message: `Payment of £${answer.payment.amount} recorded` };
      }}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <Field name="amount" label="Amount received (£)" inputMode="decimal" required />
        <Field name="received_on" label="Received on" type="date" required />
        <Field name="reference" label="Reference" />
      </div>
      {open.length ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">
            Against invoices (leave empty to pay the oldest first)
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {open.map((invoice, i) => (
              <Field
                key={invoice.number}
                name={`split.i${i}`}
                label={`${invoice.number} (owes £${invoice.outstanding})`}
                inputMode="decimal"
              />
            ))}
          </div>
        </fieldset>
      ) : null}
    </AccountForm>
  );
}
