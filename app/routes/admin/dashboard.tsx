import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatGBP, toPence } from '#domain/money.ts';
import type { DashboardJson, PeriodFiguresJson } from '#domain/dashboard.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { SalesChart } from '#app/components/admin/SalesChart.tsx';
import { useStaff } from './layout.tsx';

const money = (pounds: string) => formatGBP(toPence(pounds));

/** One period's figures, each labelled with what it counts. */
function FiguresOfPeriod({ title, figures }: { title: string; figures: PeriodFiguresJson }) {
  const items = [
    ['Orders placed', String(figures.orders_placed)],
    ['Cancelled or expired', String(figures.orders_cancelled + figures.orders_expired)],
    ['Orders going ahead', String(figures.orders_net)],
    ['Gross takings (payments received)', money(figures.gross_takings)],
    ['Refunds given', money(figures.refunds)],
    ['Net takings (after refunds)', money(figures.net_takings)],
  ];
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-6">
        {items.map(([label, value]) => (
          <div key={label} className="rounded border border-stone-200 p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

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
          <FiguresOfPeriod title="Today" figures={figures.data.today} />
          <FiguresOfPeriod title="This month" figures={figures.data.month} />
          <p className="text-sm text-stone-600">
            London time, VAT included. Orders count on the day they were placed; takings on the day
            the money arrived; refunds on the day they were given.
          </p>
          <ul className="flex flex-col gap-1">
            <li>
              <Link className="underline" to="/admin/orders?status=pending_payment">
                {figures.data.awaiting_payment} waiting for payment
              </Link>
            </li>
            <li>
              <Link className="underline" to="/admin/orders?status=paid">
                {figures.data.awaiting_dispatch} waiting for dispatch
              </Link>
            </li>
            {figures.data.needs_refund > 0 ? <li>{figures.data.needs_refund} to refund</li> : null}
          </ul>
          <SalesChart days={figures.data.sales_by_day} />
          <section aria-label="Low stock">
            <h2 className="mb-2 text-lg font-semibold">Low stock</h2>
            {figures.data.low_stock.length === 0 ? (
              <p className="text-sm">No size is running low.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead>
                  <tr>
                    <th className="border-b border-stone-300 py-1 pr-2">Product</th>
                    <th className="border-b border-stone-300 py-1 pr-2">Size</th>
                    <th className="border-b border-stone-300 py-1 text-right">Pieces left</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.data.low_stock.map((item) => (
                    <tr key={item.variation_id}>
                      <td className="border-b border-stone-100 py-1 pr-2">{item.name}</td>
                      <td className="border-b border-stone-100 py-1 pr-2">{item.size}</td>
                      <td className="border-b border-stone-100 py-1 text-right">
                        {item.stock_quantity}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
    </div>
  );
}
