import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingMeta } from '#domain/api-types.ts';
import type { AuditRowJson } from '#domain/api-types.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  formatWhen,
  PageHeading,
  Pager,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [{ title: 'Audit log | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

/** A before or after value, compact. */
function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-stone-500">—</span>;
  if (typeof value !== 'object') return <>{String(value)}</>;
  return (
    <dl className="text-xs">
      {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
        <div key={key}>
          <dt className="inline text-stone-600">{key}: </dt>
          <dd className="inline break-all">
            {typeof item === 'object' ? JSON.stringify(item) : String(item)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every sign-in, failed sign-in and change: who, what, before → after, when, from where. */
export default function AdminAudit() {
  const [search] = useSearchParams();
  const page = search.get('page') ?? '1';
  const log = useQuery({
    queryKey: ['admin', 'audit', page],
    queryFn: () =>
      adminFetch<{ data: AuditRowJson[]; meta: ListingMeta }>(
        `/api/admin/audit?page=${encodeURIComponent(page)}&per_page=50`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeading>Audit log</PageHeading>
      <p className="mb-4 text-sm text-stone-600">
        Newest first. Entries can never be changed or removed.
      </p>
      {log.error ? (
        <p role="alert">{log.error.message}</p>
      ) : !log.data ? (
        <Spinner label="Loading the audit log" />
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <caption className="sr-only">Audit log</caption>
              <thead>
                <tr>
                  <th className={thClass}>When</th>
                  <th className={thClass}>Who</th>
                  <th className={thClass}>What</th>
                  <th className={thClass}>Before</th>
                  <th className={thClass}>After</th>
                  <th className={thClass}>From</th>
                </tr>
              </thead>
              <tbody>
                {log.data.data.map((row) => (
                  <tr key={row.id}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatWhen(row.at)}</td>
                    <td className={`${tdClass} break-all`}>{row.actor}</td>
                    <td className={tdClass}>
                      {row.action}
                      {row.entity ? (
                        <span className="block text-xs text-stone-600">
                          {row.entity} {row.entity_id ?? ''}
                        </span>
                      ) : null}
                    </td>
                    <td className={tdClass}>
                      <Values value={row.before} />
                    </td>
                    <td className={tdClass}>
                      <Values value={row.after} />
                    </td>
                    <td className={`${tdClass} text-xs`}>
                      {row.ip ?? ''}
                      <span
                        className="block max-w-48 truncate text-stone-600"
                        title={row.user_agent ?? ''}
                      >
                        {row.user_agent ?? ''}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager meta={log.data.meta} label="Pages of the audit log" />
        </>
      )}
    </div>
  );
}
