import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ListingMeta as ListMeta } from '#domain/api-types.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { ApiError } from '#app/lib/api.ts';

/** Pounds as the API writes them ('120.50') → '£120.50'. */
export const money = (pounds: string) => formatGBP(toPence(pounds));

/** A date and time in the shop's time zone, as staff read it. */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}

/**
 * The line to show when a back-office request failed: the server's own message, or, when the
 * request never reached the shop, that nothing was saved.
 */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError
    ? error.message
    : 'The shop could not be reached: nothing was saved. Please try again.';
}

/**
 * Puts the server's field messages on the form's fields; answers the message to show above the
 * form (`failureMessage`).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
): string {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fields ?? {})) {
      form.setError(field as Path<T>, { message });
    }
  }
  return failureMessage(error);
}

/**
 * `applyServerErrors` for a form whose field messages show in its error list: answers the line
 * to show above the form, or null when the server's message was about a field.
 */
export function formProblem<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
): string | null {
  const message = applyServerErrors(form, error);
  return error instanceof ApiError && error.fields ? null : message;
}

/** The back office's page heading and what goes beside it. */
export function PageHeading({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
      <h1 className="text-2xl font-semibold">{children}</h1>
      {aside}
    </div>
  );
}

/** Previous and next pages of a list, through the URL's `page`. */
export function Pager({ meta, label }: { meta: ListMeta; label: string }) {
  const [search] = useSearchParams();
  const to = (page: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(page));
    return `?${next.toString()}`;
  };
  if (meta.total_pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-4 text-sm">
      {meta.current_page > 1 ? (
        <Link className="underline" to={to(meta.current_page - 1)}>
          Previous page
        </Link>
      ) : null}
      <span>
        Page {meta.current_page} of {meta.total_pages}
      </span>
      {meta.has_next_page ? (
        <Link className="underline" to={to(meta.current_page + 1)}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** A section of a detail page. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded border border-stone-200 p-4">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export const tableClass = 'w-full border-collapse text-left text-sm';
export const thClass = 'border-b border-stone-300 px-2 py-2 font-semibold';
export const tdClass = 'border-b border-stone-200 px-2 py-2 align-top';
