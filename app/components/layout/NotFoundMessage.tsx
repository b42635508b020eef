import { Link } from 'react-router';

/** The body of the 404 page, inside the usual header and footer. */
export function NotFoundMessage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-widest text-stone-accent uppercase">404</p>
      <h1 className="mt-2 text-3xl font-semibold">Page not found</h1>
      <p className="mt-3 text-stone-700">The page you were looking for does not exist.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-full bg-stone-ink px-6 py-2.5 text-sm font-medium text-white"
        >
          Back to the home page
        </Link>
        <Link
          to="/collections"
          className="rounded-full border border-stone-ink px-6 py-2.5 text-sm font-medium"
        >
          View All Collections
        </Link>
      </div>
    </main>
  );
}
