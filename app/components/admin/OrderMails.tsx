import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dispatchSchema, type Dispatch, type OrderMailJson } from '#domain/order-mail.ts';
import type { AdminOrderJson } from '#domain/refunds.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import {
  applyServerErrors,
  failureMessage,
  formatWhen,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export const orderMailsKey = (number: string) => ['admin', 'order', number, 'mails'] as const;

const STATUS_TEXT: Record<OrderMailJson['status'], string> = {
  pending: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
};

/** The order's mails: what went to whom and when, what failed and why, and a way to resend. */
export function OrderMails({ number }: { number: string }) {
  const queryClient = useQueryClient();
  const mails = useQuery({
    queryKey: orderMailsKey(number),
    queryFn: async () =>
      (await adminFetch<{ data: OrderMailJson[] }>(`/api/admin/orders/${number}/mails`)).data,
  });
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const resend = async (mail: OrderMailJson) => {
    setBusy(mail.id);
    setMessage(null);
    try {
      const answer = await adminFetch<{ data: OrderMailJson[] }>(
        `/api/admin/orders/${number}/mails/${mail.id}/resend`,
        { method: 'POST', body: {} },
      );
      queryClient.setQueryData(orderMailsKey(number), answer.data);
      setMessage({ kind: 'success', text: `${mail.label} mail queued again to ${mail.to}.` });
    } catch (error) {
      setMessage({ kind: 'error', text: failureMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Panel title="Mails">
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {mails.error ? <p role="alert">{mails.error.message}</p> : null}
      {mails.data && mails.data.length === 0 ? <p className="text-sm">No mail yet.</p> : null}
      {mails.data && mails.data.length > 0 ? (
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={thClass}>Mail</th>
              <th className={`${thClass} hidden sm:table-cell`}>To</th>
              <th className={thClass}>Status</th>
              <th className={thClass}>
                <span className="sr-only">Resend</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {mails.data.map((mail) => (
              <tr key={mail.id}>
                <td className={tdClass}>
                  {mail.label}
                  {mail.attachments.length > 0 ? (
                    <span className="block text-xs text-stone-600">
                      {mail.attachments.join(', ')}
                    </span>
                  ) : null}
                </td>
                <td className={`${tdClass} hidden break-all sm:table-cell`}>{mail.to}</td>
                <td className={tdClass}>
                  {STATUS_TEXT[mail.status]}
                  {mail.sent_at ? ` ${formatWhen(mail.sent_at)}` : ''}
                  {mail.status !== 'sent' && mail.last_error ? (
                    <span className="block text-xs text-stone-600">
                      {mail.attempts} tries: {mail.last_error}
                    </span>
                  ) : null}
                </td>
                <td className={`${tdClass} text-right`}>
                  <button
                    type="button"
                    className={secondaryButton}
                    disabled={busy !== null}
                    aria-label={`Resend ${mail.label} to ${mail.to}`}
                    onClick={() => void resend(mail)}
                  >
                    Resend
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Panel>
  );
}

/** The order leaves: carrier, tracking number and link, delivery day, mailed to the customer. */
export function DispatchForm({
  order,
  run,
  onError,
}: {
  order: AdminOrderJson;
  run: (path: string, body: unknown, done: string) => Promise<unknown>;
  onError: (text: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<Dispatch>({
    resolver: zodResolver(dispatchSchema),
    defaultValues: { carrier: '', tracking_number: '', tracking_url: '', delivery_date: '' },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await run('dispatch', input, 'Dispatched: the customer is mailed the tracking.');
      void queryClient.invalidateQueries({ queryKey: orderMailsKey(order.number) });
    } catch (error) {
      onError(applyServerErrors(form, error));
    }
  });
  return (
    <Form form={form} onSubmit={submit} aria-label="Dispatch" className="flex flex-col gap-3">
      <Field name="carrier" label="Carrier" required />
      <Field name="tracking_number" label="Tracking number" required />
      <Field name="tracking_url" label="Tracking link" inputMode="url" required />
      <Field name="delivery_date" label="Delivery day" type="date" required />
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        Dispatch
      </button>
    </Form>
  );
}
