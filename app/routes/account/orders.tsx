import { Link } from 'react-router';

/** Orders (spec section 2): static texts; order loading is not part of the shop yet. */
export default function Orders() {
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
