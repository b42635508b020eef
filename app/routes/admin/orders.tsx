import { useEffect, useRef, useState } from 'react';
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
import {
  BULK_DOCUMENTS_MAX,
  DOCUMENT_MESSAGES,
  bulkDocumentsUrl,
  type DocumentKind,
} from '#domain/warehouse-documents.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { PhoneOrderForm } from '#app/components/admin/PhoneOrderForm.tsx';
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

const PRINTS: readonly { kind: DocumentKind; label: string }[] = [
  { kind: 'packing-slip', label: 'Print packing slips' },
  { kind: 'delivery-note', label: 'Print delivery notes' },
];

/** The bulk print: links that open the selected orders' documents as one PDF. */
function PrintSelected({ selected, onClear }: { selected: string[]; onClear: () => void }) {
  const printable = selected.length > 0 && selected.length <= BULK_DOCUMENTS_MAX;
  return (
    <div
      role="group"
      aria-label="Print the selected orders"
      className="mb-3 flex flex-wrap items-center gap-3"
    >
      <p className="text-sm" aria-live="polite">
        {selected.length} selected
      </p>
      {PRINTS.map(({ kind, label }) =>
        printable ? (
          <a
            key={kind}
            className={secondaryButton}
            href={bulkDocumentsUrl(kind, selected)}
            target="_blank"
            rel="noreferrer"
          >
            {label}
          </a>
        ) : (
          <button key={kind} type="button" className={secondaryButton} disabled>
            {label}
          </button>
        ),
      )}
      {selected.length ? (
        <button type="button" className="text-sm underline" onClick={onClear}>
          Clear selection
        </button>
      ) : null}
      {selected.length > BULK_DOCUMENTS_MAX ? (
        <p role="alert" className="text-sm text-red-800">
          {DOCUMENT_MESSAGES.tooMany}
        </p>
      ) : null}
    </div>
  );
}

/** Ticks every order of the page, or none; shows a dash when some are ticked. */
function SelectPage({ numbers, selected, onChange }: SelectPageProps) {
  const box = useRef<HTMLInputElement>(null);
  const ticked = numbers.filter((n) => selected.includes(n)).length;
  const all = numbers.length > 0 && ticked === numbers.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = ticked > 0 && !all;
  }, [ticked, all]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select all on page"
      className="size-4"
      checked={all}
      onChange={() =>
        onChange(
          all
            ? selected.filter((n) => !numbers.includes(n))
            : [...selected, ...numbers.filter((n) => !selected.includes(n))],
        )
      }
    />
  );
}
interface SelectPageProps {
  numbers: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
}

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
  // Kept across pages and searches: a day's picking is gathered from several.
  const [selected, setSelected] = useState<string[]>([]);
  const [taking, setTaking] = useState(false);
  const toggle = (number: string) =>
    setSelected((now) =>
      now.includes(number) ? now.filter((n) => n !== number) : [...now, number],
    );
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
      <PageHeading
        aside={
          <button type="button" className={secondaryButton} onClick={() => setTaking(!taking)}>
            {taking ? 'Close the phone order' : 'New phone order'}
          </button>
        }
      >
        Orders
      </PageHeading>
      {taking ? (
        <div className="mb-6">
          <PhoneOrderForm />
        </div>
      ) : null}
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
          <PrintSelected selected={selected} onClear={() => setSelected([])} />
          <table className={tableClass}>
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr>
                <th className={`${thClass} w-8`}>
                  <SelectPage
                    numbers={orders.data.data.map((order) => order.number)}
                    selected={selected}
                    onChange={setSelected}
                  />
                </th>
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
                    <input
                      type="checkbox"
                      aria-label={`Select ${order.number}`}
                      className="size-4"
                      checked={selected.includes(order.number)}
                      onChange={() => toggle(order.number)}
                    />
                  </td>
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
