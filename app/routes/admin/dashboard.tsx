import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatGBP, toPence } from '#domain/money.ts';
import type { DashboardJson } from '#domain/dashboard.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { useStaff } from './layout.tsx';

const money = (pounds: string) => formatGBP(toPence(pounds));

/** What the shop did today and this month, and what is waiting for someone. */
export default function AdminDashboard() {
  const staff = useStaff();
  const figures = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async () => (await adminFetch<{ data: DashboardJson }>('/api/admin/dashboard')).data,
  });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Hello {staff.name || staff.email}</h1>
      {!figures.data ? (
        <Spinner label="Loading the figures" />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {[
              ['Orders today', String(figures.data.today.orders)],
              ['Takings today', money(figures.data.today.takings)],
              ['Orders this month', String(figures.data.month.orders)],
              ['Takings this month', money(figures.data.month.takings)],
            ].map(([label, value]) => (
              <div key={label} className="rounded border border-stone-200 p-4">
                <dt className="text-sm text-stone-600">{label}</dt>
                <dd className="text-2xl font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          <ul className="flex flex-col gap-1">
            <li>
              <Link className="underline" to="/admin/orders?status=pending_payment">
                {figures.data.awaiting_payment} waiting for payment
              </Link>
            </li>
            <li>{figures.data.awaiting_dispatch} waiting for dispatch</li>
            {figures.data.needs_refund > 0 ? <li>{figures.data.needs_refund} to refund</li> : null}
          </ul>
        </>
      )}
    </div>
  );
}
