import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingMeta } from '#domain/api-types.ts';
import type { StaffCustomerRow } from '#domain/api-types.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
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
  return [{ title: 'Customers | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

/** Customers and guests, newest first, searched by email or name; read-only. */
export default function AdminCustomers() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const query = search.toString();
  const customers = useQuery({
    queryKey: ['admin', 'customers', query],
    queryFn: () =>
      adminFetch<{ data: StaffCustomerRow[]; meta: ListingMeta }>(`/api/admin/customers?${query}`),
    placeholderData: keepPreviousData,
  });
  const form = useForm<{ q: string }>({ defaultValues: { q: search.get('q') ?? '' } });
  const submit = form.handleSubmit(({ q }) => {
    void navigate(q.trim() ? `?q=${encodeURIComponent(q.trim())}` : '?');
  });
  return (
    <div>
      <PageHeading>Customers</PageHeading>
      <Form
        form={form}
        onSubmit={submit}
        aria-label="Find customers"
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <Field name="q" label="Email or name" type="search" />
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </Form>
      {customers.error ? (
        <p role="alert">{customers.error.message}</p>
      ) : !customers.data ? (
        <Spinner label="Loading customers" />
      ) : customers.data.data.length === 0 ? (
        <p>No customers match.</p>
      ) : (
        <>
          <table className={tableClass}>
            <caption className="sr-only">Customers</caption>
            <thead>
              <tr>
                <th className={thClass}>Customer</th>
                <th className={`${thClass} hidden md:table-cell`}>Joined</th>
                <th className={`${thClass} text-right`}>Orders</th>
                <th className={`${thClass} text-right`}>Spent</th>
                <th className={`${thClass} hidden sm:table-cell`}>Newsletter</th>
              </tr>
            </thead>
            <tbody>
              {customers.data.data.map((c) => (
                <tr key={c.id ?? `guest:${c.email}`}>
                  <td className={tdClass}>
                    <Link
                      className="underline"
                      to={
                        c.id === null
                          ? `/admin/customers/guest?email=${encodeURIComponent(c.email)}`
                          : `/admin/customers/${c.id}`
                      }
                    >
                      {`${c.first_name} ${c.last_name}`.trim() || c.email}
                    </Link>
                    {c.kind === 'guest' ? (
                      <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 text-xs">Guest</span>
                    ) : null}
                    <span className="block text-xs break-all text-stone-600">{c.email}</span>
                  </td>
                  <td className={`${tdClass} hidden md:table-cell`}>{formatWhen(c.created_at)}</td>
                  <td className={`${tdClass} text-right`}>{c.orders}</td>
                  <td className={`${tdClass} text-right`}>{money(c.orders_total)}</td>
                  <td className={`${tdClass} hidden sm:table-cell`}>
                    {c.newsletter ? 'Subscribed' : 'No'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager meta={customers.data.meta} label="Pages of customers" />
        </>
      )}
    </div>
  );
}
