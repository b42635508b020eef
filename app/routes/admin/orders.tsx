import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingMeta } from '#domain/api-types.ts';
import { PAYMENT_METHOD_LABELS } from '#domain/checkout.ts';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
} from '#domain/order-states.ts';
import type { StaffOrderRowJson as StaffOrderRow } from '#domain/api-types.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  formatWhen,
  money,
  PageHeading,
  Pager,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [{ title: 'Orders | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

interface Filters {
  status: string;
  from: string;
  to: string;
  q: string;
}
const FILTER_KEYS = ['status', 'from', 'to', 'q'] as const;

/** Orders for staff: filters by status and date, search by number, email or postcode. */
export default function AdminOrders() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = search.toString();
  const orders = useQuery({
    queryKey: ['admin', 'orders', query],
    queryFn: () =>
      adminFetch<{ data: StaffOrderRow[]; meta: ListingMeta }>(`/api/admin/orders?${query}`),
    placeholderData: keepPreviousData,
  });
  const form = useForm<Filters>({
    defaultValues: Object.fromEntries(
      FILTER_KEYS.map((k) => [k, search.get(k) ?? '']),
    ) as unknown as Filters,
  });
  const apply = form.handleSubmit((filters) => {
    const next = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key].trim()) next.set(key, filters[key].trim());
    void navigate(`?${next.toString()}`);
  });

  return (
    <div>
      <PageHeading>Orders</PageHeading>
      <Form
        form={form}
        onSubmit={apply}
        aria-label="Find orders"
        className="mb-6 grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <Field name="q" label="Number, email or postcode" type="search" />
        <SelectField
          name="status"
          label="Status"
          options={[
            { value: '', label: 'Any status' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
          ]}
        />
        <Field name="from" label="Placed from" type="date" />
        <Field name="to" label="Placed before" type="date" />
        <button type="submit" className={primaryButton}>
          Find orders
        </button>
      </Form>
      {orders.error ? (
        <p role="alert">{orders.error.message}</p>
      ) : !orders.data ? (
        <Spinner label="Loading orders" />
      ) : orders.data.data.length === 0 ? (
        <p>No orders match.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-stone-600">
            {orders.data.meta.total_products} order
            {orders.data.meta.total_products === 1 ? '' : 's'}
          </p>
          <table className={tableClass}>
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr>
                <th className={thClass}>Order</th>
                <th className={`${thClass} hidden md:table-cell`}>Placed</th>
                <th className={`${thClass} hidden lg:table-cell`}>Customer</th>
                <th className={thClass}>Status</th>
                <th className={`${thClass} hidden md:table-cell`}>Payment</th>
                <th className={`${thClass} text-right`}>Total</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.data.map((order) => (
                <tr key={order.number}>
                  <td className={tdClass}>
                    <Link className="font-semibold underline" to={`/admin/orders/${order.number}`}>
                      {order.number}
                    </Link>
                    <span className="block text-xs text-stone-600 md:hidden">
                      {formatWhen(order.placed_at)}
                    </span>
                  </td>
                  <td className={`${tdClass} hidden md:table-cell`}>
                    {formatWhen(order.placed_at)}
                  </td>
                  <td className={`${tdClass} hidden lg:table-cell`}>
                    {order.name}
                    <span className="block text-xs text-stone-600">
                      {order.email} · {order.postcode}
                    </span>
                  </td>
                  <td className={tdClass}>
                    {ORDER_STATUS_LABELS[order.status]}
                    {order.needs_refund ? (
                      <span className="block text-xs font-semibold text-red-800">To refund</span>
                    ) : null}
                  </td>
                  <td className={`${tdClass} hidden md:table-cell`}>
                    {PAYMENT_STATUS_LABELS[order.payment_status]}
                    <span className="block text-xs text-stone-600">
                      {PAYMENT_METHOD_LABELS[order.payment_method]}
                    </span>
                  </td>
                  <td className={`${tdClass} text-right`}>{money(order.total_gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager meta={orders.data.meta} label="Pages of orders" />
        </>
      )}
    </div>
  );
}
