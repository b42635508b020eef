import { Link, useParams } from 'react-router';
import { useOrder } from '#app/components/account/order-queries.ts';
import { ReturnItems } from '#app/components/account/ReturnItems.tsx';
import { OrderDetails, OrderHistory } from '#app/components/checkout/OrderDetails.tsx';
import { BankTransferDetails } from '#app/components/checkout/OrderParts.tsx';
import { OrderTracking } from '#app/components/orders/OrderTracking.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export const ORDER_NOT_FOUND = 'Order not found';

/**
 * One of the customer's orders: its tracking (timeline, documents), lines, addresses, delivery,
 * payment and history.
 */
export default function AccountOrder() {
  const number = useParams().number ?? '';
  const order = useOrder(number);
  if (order.isPending) return <Spinner label="Loading your order" />;
  if (order.isError) {
    return (
      <FormMessage kind="error">Your order could not be loaded. Please try again.</FormMessage>
    );
  }
  if (order.data === null) {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert">{ORDER_NOT_FOUND}</p>
        <Link to="/my-account/orders" className="self-start underline">
          Back to your orders
        </Link>
      </div>
    );
  }
  const current = order.data;
  const awaitingTransfer =
    current.status === 'pending_payment' &&
    current.payment_method === 'bank_transfer' &&
    current.bank_transfer !== null;
  return (
    <div className="flex flex-col gap-6">
      <Link to="/my-account/orders" className="self-start text-sm underline">
        All orders
      </Link>
      <OrderTracking order={current} />
      {awaitingTransfer && current.bank_transfer ? (
        <BankTransferDetails bank={current.bank_transfer} />
      ) : null}
      <OrderDetails order={current} />
      <ReturnItems number={current.number} />
      <OrderHistory order={current} />
    </div>
  );
}
