import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradeAccountJson } from '#domain/api-schemas-trade-accounts.ts';
import { AGE_BUCKET_LABELS, AGE_BUCKETS } from '#domain/trade-ledger.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  money,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';
import { PaymentForm, StopForm, TermsForm } from '#app/components/admin/TradeAccountForms.tsx';

export function meta() {
  return [{ title: 'Trade account | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

const STATUS_TEXT = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  credited: 'Credited',
} as const;

/** One trade account: figures and aged debt, invoices, payments, terms, stop and payments in. */
export default function AdminTradeAccount() {
  const { customerId } = useParams();
  const client = useQueryClient();
  const key = ['admin', 'trade-account', customerId];
  const account = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await adminFetch<{ data: TradeAccountJson }>(`/api/admin/trade/accounts/${customerId}`))
        .data,
  });
  const [saved, setSaved] = useState<string | null>(null);
  if (account.error) return <p role="alert">{account.error.message}</p>;
  if (!account.data) return <Spinner label="Loading the account" />;
  const a = account.data;
  const onSaved = (data: TradeAccountJson, message: string) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['admin', 'trade-accounts'] });
    setSaved(message);
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        aside={
          <Link className="text-sm underline" to="/admin/trade/accounts">
            All trade accounts
          </Link>
        }
      >
        {a.company}
      </PageHeading>
      {saved ? <FormMessage kind="success">{saved}</FormMessage> : null}
      {a.stopped ? <FormMessage kind="error">Account stopped: {a.stop_reason}</FormMessage> : null}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(
          [
            ['Balance', money(a.balance)],
            ['Overdue', money(a.overdue)],
            ['Credit limit', a.credit_limit === null ? 'No credit' : money(a.credit_limit)],
            ['Terms', a.terms.label],
            ['Unallocated payments', money(a.unallocated)],
            ['Next due', a.next_due_on ?? 'Nothing due'],
            ['Email', a.email],
            ['Company number', a.company_number || '–'],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt className="font-semibold">{term}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <table className={tableClass}>
        <caption className="text-left font-semibold">Aged debt</caption>
        <thead>
          <tr>
            {AGE_BUCKETS.map((bucket) => (
              <th key={bucket} className={`${thClass} text-right`}>
                {AGE_BUCKET_LABELS[bucket]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {AGE_BUCKETS.map((bucket) => (
              <td key={bucket} className={`${tdClass} text-right`}>
                {money(a.aged[bucket])}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <table className={tableClass}>
        <caption className="text-left font-semibold">Invoices on account</caption>
        <thead>
          <tr>
            <th className={thClass}>Invoice</th>
            <th className={`${thClass} hidden sm:table-cell`}>Order</th>
            <th className={thClass}>Due</th>
            <th className={`${thClass} hidden text-right sm:table-cell`}>Total</th>
            <th className={`${thClass} text-right`}>Outstanding</th>
            <th className={thClass}>Status</th>
          </tr>
        </thead>
        <tbody>
          {a.invoices.map((invoice) => (
            <tr key={invoice.number}>
              <td className={tdClass}>{invoice.number}</td>
              <td className={`${tdClass} hidden sm:table-cell`}>
                <Link className="underline" to={`/admin/orders/${invoice.order_number}`}>
                  {invoice.order_number}
                </Link>
              </td>
              <td className={tdClass}>{invoice.due_on}</td>
              <td className={`${tdClass} hidden text-right sm:table-cell`}>
                {money(invoice.total)}
              </td>
              <td className={`${tdClass} text-right`}>{money(invoice.outstanding)}</td>
              <td className={tdClass}>
                {STATUS_TEXT[invoice.status]}
                {invoice.days_overdue ? ` (${invoice.days_overdue} days)` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Panel title="Record a payment">
        <PaymentForm key={a.version + a.payments.length} account={a} onSaved={onSaved} />
      </Panel>
      <Panel title="Payments received">
        {a.payments.length === 0 ? (
          <p className="text-sm">None yet.</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {a.payments.map((p) => (
              <li key={p.id}>
                {p.received_on}: {money(p.amount)}
                {p.reference ? ` (${p.reference})` : ''} to{' '}
                {p.allocations.map((x) => `${x.invoice_number} ${money(x.amount)}`).join(', ') ||
                  'no invoice'}
                {p.unallocated !== '0.00' ? `; ${money(p.unallocated)} unallocated` : ''}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <div className="grid gap-6 md:grid-cols-2">
        <Panel title="Credit limit and terms">
          <TermsForm key={a.version} account={a} onSaved={onSaved} />
        </Panel>
        <Panel title={a.stopped ? 'Reopen the account' : 'Stop the account'}>
          <StopForm key={a.version} account={a} onSaved={onSaved} />
        </Panel>
      </div>
    </div>
  );
}
