import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  discountCodeState,
  type DiscountCodeForm,
  type DiscountCodeJson,
} from '#domain/api-schemas-discounts.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { DiscountCodeEditor } from '#app/components/admin/DiscountCodeForm.tsx';
import { useStaleReload } from '#app/components/admin/editor-session.ts';
import {
  failureMessage,
  formatWhen,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export function meta() {
  return [
    { title: 'Discount codes | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

const CODES_KEY = ['admin', 'discount-codes'] as const;

/** When a code works, as the list says it. */
function validity(code: DiscountCodeJson): string {
  if (!code.starts_at && !code.ends_at) return 'Always';
  const from = code.starts_at ? `from ${formatWhen(code.starts_at)}` : '';
  const until = code.ends_at ? `until ${formatWhen(code.ends_at)}` : '';
  return [from, until].filter(Boolean).join(' ');
}

/** The offer and its conditions in one line: "10% off, min. spend £50.00, 1 per customer". */
function offer(code: DiscountCodeJson): string {
  const parts = [code.description];
  if (toPence(code.min_spend) > 0) parts.push(`min. spend ${formatGBP(toPence(code.min_spend))}`);
  if (code.max_uses_per_customer !== null) parts.push(`${code.max_uses_per_customer} per customer`);
  return parts.join(', ');
}

function CodeRow({
  code,
  onEdit,
  onToggle,
}: {
  code: DiscountCodeJson;
  onEdit: () => void;
  onToggle: () => void;
}) {
  return (
    <tr>
      <td className={`${tdClass} font-mono font-semibold`}>{code.code}</td>
      <td className={tdClass}>
        {offer(code)}
        <span className="block text-xs text-stone-600 md:hidden">{validity(code)}</span>
      </td>
      <td className={`${tdClass} hidden md:table-cell`}>{validity(code)}</td>
      <td className={tdClass}>
        {code.max_uses === null ? code.uses : `${code.uses} of ${code.max_uses}`}
      </td>
      <td className={tdClass}>{discountCodeState(code, new Date())}</td>
      <td className={tdClass}>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="underline"
            aria-label={`Edit ${code.code}`}
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="underline"
            aria-label={`${code.active ? 'Disable' : 'Enable'} ${code.code}`}
            onClick={onToggle}
          >
            {code.active ? 'Disable' : 'Enable'}
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * The owner's discount codes: each with its state and uses, created, edited (from the version
 * loaded: a stale save is refused with who saved first) and disabled or enabled again.
 */
export default function AdminDiscountCodes() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  // The code whose editor was reloaded over someone else's save: only it gets the changes back.
  const [reloaded, setReloaded] = useState<number | null>(null);
  const codes = useQuery({
    queryKey: CODES_KEY,
    queryFn: async () =>
      (await adminFetch<{ data: DiscountCodeJson[] }>('/api/admin/discount-codes')).data,
  });
  const stale = useStaleReload<Partial<DiscountCodeForm>>(() => codes.refetch());
  const refresh = () => queryClient.invalidateQueries({ queryKey: CODES_KEY });
  const toggle = async (code: DiscountCodeJson) => {
    const action = code.active ? 'disable' : 'enable';
    try {
      await adminFetch(`/api/admin/discount-codes/${code.id}/${action}`, {
        method: 'POST',
        body: { version: code.version },
      });
      setNotice({
        kind: 'success',
        text: code.active
          ? `${code.code} is disabled: baskets and checkout refuse it from now on.`
          : `${code.code} is enabled again.`,
      });
    } catch (error) {
      setNotice({ kind: 'error', text: failureMessage(error) });
    }
    await refresh();
  };
  const current = codes.data?.find((c) => c.id === editing) ?? null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Discount codes</PageHeading>
      {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
      {codes.error ? (
        <p role="alert">{failureMessage(codes.error)}</p>
      ) : !codes.data ? (
        <Spinner label="Loading discount codes" />
      ) : codes.data.length === 0 ? (
        <p>No discount codes yet: create the first below.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Discount codes</caption>
            <thead>
              <tr>
                <th className={thClass}>Code</th>
                <th className={thClass}>Offer</th>
                <th className={`${thClass} hidden md:table-cell`}>Valid</th>
                <th className={thClass}>Uses</th>
                <th className={thClass}>State</th>
                <th className={thClass}>Actions</th>
              </tr>
            </thead>
            <tbody>
              {codes.data.map((code) => (
                <CodeRow
                  key={code.id}
                  code={code}
                  onEdit={() => {
                    setNotice(null);
                    setReloaded(null);
                    setEditing(code.id);
                  }}
                  onToggle={() => void toggle(code)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="max-w-2xl">
        <Panel title={current ? `Edit ${current.code}` : 'New discount code'}>
          <DiscountCodeEditor
            key={`${current?.id ?? 'new'}:${stale.generation}`}
            code={current}
            reapply={current && reloaded === current.id ? stale.reapply : null}
            onReload={(reapply) => {
              setReloaded(current?.id ?? null);
              void stale.reload(reapply);
            }}
            onCancel={current ? () => setEditing(null) : undefined}
            onSaved={(saved, created) => {
              setEditing(null);
              setReloaded(null);
              setNotice({
                kind: 'success',
                text: created
                  ? `${saved.code} is created: shoppers can enter it in the basket or at checkout.`
                  : `${saved.code} is saved.`,
              });
              void refresh();
            }}
          />
        </Panel>
      </div>
    </div>
  );
}
