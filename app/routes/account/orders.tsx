import { Link } from 'react-router';
import { formatLondonDate } from '#domain/dates.ts';
import { ORDER_STATUS_LABELS } from '#domain/order-states.ts';
import { money } from '#app/components/checkout/format.ts';
import { useAccount } from '#app/components/account/account-context.ts';
import { useOrders } from '#app/components/account/order-queries.ts';
import { GuestOrdersPanel } from '#app/components/orders/GuestOrders.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';

function NoOrders() {
  return (
    <div className="flex flex-col gap-4 rounded border border-stone-200 p-5">
      <p>No order has been made yet.</p>
      <p>
        Browse our natural stone tiles, slabs and mosaics, order free samples and place your first
        order.
      </p>
      <Link
        to="/stone-collection/all-products"
        className="self-start rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold uppercase tracking-wide text-white hover:bg-stone-accent"
      >
        Browse products
      </Link>
    </div>
  );
}

/**
 * Orders (spec section 2): the customer's orders, newest first, or the spec's empty text; and
 * the orders placed as a guest with their email, to add once it is verified.
 */
export default function Orders() {
  const { customer } = useAccount();
  return (
    <div className="flex flex-col gap-6">
      {customer ? <GuestOrdersPanel verified={customer.email_verified_at !== null} /> : null}
      <OrderList />
    </div>
  );
}

function OrderList() {
  const orders = useOrders();
  if (orders.isPending) return <Spinner label="Loading your orders" />;
  if (orders.isError) {
    return (
      <FormMessage kind="error">Your orders could not be loaded. Please try again.</FormMessage>
    );
  }
  if (orders.data.data.length === 0) return <NoOrders />;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Your orders</caption>
      <thead className="border-b border-stone-300">
        <tr>
          <th scope="col" className="py-2 pr-3">
            Order
          </th>
          <th scope="col" className="py-2 pr-3">
            Date
          </th>
          <th scope="col" className="py-2 pr-3">
            Status
          </th>
          <th scope="col" className="py-2 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {orders.data.data.map((order) => (
          <tr key={order.number}>
            <th scope="row" className="py-3 pr-3 font-medium">
              <Link
                to={`/my-account/orders/${encodeURIComponent(order.number)}`}
                className="underline"
              >
                {order.number}
              </Link>
            </th>
            <td className="py-3 pr-3">{formatLondonDate(order.placed_at)}</td>
            <td className="py-3 pr-3">{ORDER_STATUS_LABELS[order.status]}</td>
            <td className="py-3 text-right">{money(order.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
