// An order taken by phone: the customer (found among customers and guests, or typed), the lines
// (sizes found by product name or SKU), the delivery; saved as a draft the server prices as
// checkout would, then mailed to the customer as a payment link.
import { useState } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '#domain/zod.ts';
import { ORDER_TASK_MESSAGES, type DraftOrderJson } from '#domain/api-schemas-order-tasks.ts';
import type { StaffCustomerJson, StaffCustomerRow } from '#domain/api-types.ts';
import { DELIVERY_OPTION_IDS } from '#domain/checkout.ts';
import { addressSchema } from '#domain/validation.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { AddressFields, blankAddress } from '#app/components/forms/AddressFields.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { Form } from '#app/components/forms/Form.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { failureMessage, formProblem, money, Panel } from '#app/components/admin/ui.tsx';
import { OPTION_LABELS } from '#app/components/admin/OrderTasks.tsx';
import { Finder, SizeFinder } from './Finder.tsx';

const phoneOrderForm = z.object({
  customer_q: z.string(),
  size_q: z.string(),
  shipping: addressSchema,
  lines: z
    .array(
      z.object({
        variation_id: z.number(),
        name: z.string(),
        pieces: z.coerce
          .number<string>({ error: ORDER_TASK_MESSAGES.linePieces })
          .int({ error: ORDER_TASK_MESSAGES.linePieces })
          .min(1, { error: ORDER_TASK_MESSAGES.linePieces }),
      }),
    )
    .min(1, { error: ORDER_TASK_MESSAGES.linesRequired }),
  delivery_option: z.enum(DELIVERY_OPTION_IDS),
});
type Values = z.input<typeof phoneOrderForm>;
type PhoneForm = UseFormReturn<Values, unknown, z.output<typeof phoneOrderForm>>;

/** Customers and guests matching what was typed; choosing one fills the address. */
function CustomerFinder({ form }: { form: PhoneForm }) {
  const choose = async (row: StaffCustomerRow) => {
    const base = {
      ...blankAddress(row.email),
      first_name: row.first_name,
      last_name: row.last_name,
    };
    let address: Partial<Record<keyof typeof base, string>> = {};
    if (row.id !== null) {
      const { data } = await adminFetch<{ data: StaffCustomerJson }>(
        `/api/admin/customers/${row.id}`,
      );
      const saved = data.addresses.find((a) => a.kind === 'shipping') ?? data.addresses[0];
      if (saved) {
        const { kind: _kind, ...fields } = saved;
        address = fields;
      }
    }
    form.setValue('shipping', { ...base, ...address, email: row.email } as typeof base, {
      shouldDirty: true,
    });
  };
  return (
    <Finder<StaffCustomerRow>
      name="customer_q"
      label="Find a customer (name or email)"
      button="Find customer"
      url={(q) => `/api/admin/customers?q=${q}`}
      none="No customer matches: type their details."
      listLabel="Customers found"
      itemKey={(row) => row.email}
    >
      {(row, done) => (
        <button type="button" className="underline" onClick={() => void choose(row).then(done)}>
          {row.first_name} {row.last_name} ({row.email})
        </button>
      )}
    </Finder>
  );
}

/** The draft as the server priced it, and sending its payment link. */
function PricedDraft({
  draft,
  onSent,
}: {
  draft: DraftOrderJson;
  onSent: (d: DraftOrderJson) => void;
}) {
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const sent = await adminFetch<{ data: DraftOrderJson; link: string }>(
        `/api/admin/orders/drafts/${draft.id}/send`,
        { method: 'POST' },
      );
      onSent(sent.data);
      setMessage({ kind: 'success', text: `Payment link sent to ${sent.data.email}.` });
    } catch (error) {
      setMessage({ kind: 'error', text: failureMessage(error) });
    }
    setBusy(false);
  };
  return (
    <section aria-label="Priced draft" className="flex flex-col gap-2 rounded bg-stone-50 p-3">
      <h3 className="font-semibold">Draft {draft.id}, priced</h3>
      <ul className="flex flex-col gap-1 text-sm">
        {draft.lines.map((line) => (
          <li key={line.variation_id} className="flex justify-between gap-4">
            <span>
              {line.name}, {line.size} × {line.pieces}
            </span>
            <span>{money(line.total.gross)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-4">
          <span>Delivery: {draft.delivery_label ?? 'not offered'}</span>
          <span>{money(draft.totals.delivery.gross)}</span>
        </li>
        <li className="flex justify-between gap-4 font-semibold">
          <span>Total (VAT {money(draft.totals.total.vat)})</span>
          <span>{money(draft.totals.total.gross)}</span>
        </li>
      </ul>
      {draft.deliverable ? null : (
        <FormMessage kind="error">{ORDER_TASK_MESSAGES.optionNotOffered}</FormMessage>
      )}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <button
        type="button"
        className={`${primaryButton} self-start`}
        disabled={busy || !draft.deliverable || draft.status === 'placed'}
        onClick={() => void send()}
      >
        {draft.status === 'sent' ? 'Send the payment link again' : 'Send payment link'}
      </button>
    </section>
  );
}

/** The "New phone order" panel of the orders page. */
export function PhoneOrderForm() {
  const [draft, setDraft] = useState<DraftOrderJson | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form: PhoneForm = useForm({
    resolver: zodResolver(phoneOrderForm),
    defaultValues: {
      customer_q: '',
      size_q: '',
      shipping: blankAddress(),
      lines: [],
      delivery_option: 'standard',
    },
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const submit = form.handleSubmit(async ({ shipping, lines: chosen, delivery_option }) => {
    setProblem(null);
    try {
      const saved = await adminFetch<{ data: DraftOrderJson }>('/api/admin/orders/drafts', {
        method: 'POST',
        body: {
          email: shipping.email,
          shipping,
          lines: chosen.map(({ variation_id, pieces }) => ({ variation_id, pieces })),
          delivery_option,
        },
      });
      setDraft(saved.data);
    } catch (error) {
      setProblem(formProblem(form, error));
    }
  });
  return (
    <Panel title="New phone order">
      <Form
        form={form}
        onSubmit={submit}
        errors="list"
        aria-label="New phone order"
        className="flex flex-col gap-4"
      >
        <FormErrorList />
        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
        <CustomerFinder form={form} />
        <AddressFields prefix="shipping" section="shipping" />
        <SizeFinder
          label="Product name or SKU"
          button="Find sizes"
          none="No size on sale matches."
          listLabel="Sizes found"
          actions={[
            {
              text: 'Add',
              label: (size) => `Add ${size.product}, ${size.size}`,
              add: (size) => {
                if (!form.getValues('lines').some((l) => l.variation_id === size.variation_id)) {
                  lines.append({
                    variation_id: size.variation_id,
                    name: `${size.product}, ${size.size}`,
                    pieces: '1',
                  });
                }
              },
            },
          ]}
        />
        {lines.fields.length ? (
          <ul aria-label="Lines" className="flex flex-col gap-2">
            {lines.fields.map((field, i) => (
              <li key={field.id} className="flex flex-wrap items-end gap-2">
                <span className="w-full text-sm font-semibold">{field.name}</span>
                <Field name={`lines.${i}.pieces`} label="Pieces" inputMode="numeric" />
                <button type="button" className={secondaryButton} onClick={() => lines.remove(i)}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">No lines yet: find a size and add it.</p>
        )}
        <SelectField
          name="delivery_option"
          label="Delivery"
          options={DELIVERY_OPTION_IDS.map((id) => ({ value: id, label: OPTION_LABELS[id] }))}
        />
        <button
          type="submit"
          className={`${primaryButton} self-start`}
          disabled={form.formState.isSubmitting}
        >
          Save draft and price it
        </button>
      </Form>
      {draft ? <PricedDraft draft={draft} onSent={setDraft} /> : null}
    </Panel>
  );
}
