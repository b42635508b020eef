// The order page's notes and its Edit panel (before dispatch): each answered with the order as
// it now is, which replaces what the page shows.
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from '#domain/zod.ts';
import {
  ORDER_NOTE_MAX_LENGTH,
  orderNoteBody,
  type OrderNoteJson,
} from '#domain/api-schemas-order-tasks.ts';
import { DELIVERY_OPTION_IDS } from '#domain/checkout.ts';
import type { AdminOrderJson } from '#domain/refunds.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field, SelectField, TextAreaField } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { orderMailsKey } from '#app/components/admin/OrderMails.tsx';
import {
  applyServerErrors,
  failureMessage,
  formatWhen,
  money,
  Panel,
} from '#app/components/admin/ui.tsx';

const orderKey = (number: string) => ['admin', 'order', number] as const;

/** Private notes and notes to the customer, oldest first, and the form that adds one. */
export function OrderNotes({ order }: { order: AdminOrderJson }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<z.input<typeof orderNoteBody>>({
    resolver: zodResolver(orderNoteBody),
    defaultValues: { text: '', to_customer: false },
  });
  const submit = form.handleSubmit(async (input) => {
    setMessage(null);
    try {
      await adminFetch<{ data: OrderNoteJson }>(`/api/admin/orders/${order.number}/notes`, {
        method: 'POST',
        body: input,
      });
      await queryClient.invalidateQueries({ queryKey: orderKey(order.number) });
      setMessage({
        kind: 'success',
        text: input.to_customer ? 'Note sent to the customer.' : 'Private note added.',
      });
      form.reset({ text: '', to_customer: false });
    } catch (error) {
      setMessage({ kind: 'error', text: applyServerErrors(form, error) });
    }
  });
  return (
    <Panel title="Notes">
      {order.notes.length > 0 ? (
        <ul className="mb-4 flex flex-col gap-2 text-sm" aria-label="Order notes">
          {order.notes.map((note) => (
            <li key={note.id} className="border-b border-stone-100 pb-2">
              <span className="font-semibold">
                {note.to_customer ? 'To the customer' : 'Private'}
              </span>{' '}
              <span className="text-stone-600">
                {formatWhen(note.at)} · {note.actor}
              </span>
              <span className="block whitespace-pre-line">{note.text}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm">No notes yet.</p>
      )}
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <Form form={form} onSubmit={submit} aria-label="Add a note" className="flex flex-col gap-3">
        <TextAreaField
          name="text"
          label="Note"
          rows={3}
          maxLength={ORDER_NOTE_MAX_LENGTH}
          required
        />
        <CheckboxField
          name="to_customer"
          label="Send to the customer (shown on their order page and emailed)"
        />
        <button
          type="submit"
          className={`${secondaryButton} self-start`}
          disabled={form.formState.isSubmitting}
        >
          Add note
        </button>
      </Form>
    </Panel>
  );
}

const editForm = z.object({
  lines: z.array(
    z.object({
      variation_id: z.coerce.number<string>().int().min(1, { error: 'Give the size id' }),
      pieces: z.coerce
        .number<string>()
        .int({ error: 'Give the quantity as a whole number of pieces, 1 or more' })
        .min(1, { error: 'Give the quantity as a whole number of pieces, 1 or more' }),
      name: z.string(),
    }),
  ),
  postcode: z.string().trim().min(1, { error: 'Postcode is required' }),
  address_1: z.string().trim().min(1, { error: 'Address Line 1 is required' }),
  city: z.string().trim().min(1, { error: 'Town/City is required' }),
  delivery_option: z.enum(DELIVERY_OPTION_IDS),
  reason: z.string().trim().max(500),
});

export const OPTION_LABELS: Record<(typeof DELIVERY_OPTION_IDS)[number], string> = {
  standard: 'Standard delivery',
  timed_am: 'Timed delivery: morning',
  timed_pm: 'Timed delivery: afternoon',
  collection: 'Collection from the yard',
};

/** Lines, address and delivery of an order not yet dispatched, saved with the version loaded. */
export function OrderEdit({ order }: { order: AdminOrderJson }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const defaults = {
    lines: order.lines.map((line) => ({
      variation_id: String(line.variation_id),
      pieces: String(line.pieces),
      name: `${line.name}, ${line.size}`,
    })),
    postcode: order.shipping_address.postcode,
    address_1: order.shipping_address.address_1,
    city: order.shipping_address.city,
    delivery_option: order.delivery.option,
    reason: '',
  };
  const form = useForm<z.input<typeof editForm>, unknown, z.output<typeof editForm>>({
    resolver: zodResolver(editForm),
    defaultValues: defaults,
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  if (!order.editable) return null;
  const submit = form.handleSubmit(async (input) => {
    setMessage(null);
    try {
      const answer = await adminFetch<{
        data: AdminOrderJson;
        credit_note: string | null;
        invoice: string | null;
        refunded: string;
        balance_due: string;
      }>(`/api/admin/orders/${order.number}`, {
        method: 'PUT',
        body: {
          version: order.version,
          lines: input.lines.map(({ variation_id, pieces }) => ({ variation_id, pieces })),
          shipping: {
            ...order.shipping_address,
            postcode: input.postcode,
            address_1: input.address_1,
            city: input.city,
          },
          delivery_option: input.delivery_option,
          ...(input.reason ? { reason: input.reason } : {}),
        },
      });
      queryClient.setQueryData(orderKey(order.number), answer.data);
      void queryClient.invalidateQueries({ queryKey: orderMailsKey(order.number) });
      const papers = answer.credit_note
        ? ` Credit note ${answer.credit_note} and invoice ${answer.invoice} issued.`
        : '';
      const money_ =
        answer.refunded !== '0.00'
          ? ` ${money(answer.refunded)} refunded.`
          : answer.balance_due !== '0.00'
            ? ` ${money(answer.balance_due)} due from the customer.`
            : '';
      setMessage({
        kind: 'success',
        text: `Order saved: total ${money(answer.data.totals.total.gross)}.${papers}${money_}`,
      });
      setOpen(false);
    } catch (error) {
      setMessage({ kind: 'error', text: applyServerErrors(form, error) });
    }
  });
  return (
    <Panel title="Edit order">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {open ? (
        <Form form={form} onSubmit={submit} aria-label="Edit order" className="flex flex-col gap-3">
          {lines.fields.map((field, i) => (
            <div key={field.id} className="flex flex-wrap items-end gap-2">
              <p className="w-full text-sm">{form.getValues(`lines.${i}.name`) || 'New line'}</p>
              <Field name={`lines.${i}.variation_id`} label="Size id" inputMode="numeric" />
              <Field name={`lines.${i}.pieces`} label="Pieces" inputMode="numeric" />
              <button type="button" className={secondaryButton} onClick={() => lines.remove(i)}>
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className={`${secondaryButton} self-start`}
            onClick={() => lines.append({ variation_id: '', pieces: '1', name: '' })}
          >
            Add a line
          </button>
          <Field name="address_1" label="Address Line 1" required />
          <Field name="city" label="Town/City" required />
          <Field name="postcode" label="Postcode" required />
          <SelectField
            name="delivery_option"
            label="Delivery"
            options={DELIVERY_OPTION_IDS.map((id) => ({ value: id, label: OPTION_LABELS[id] }))}
          />
          <Field name="reason" label="Reason (in the order's history)" />
          <div className="flex gap-2">
            <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
              Save changes
            </button>
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </Form>
      ) : (
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            form.reset(defaults);
            setOpen(true);
          }}
        >
          Edit lines, address or delivery
        </button>
      )}
    </Panel>
  );
}

/**
 * What an order edited after payment still owes: a payment link for it mailed to the customer,
 * and recording the transfer when it arrives (exactly the amount due).
 */
export function OrderBalance({ order }: { order: AdminOrderJson }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (order.balance_due === '0.00' && message?.kind !== 'success') return null;
  const act = async (write: () => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: await write() });
    } catch (error) {
      setMessage({ kind: 'error', text: failureMessage(error) });
    }
    setBusy(false);
  };
  const sendLink = () =>
    act(async () => {
      const sent = await adminFetch<{ due: string }>(
        `/api/admin/orders/${order.number}/balance-link`,
        { method: 'POST' },
      );
      void queryClient.invalidateQueries({ queryKey: orderMailsKey(order.number) });
      return `Payment link for ${money(sent.due)} sent to ${order.email}.`;
    });
  const received = () =>
    act(async () => {
      const answer = await adminFetch<{ data: AdminOrderJson }>(
        `/api/admin/orders/${order.number}/balance-received`,
        { method: 'POST', body: { amount: order.balance_due } },
      );
      queryClient.setQueryData(orderKey(order.number), answer.data);
      return 'Balance recorded: the order is paid in full.';
    });
  return (
    <Panel title="Balance due">
      <p className="mb-3">
        The order now costs {money(order.balance_due)} more than its payment holds.
      </p>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={primaryButton}
          disabled={busy}
          onClick={() => void sendLink()}
        >
          Send a payment link for {money(order.balance_due)}
        </button>
        <button
          type="button"
          className={secondaryButton}
          disabled={busy}
          onClick={() => void received()}
        >
          Transfer of {money(order.balance_due)} received
        </button>
      </div>
    </Panel>
  );
}
