import { Link } from 'react-router';

export function meta() {
  return [{ title: 'Checkout | Tessera' }];
}

/** Checkout is not open yet: the page says so and leads back to the basket's products. */
export default function Checkout() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-semibold">Checkout</h1>
      <p className="mt-4">
        Online checkout is coming soon. Your basket is saved: to order now, call us or send a quote
        request and we will confirm stock, delivery date and costs.
      </p>
      <div className="mt-6 flex gap-4">
        <Link to="/contact" className="rounded bg-stone-ink px-4 py-3 font-semibold text-white">
          Get Quote
        </Link>
        <Link
          to="/stone-collection/all-products"
          className="rounded border px-4 py-3 font-semibold"
        >
          continue shopping
        </Link>
      </div>
    </main>
  );
}
