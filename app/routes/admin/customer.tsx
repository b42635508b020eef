import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '#domain/order-states.ts';
import type { StaffCustomerJson } from '#domain/api-types.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  formatWhen,
  money,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [{ title: 'Customer | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

/** One customer, read-only: details, addresses, orders and the newsletter. */
export default function AdminCustomer() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  // A guest has no account: /admin/customers/guest?email= shows them by their orders' email.
  const url =
    id === 'guest'
      ? `/api/admin/customers/guest?email=${encodeURIComponent(search.get('email') ?? '')}`
      : `/api/admin/customers/${id}`;
  const customer = useQuery({
    queryKey: ['admin', 'customer', url],
    queryFn: async () => (await adminFetch<{ data: StaffCustomerJson }>(url)).data,
  });
  if (customer.error) return <p role="alert">{customer.error.message}</p>;
  if (!customer.data) return <Spinner label="Loading the customer" />;
  const c = customer.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading
        aside={
          <span className="flex flex-wrap items-center gap-4">
            {/* A subject access request: the download is audit-logged. */}
            <a
              className="rounded border border-stone-ink px-3 py-1.5 text-sm font-semibold hover:bg-stone-100"
              href={`/api/admin/customers/${c.id}/export`}
              download
            >
              Download their data
            </a>
            <Link className="text-sm underline" to="/admin/customers">
              All customers
            </Link>
          </span>
        }
      >
        {`${c.first_name} ${c.last_name}`.trim() || c.email}
      </PageHeading>
      <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">Email</dt>
          <dd className="break-all">{c.email}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{c.kind === 'guest' ? 'First order' : 'Joined'}</dt>
          <dd>{formatWhen(c.created_at)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Account</dt>
          <dd>{c.kind === 'guest' ? 'Guest: ordered without an account' : 'Registered'}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Orders</dt>
          <dd>{`${c.orders}, ${money(c.orders_total)} in all`}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Newsletter</dt>
          <dd>{c.newsletter ? 'Subscribed' : 'Not subscribed'}</dd>
        </div>
        <div>
          <dt className="text-stone-600">Paying customer</dt>
          <dd>{c.is_paying_customer ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        {(['billing', 'shipping'] as const).map((kind) => {
          const address = c.addresses.find((a) => a.kind === kind);
          return (
            <Panel key={kind} title={kind === 'billing' ? 'Billing address' : 'Delivery address'}>
              {address ? (
                <address className="text-sm not-italic">
                  {[
                    `${address.first_name} ${address.last_name}`,
                    address.company,
                    address.address_1,
                    address.address_2,
                    address.city,
                    address.county,
                    address.postcode,
                    address.phone,
                  ]
                    .filter((line) => line.trim() !== '')
                    .map((line, i) => (
                      <span key={i} className="block">
                        {line}
                      </span>
                    ))}
                </address>
              ) : (
                <p className="text-sm text-stone-600">None saved.</p>
              )}
            </Panel>
          );
        })}
      </div>
      <Panel title="Orders">
        {c.order_list.length === 0 ? (
          <p className="text-sm">No orders yet.</p>
        ) : (
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>Order</th>
                <th className={thClass}>Status</th>
                <th className={`${thClass} text-right`}>Total</th>
              </tr>
            </thead>
            <tbody>
              {c.order_list.map((o) => (
                <tr key={o.number}>
                  <td className={tdClass}>
                    <Link className="underline" to={`/admin/orders/${o.number}`}>
                      {o.number}
                    </Link>
                    <span className="block text-xs text-stone-600">{formatWhen(o.placed_at)}</span>
                  </td>
                  <td className={tdClass}>
                    {ORDER_STATUS_LABELS[o.status]}
                    <span className="block text-xs text-stone-600">
                      {PAYMENT_STATUS_LABELS[o.payment_status]}
                    </span>
                  </td>
                  <td className={`${tdClass} text-right`}>{money(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </div>
  );
}
