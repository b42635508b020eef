import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '#domain/zod.ts';
import { formatM2 } from '#domain/area.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import {
  nextOrderStatuses,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  type OrderStatus,
} from '#domain/order-states.ts';
import { refundSchema, type AdminOrderJson } from '#domain/refunds.ts';
import type { Address } from '#domain/validation.ts';
import { DOCUMENT_KINDS, DOCUMENT_TITLES, orderDocumentUrl } from '#domain/warehouse-documents.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { BookedDay } from '#app/components/checkout/BookedDay.tsx';
import { DispatchForm, OrderMails, orderMailsKey } from '#app/components/admin/OrderMails.tsx';
import { ReturnCard } from '#app/components/admin/ReturnCard.tsx';
import { OrderBalance, OrderEdit, OrderNotes } from '#app/components/admin/OrderTasks.tsx';
import type { ReturnJson } from '#domain/api-schemas-returns.ts';
import {
  applyServerErrors,
  failureMessage,
  formatWhen,
  money,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';
import { ProFormaLink } from '#app/components/admin/ProFormaLink.tsx';

export function meta({ params }: { params: { number?: string } }) {
  return [
    { title: `Order ${params.number ?? ''} | Tessera back office` },
    { name: 'robots', content: 'noindex' },
  ];
}

const orderKey = (number: string) => ['admin', 'order', number] as const;

function AddressBlock({ address }: { address: Address }) {
  const lines = [
    `${address.first_name} ${address.last_name}`,
    address.company,
    address.address_1,
    address.address_2,
    address.city,
    address.county,
    address.postcode,
    address.phone,
    address.email,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
  return (
    <address className="text-sm not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Staff's actions on the order: one at a time, each answered with the order as it now is. */
function useOrderAction(number: string) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const run = async (path: string, body: unknown, done: string) => {
    setMessage(null);
    const answer = await adminFetch<{ data: AdminOrderJson }>(
      `/api/admin/orders/${number}/${path}`,
      { method: 'POST', body },
    );
    queryClient.setQueryData(orderKey(number), answer.data);
    // Each move may write a mail: the list shows it.
    void queryClient.invalidateQueries({ queryKey: orderMailsKey(number) });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    setMessage({ kind: 'success', text: done });
    return answer;
  };
  return { run, message, setMessage };
}

const markPaidSchema = z.object({
  amount: z.string().trim().min(1, { error: 'The amount received, in pounds, e.g. 1050.15' }),
});

function MarkPaid({ order, action }: { order: AdminOrderJson; action: Action }) {
  const form = useForm<z.infer<typeof markPaidSchema>>({
    resolver: zodResolver(markPaidSchema),
    defaultValues: { amount: order.totals.total.gross },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      await action.run('mark-paid', input, 'Marked paid: the invoice is issued.');
    } catch (error) {
      action.setMessage({ kind: 'error', text: applyServerErrors(form, error) });
    }
  });
  return (
    <Form form={form} onSubmit={submit} aria-label="Mark paid" className="flex flex-col gap-3">
      <p className="text-sm">
        A bank transfer arrived with reference {order.number}: enter the amount received.
      </p>
      <Field name="amount" label="Amount received (£)" inputMode="decimal" required />
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        Mark paid
      </button>
    </Form>
  );
}

const MOVE_LABELS: Partial<Record<OrderStatus, string>> = {
  processing: 'Start processing',
  dispatched: 'Mark dispatched',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

function Move({ order, action }: { order: AdminOrderJson; action: Action }) {
  const moves = nextOrderStatuses(order.status).filter((s) => s in MOVE_LABELS);
  const [note, setNote] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState(false);
  if (moves.length === 0) return null;
  const move = async (status: OrderStatus) => {
    setBusy(true);
    try {
      await action.run(
        'move',
        { status, ...(note.trim() ? { note: note.trim() } : {}) },
        `The order is now ${ORDER_STATUS_LABELS[status].toLowerCase()}.`,
      );
      setNote('');
      setConfirmCancel(false);
    } catch (error) {
      action.setMessage({
        kind: 'error',
        text: failureMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {moves.includes('dispatched') ? 'Delivery note (carrier, tracking, pallet)' : 'Note'}
        <textarea
          className={inputClass}
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        {moves
          .filter((s) => s !== 'cancelled')
          .map((status) => (
            <button
              key={status}
              type="button"
              className={primaryButton}
              disabled={busy}
              onClick={() => void move(status)}
            >
              {MOVE_LABELS[status]}
            </button>
          ))}
        {moves.includes('cancelled') && !confirmCancel ? (
          <button
            type="button"
            className={secondaryButton}
            disabled={busy}
            onClick={() => setConfirmCancel(true)}
          >
            Cancel order
          </button>
        ) : null}
      </div>
      {confirmCancel ? (
        <div role="group" aria-label="Confirm cancelling" className="flex flex-wrap gap-2">
          <p className="w-full text-sm">
            Cancel {order.number}? Its stock goes back
            {order.payment ? '; refund the payment afterwards' : ''}.
          </p>
          <button
            type="button"
            className={primaryButton}
            disabled={busy}
            onClick={() => void move('cancelled')}
          >
            Yes, cancel the order
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirmCancel(false)}>
            Keep the order
          </button>
        </div>
      ) : null}
    </div>
  );
}

function Refund({ order, action }: { order: AdminOrderJson; action: Action }) {
  const form = useForm<z.input<typeof refundSchema>>({
    resolver: zodResolver(refundSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const submit = form.handleSubmit(async (input) => {
    try {
      const answer = await action.run('refund', input, 'Refunded.');
      const note = (answer as unknown as { credit_note: string }).credit_note;
      action.setMessage({ kind: 'success', text: `Refunded: credit note ${note} issued.` });
      form.reset({ amount: '', reason: '' });
    } catch (error) {
      action.setMessage({ kind: 'error', text: applyServerErrors(form, error) });
    }
  });
  return (
    <Form form={form} onSubmit={submit} aria-label="Refund" className="flex flex-col gap-3">
      <p className="text-sm">
        Up to {money(order.payment!.refundable)} can be refunded. {order.payment!.refunds_how}
      </p>
      <Field name="amount" label="Amount to refund (£)" inputMode="decimal" required />
      <Field name="reason" label="Reason (printed on the credit note)" required />
      <button type="submit" className={secondaryButton} disabled={form.formState.isSubmitting}>
        Refund
      </button>
    </Form>
  );
}

type Action = ReturnType<typeof useOrderAction>;

/** One order for staff: its lines, addresses, payment and history, and what can be done next. */
export default function AdminOrder() {
  const { number = '' } = useParams();
  const order = useQuery({
    queryKey: orderKey(number),
    queryFn: async () =>
      (await adminFetch<{ data: AdminOrderJson }>(`/api/admin/orders/${number}`)).data,
  });
  const action = useOrderAction(number);
  const returns = useQuery({
    queryKey: ['admin', 'returns', 'order', number],
    queryFn: async () =>
      (await adminFetch<{ data: ReturnJson[] }>(`/api/admin/returns?order=${number}`)).data,
  });
  if (order.error) {
    return (
      <p role="alert">
        {order.error.message}.{' '}
        <Link className="underline" to="/admin/orders">
          Back to orders
        </Link>
      </p>
    );
  }
  if (!order.data) return <Spinner label="Loading the order" />;
  const o = order.data;
  const canMarkPaid = o.status === 'pending_payment' && o.payment_method === 'bank_transfer';
  const canRefund = o.payment !== null && o.payment.refundable !== '0.00';
  const canMove = nextOrderStatuses(o.status).some((s) => s in MOVE_LABELS);
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        aside={
          <Link className="text-sm underline" to="/admin/orders">
            All orders
          </Link>
        }
      >
        Order {o.number}
      </PageHeading>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-stone-600">Status</dt>
          <dd className="font-semibold">{ORDER_STATUS_LABELS[o.status]}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Payment</dt>
          <dd className="font-semibold">{PAYMENT_STATUS_LABELS[o.payment_status]}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Placed</dt>
          <dd>{formatWhen(o.placed_at)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Total</dt>
          <dd className="font-semibold">{money(o.totals.total.gross)}</dd>
        </div>
      </dl>
      {o.needs_refund ? (
        <FormMessage kind="error">
          A payment arrived for this {ORDER_STATUS_LABELS[o.status].toLowerCase()} order: refund it.
        </FormMessage>
      ) : null}
      {action.message ? (
        <FormMessage kind={action.message.kind}>{action.message.text}</FormMessage>
      ) : null}
      {canMarkPaid || canMove || canRefund ? (
        <Panel title="Actions">
          <div className="grid gap-6 lg:grid-cols-3">
            {canMarkPaid ? <MarkPaid order={o} action={action} /> : null}
            {o.status === 'processing' ? (
              <DispatchForm
                order={o}
                run={action.run}
                onError={(text) => action.setMessage({ kind: 'error', text })}
              />
            ) : null}
            {canMove ? <Move key={o.status} order={o} action={action} /> : null}
            {canRefund ? <Refund key={o.payment!.refunded} order={o} action={action} /> : null}
          </div>
        </Panel>
      ) : null}
      <Panel title="Lines">
        <table className={tableClass}>
          <thead>
            <tr>
              <th className={thClass}>Item</th>
              <th className={`${thClass} text-right`}>Quantity</th>
              <th className={`${thClass} hidden text-right sm:table-cell`}>Unit price</th>
              <th className={`${thClass} text-right`}>Total</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((line, i) => (
              <tr key={i}>
                <td className={tdClass}>
                  {line.name}
                  <span className="block text-xs text-stone-600">
                    {line.size}
                    {line.is_bespoke ? ' · made to order (not cancellable)' : ''}
                  </span>
                </td>
                <td className={`${tdClass} text-right`}>
                  {line.m2 === null ? '' : `${formatM2(line.m2)} m² · `}
                  {line.pieces} pcs
                </td>
                <td className={`${tdClass} hidden text-right sm:table-cell`}>
                  {money(line.unit_price)} {line.unit === 'm2' ? 'per m²' : 'each'}
                </td>
                <td className={`${tdClass} text-right`}>{money(line.total.gross)}</td>
              </tr>
            ))}
            <tr>
              <td className={tdClass} colSpan={2}>
                Delivery: {o.delivery.label} ({o.delivery.zone.name})
              </td>
              <td className={`${tdClass} hidden sm:table-cell`} />
              <td className={`${tdClass} text-right`}>{money(o.totals.delivery.gross)}</td>
            </tr>
            <tr>
              <td className={`${tdClass} font-semibold`} colSpan={2}>
                Total (VAT {money(o.totals.total.vat)})
              </td>
              <td className={`${tdClass} hidden sm:table-cell`} />
              <td className={`${tdClass} text-right font-semibold`}>
                {money(o.totals.total.gross)}
              </td>
            </tr>
          </tbody>
        </table>
      </Panel>
      <OrderEdit order={o} />
      <OrderBalance order={o} />
      <Panel title={o.booking.fulfilment === 'collection' ? 'Collection' : 'Delivery booking'}>
        {o.booking.date || o.booking.instructions || o.booking.site_access.length > 0 ? (
          <BookedDay order={o} />
        ) : (
          <p className="text-sm">No day booked: {o.delivery.label}</p>
        )}
      </Panel>
      {returns.data?.length ? (
        <Panel title="Returns">
          <div className="flex flex-col gap-4">
            {returns.data.map((r) => (
              <ReturnCard key={`${r.number}-${r.version}`} initial={r} />
            ))}
          </div>
        </Panel>
      ) : null}
      <div className="grid gap-6 md:grid-cols-3">
        <Panel title="Delivery address">
          <AddressBlock address={o.shipping_address} />
        </Panel>
        <Panel title="Billing address">
          <AddressBlock address={o.billing_address} />
        </Panel>
        <Panel title="Payment">
          <dl className="flex flex-col gap-1 text-sm">
            <div>
              <dt className="inline text-stone-600">Method: </dt>
              <dd className="inline">{PAYMENT_METHOD_LABELS[o.payment_method]}</dd>
            </div>
            {o.payment ? (
              <>
                <div>
                  <dt className="inline text-stone-600">Received: </dt>
                  <dd className="inline">{money(o.payment.amount)}</dd>
                </div>
                <div>
                  <dt className="inline text-stone-600">Refunded: </dt>
                  <dd className="inline">{money(o.payment.refunded)}</dd>
                </div>
                {o.payment.provider_ref ? (
                  <div>
                    <dt className="inline text-stone-600">{o.payment.provider_label}: </dt>
                    <dd className="inline break-all">{o.payment.provider_ref}</dd>
                  </div>
                ) : null}
              </>
            ) : null}
            <div>
              <dt className="inline text-stone-600">Email: </dt>
              <dd className="inline break-all">{o.email}</dd>
            </div>
          </dl>
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {DOCUMENT_KINDS.map((kind) => (
              <li key={kind}>
                <a
                  className="underline"
                  href={orderDocumentUrl(o.number, kind)}
                  target="_blank"
                  rel="noreferrer"
                >
                  {DOCUMENT_TITLES[kind]} (PDF)
                </a>
              </li>
            ))}
            {o.invoice ? (
              <li>
                <a className="underline" href={o.invoice.url} target="_blank" rel="noreferrer">
                  VAT invoice {o.invoice.number} (PDF)
                </a>
              </li>
            ) : null}
            <ProFormaLink order={o} />
            {o.credit_notes.map((note) => (
              <li key={note.number}>
                <a className="underline" href={note.url} target="_blank" rel="noreferrer">
                  Credit note {note.number} (PDF)
                </a>{' '}
                {money(note.amount)}: {note.reason}
              </li>
            ))}
          </ul>
        </Panel>
      </div>
      <OrderNotes order={o} />
      <OrderMails number={o.number} />
      <Panel title="History">
        <ol className="flex flex-col gap-2 text-sm">
          {o.history.map((event, i) => (
            <li key={i} className="border-b border-stone-100 pb-2">
              <span className="font-semibold">
                {event.kind === 'status'
                  ? (ORDER_STATUS_LABELS[event.to as OrderStatus] ?? event.to)
                  : event.kind === 'payment'
                    ? `Payment ${event.to.replace(/_/g, ' ')}`
                    : event.to.replace(/_/g, ' ')}
              </span>{' '}
              <span className="text-stone-600">
                {formatWhen(event.at)} · {event.actor}
              </span>
              {event.note ? <span className="block">{event.note}</span> : null}
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}
