import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTradeApplicationJson } from '#domain/api-schemas-trade.ts';
import { TRADE_LABELS } from '#domain/trade-applications.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  failureMessage,
  formatWhen,
  PageHeading,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [
    { title: 'Trade applications | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

const KEY = ['admin', 'trade-applications'] as const;

/** Approve or refuse (with the reason the applicant reads) one pending application. */
function Decision({ application }: { application: AdminTradeApplicationJson }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const decide = async (step: 'approve' | 'refuse') => {
    setProblem(null);
    try {
      await adminFetch(`/api/admin/trade/applications/${application.id}/${step}`, {
        method: 'POST',
        body: { version: application.version, ...(step === 'refuse' ? { reason } : {}) },
      });
      await client.invalidateQueries({ queryKey: KEY });
    } catch (failure) {
      setProblem(failureMessage(failure));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="underline" onClick={() => void decide('approve')}>
        Approve into Trade
      </button>
      <label className="flex flex-col gap-1">
        <span>Reason to refuse</span>
        <textarea
          className="border border-stone-300 p-1"
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <button type="button" className="underline" onClick={() => void decide('refuse')}>
        Refuse
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  );
}

/** Trade applications: pending first, each with its evidence and the two answers. */
export default function AdminTradeApplications() {
  const list = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await adminFetch<{ data: AdminTradeApplicationJson[] }>('/api/admin/trade/applications'))
        .data,
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Trade applications</PageHeading>
      {list.error ? <p role="alert">{list.error.message}</p> : null}
      {!list.data && !list.error ? <Spinner label="Loading applications" /> : null}
      {list.data?.length === 0 ? <p>No applications.</p> : null}
      {list.data?.length ? (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>Applicant</th>
                <th className={thClass}>Company</th>
                <th className={thClass}>Evidence</th>
                <th className={thClass}>Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((a) => (
                <tr key={a.id} aria-label={`Application from ${a.company}`}>
                  <td className={tdClass}>
                    {a.name || a.email}
                    <br />
                    {a.email}
                    <br />
                    {formatWhen(a.created_at)}
                  </td>
                  <td className={tdClass}>
                    {a.company} ({TRADE_LABELS[a.trade]})
                    <br />
                    Company number: {a.company_number || 'none'} · VAT: {a.vat_number || 'none'}
                    <br />
                    {[a.address_line_1, a.address_line_2, a.town, a.postcode]
                      .filter(Boolean)
                      .join(', ')}
                  </td>
                  <td className={tdClass}>
                    <a className="underline" href={a.evidence.url} download={a.evidence.file_name}>
                      Download evidence
                    </a>
                  </td>
                  <td className={tdClass}>
                    {a.status === 'pending' ? (
                      <Decision application={a} />
                    ) : a.status === 'approved' ? (
                      <p>
                        Approved ({a.group}) by {a.decided_by}
                      </p>
                    ) : (
                      <p>
                        Refused by {a.decided_by}: {a.refusal_reason}
                      </p>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
