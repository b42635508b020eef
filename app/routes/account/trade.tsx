import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTradeStatusJson } from '#domain/api-schemas-trade.ts';
import { TRADE_MESSAGES } from '#domain/trade-applications.ts';
import { apiFetch } from '#app/lib/api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { TradeApplicationForm } from '#app/components/account/TradeApplicationForm.tsx';

export function meta() {
  return [{ title: 'Trade account | Tessera' }, { name: 'robots', content: 'noindex' }];
}

const KEY = ['account', 'trade'] as const;

/** Trade account: the application form, or where the application stands. */
export default function TradeAccount() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await apiFetch<{ data: MyTradeStatusJson }>('/api/trade/application')).data,
  });
  if (!status.data) return <Spinner label="Loading your trade account" />;
  const { trade, group, application } = status.data;
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">Trade account</h2>
      {trade ? (
        <p role="status">
          Your trade account is approved{group ? ` (${group} prices)` : ''}: you see trade prices
          across the shop while signed in.
        </p>
      ) : application?.status === 'pending' ? (
        <p role="status">
          Your application for {application.company} is pending. {TRADE_MESSAGES.received}
        </p>
      ) : (
        <>
          {application?.status === 'refused' ? (
            <div role="status" className="flex flex-col gap-1">
              <p>Your application for {application.company} was refused.</p>
              <p>Reason: {application.refusal_reason}</p>
              <p>You may apply again with new evidence.</p>
            </div>
          ) : (
            <p>
              Tilers, builders, designers and architects get trade prices, shown ex VAT. Tell us
              about your business and upload a letterhead, invoice or trade card.
            </p>
          )}
          <TradeApplicationForm onSent={(next) => client.setQueryData(KEY, next)} />
        </>
      )}
    </section>
  );
}
