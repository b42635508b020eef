import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReturnJson } from '#domain/api-schemas-returns.ts';
import { RETURN_STATUS_LABELS, RETURN_STATUSES } from '#domain/returns.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { ReturnCard } from '#app/components/admin/ReturnCard.tsx';
import { PageHeading } from '#app/components/admin/ui.tsx';

export function meta() {
  return [{ title: 'Returns | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

/** Returns for staff, newest first, by status; each with its next step. */
export default function AdminReturns() {
  const [search] = useSearchParams();
  const status = search.get('status') ?? '';
  const returns = useQuery({
    queryKey: ['admin', 'returns', status],
    queryFn: async () =>
      (
        await adminFetch<{ data: ReturnJson[] }>(
          `/api/admin/returns${status ? `?status=${status}` : ''}`,
        )
      ).data,
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Returns</PageHeading>
      <nav aria-label="Return status" className="flex flex-wrap gap-3 text-sm">
        <Link className={status === '' ? 'font-semibold' : 'underline'} to="/admin/returns">
          All
        </Link>
        {RETURN_STATUSES.map((s) => (
          <Link
            key={s}
            className={status === s ? 'font-semibold' : 'underline'}
            to={`/admin/returns?status=${s}`}
          >
            {RETURN_STATUS_LABELS[s]}
          </Link>
        ))}
      </nav>
      {returns.error ? <p role="alert">{returns.error.message}</p> : null}
      {!returns.data && !returns.error ? <Spinner label="Loading returns" /> : null}
      {returns.data?.length === 0 ? <p>No returns.</p> : null}
      {returns.data?.map((r) => (
        <ReturnCard key={`${r.number}-${r.version}`} initial={r} showOrder />
      ))}
    </div>
  );
}
