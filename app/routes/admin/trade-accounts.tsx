import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListingMeta } from '#domain/api-types.ts';
import type { TradeAccountRowJson } from '#domain/api-schemas-trade-accounts.ts';
import { toPence } from '#domain/money.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  money,
  PageHeading,
  Pager,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [
    { title: 'Trade accounts | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** Trade accounts, most overdue first: balance, overdue, limit and terms; filter to overdue. */
export default function AdminTradeAccounts() {
  const [search] = useSearchParams();
  const overdueOnly = search.get('overdue') === 'true';
  const query = search.toString();
  const accounts = useQuery({
    queryKey: ['admin', 'trade-accounts', query],
    queryFn: () =>
      adminFetch<{ data: TradeAccountRowJson[]; meta: ListingMeta }>(
        `/api/admin/trade/accounts?${query}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <PageHeading
        aside={
          <Link className="text-sm underline" to={overdueOnly ? '?' : '?overdue=true'}>
            {overdueOnly ? 'Show every account' : 'Show overdue accounts only'}
          </Link>
        }
      >
        {overdueOnly ? 'Overdue trade accounts' : 'Trade accounts'}
      </PageHeading>
      {accounts.error ? (
        <p role="alert">{accounts.error.message}</p>
      ) : !accounts.data ? (
        <Spinner label="Loading trade accounts" />
      ) : accounts.data.data.length === 0 ? (
        <p>{overdueOnly ? 'No account is overdue.' : 'No trade accounts yet.'}</p>
      ) : (
        <>
          <table className={tableClass}>
            <caption className="sr-only">Trade accounts</caption>
            <thead>
              <tr>
                <th className={thClass}>Company</th>
                <th className={`${thClass} hidden md:table-cell`}>Terms</th>
                <th className={`${thClass} hidden sm:table-cell text-right`}>Credit limit</th>
                <th className={`${thClass} text-right`}>Balance</th>
                <th className={`${thClass} text-right`}>Overdue</th>
              </tr>
            </thead>
            <tbody>
              {accounts.data.data.map((a) => (
                <tr key={a.customer_id}>
                  <td className={tdClass}>
                    <Link className="underline" to={`/admin/trade/accounts/${a.customer_id}`}>
                      {a.company}
                    </Link>
                    {a.stopped ? (
                      <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-900">
                        Stopped
                      </span>
                    ) : null}
                    <span className="block text-xs break-all text-stone-600">
                      {a.email}
                      {a.group ? ` · ${a.group}` : ''}
                    </span>
                  </td>
                  <td className={`${tdClass} hidden md:table-cell`}>{a.terms}</td>
                  <td className={`${tdClass} hidden text-right sm:table-cell`}>
                    {a.credit_limit === null ? 'No credit' : money(a.credit_limit)}
                  </td>
                  <td className={`${tdClass} text-right`}>{money(a.balance)}</td>
                  <td
                    className={`${tdClass} text-right ${toPence(a.overdue) > 0 ? 'font-semibold text-red-800' : ''}`}
                  >
                    {money(a.overdue)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager meta={accounts.data.meta} label="Pages of trade accounts" />
        </>
      )}
    </div>
  );
}
