import { useQuery } from '@tanstack/react-query';
import type { StatementJson } from '#domain/api-schemas-trade-accounts.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { useBuyer } from '#app/lib/buyer.ts';

const money = (pounds: string) => formatGBP(toPence(pounds));
/** A London day (YYYY-MM-DD) as people read it. */
const dayText = (day: string) => formatLondonDate(`${day}T12:00:00Z`);

/**
 * The trade account's statement, asked for only by trade buyers (others would get a 404, logged
 * by the browser); null for a trade buyer whose account is not opened yet.
 */
function useStatement() {
  const { trade } = useBuyer();
  return useQuery({
    queryKey: ['account-statement'],
    enabled: trade,
    queryFn: async ({ signal }) => {
      try {
        return (await apiFetch<{ data: StatementJson }>('/api/account/statement', { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

/**
 * My account's "What you owe" for a trade account: the balance, what is overdue, each open
 * invoice with its due day, and the statement to download. Nothing for other customers.
 */
export function WhatYouOwe() {
  const { data: statement } = useStatement();
  if (!statement) return null;
  const open = statement.invoices.filter((invoice) => invoice.status !== 'paid');
  return (
    <section aria-labelledby="what-you-owe-heading" className="flex flex-col gap-3">
      <h2 id="what-you-owe-heading" className="font-semibold">
        What you owe
      </h2>
      {statement.stopped ? (
        <p role="status" className="text-sm font-semibold text-red-800">
          Your account is on stop: please call us before placing orders on account.
        </p>
      ) : null}
      <p className="text-sm">
        {statement.company}: balance <strong>{money(statement.balance)}</strong>
        {toPence(statement.overdue) > 0 ? (
          <>
            , of which <strong className="text-red-800">{money(statement.overdue)} overdue</strong>
          </>
        ) : null}
        . Terms: {statement.terms.label.toLowerCase()}.
      </p>
      {open.length ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Invoices still to pay</caption>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-1">
                Invoice
              </th>
              <th scope="col" className="py-1">
                Order
              </th>
              <th scope="col" className="py-1">
                Due
              </th>
              <th scope="col" className="py-1 text-right">
                To pay
              </th>
            </tr>
          </thead>
          <tbody>
            {open.map((invoice) => (
              <tr key={invoice.number} className="border-b border-stone-200">
                <td className="py-1">{invoice.number}</td>
                <td className="py-1">{invoice.order_number}</td>
                <td className="py-1">
                  {dayText(invoice.due_on)}
                  {invoice.status === 'overdue' ? (
                    <span className="font-semibold text-red-800">
                      {' '}
                      ({invoice.days_overdue} {invoice.days_overdue === 1 ? 'day' : 'days'} overdue)
                    </span>
                  ) : null}
                </td>
                <td className="py-1 text-right">{money(invoice.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm">Nothing to pay: thank you.</p>
      )}
      <p>
        <a
          href="/api/account/statement.pdf"
          download
          className="inline-block rounded border border-stone-ink px-4 py-2 text-sm font-semibold hover:bg-stone-100"
        >
          Download statement
        </a>
      </p>
    </section>
  );
}
