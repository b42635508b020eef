import { useEffect, useState } from 'react';
import { data, Link, useLoaderData } from 'react-router';
import { CHECKOUT_MESSAGES, type OrderJson } from '#domain/checkout.ts';
import { paymentDueText } from '#domain/account-terms.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { useAuth } from '#app/lib/auth.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { BankTransferDetails } from '#app/components/checkout/OrderParts.tsx';
import { OrderDetails } from '#app/components/checkout/OrderDetails.tsx';
import { CardPayment } from '#app/components/checkout/CardPayment.tsx';
import { GuestAccount } from '#app/components/checkout/GuestAccount.tsx';
import { AddToAccount } from '#app/components/orders/GuestOrders.tsx';
import { OrderTracking } from '#app/components/orders/OrderTracking.tsx';

/** Statuses a guest reads on a later visit of the link: no more thanks for placing it. */
const LATER_STATUSES = new Set<OrderJson['status']>([
  'dispatched',
  'delivered',
  'cancelled',
  'expired',
]);

/** One shopper's order: no cache may keep it. */
export const headers = noStoreHeaders;

export function meta({ data: page }: { data?: { order?: OrderJson } }) {
  // The order's secret is in the URL: keep it out of other sites' Referer headers.
  return [
    { title: page?.order ? `Order ${page.order.number} | Tessera` : 'Order | Tessera' },
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/** Critical data: the order, for its owner or the holder of its link (missing → 404). */
export async function loader({
  request,
  params,
  context,
}: {
  request: Request;
  params: { number?: string };
  context: PageLoadContext;
}) {
  const url = new URL(request.url);
  const number = params.number ?? '';
  const token = url.searchParams.get('token') ?? '';
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const answer = await context.shopperApi<{ data: OrderJson }>(
    `/api/orders/${encodeURIComponent(number)}${query}`,
  );
  if (answer.status === 404 || answer.status === 400 || answer.status === 401) {
    return data({ order: null, token, sync: false }, { status: 404 });
  }
  if (answer.status !== 200) throw data(null, { status: 503 });
  return { order: answer.data.data, token, sync: url.searchParams.get('sync') === '1' };
}

export default function OrderConfirmation() {
  const { order, token, sync } = useLoaderData<typeof loader>();
  const auth = useAuth();
  // Offered to a guest, and kept on screen once the account exists (the shopper is signed in then).
  const [offerAccount, setOfferAccount] = useState(false);
  useEffect(() => {
    if (auth.status === 'signedOut' && token) setOfferAccount(true);
  }, [auth.status, token]);
  if (!order) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-semibold">Order not found</h1>
        <p className="mt-4">
          This link does not open an order. Signed-in customers find their orders in{' '}
          <Link to="/my-account/orders" className="underline">
            My account
          </Link>
          .
        </p>
      </main>
    );
  }
  const awaitingPayment =
    order.status === 'pending_payment' && order.payment_status !== 'succeeded';
  // Signed in with the order's email: a guest order may join the account (once it is verified).
  const customer = auth.status === 'signedIn' ? auth.customer : null;
  const mayClaim =
    order.guest &&
    !offerAccount &&
    customer !== null &&
    customer.email.toLowerCase() === order.email.toLowerCase();
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 md:px-8">
      <h1 className="text-2xl font-semibold md:text-3xl">
        {LATER_STATUSES.has(order.status)
          ? `Your order ${order.number}`
          : `Thank you, your order ${order.number} is placed`}
      </h1>
      <p>
        We have sent a confirmation to {order.email}. Please keep it: it holds your order and your
        right to cancel.
      </p>
      {order.payment_status === 'not_required' ? <p>{CHECKOUT_MESSAGES.nothingToPay}</p> : null}
      {order.invoice?.due_on ? (
        <p>
          On your trade account. <strong>{paymentDueText(order.invoice.due_on)}</strong>.
        </p>
      ) : null}
      {awaitingPayment && order.payment_method === 'bank_transfer' && order.bank_transfer ? (
        <BankTransferDetails bank={order.bank_transfer} />
      ) : null}
      {(awaitingPayment || sync) && order.payment_method === 'card' ? (
        <CardPayment number={order.number} token={token} sync={sync} />
      ) : null}
      {mayClaim && customer ? (
        <AddToAccount number={order.number} verified={customer.email_verified_at !== null} />
      ) : null}
      <OrderTracking order={order} />
      <OrderDetails order={order} />
      {offerAccount && order ? (
        <GuestAccount number={order.number} token={token} email={order.email} />
      ) : null}
    </main>
  );
}
