import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerGroupJson, PriceRuleJson } from '#domain/api-schemas-price-lists.ts';
import { instantToLondonMinute } from '#domain/sale-price.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { ErrorList } from '#app/components/forms/ErrorList.tsx';
import {
  failureMessage,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [{ title: 'Price lists | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

const KEY = ['admin', 'price-lists'] as const;

/** A rule as its row's inputs hold it: every field text, as typed. */
interface RuleRow {
  kind: 'category_percent' | 'size_price';
  target: string;
  amount: string;
  price_entered: 'inc_vat' | 'ex_vat';
  starts_at: string;
  ends_at: string;
}

const minute = (iso: string | null) => (iso ? instantToLondonMinute(new Date(iso)) : '');

const rowOf = (rule: PriceRuleJson): RuleRow => ({
  kind: rule.kind,
  target: String(rule.kind === 'category_percent' ? rule.category_id : rule.variation_id),
  amount: (rule.kind === 'category_percent' ? rule.percent_off : rule.price) ?? '',
  price_entered: 'inc_vat',
  starts_at: minute(rule.starts_at),
  ends_at: minute(rule.ends_at),
});

const bodyOf = (row: RuleRow) => ({
  kind: row.kind,
  ...(row.kind === 'category_percent'
    ? { category_id: Number(row.target) || null, percent_off: row.amount }
    : { variation_id: Number(row.target) || null, price: row.amount }),
  price_entered: row.price_entered,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
});

const problems = (error: unknown): string[] =>
  error instanceof ApiError && error.fields
    ? Object.entries(error.fields).map(([field, message]) => `${field}: ${message}`)
    : [failureMessage(error)];

/** One group: its name, ex-VAT display and price list, saved whole from the version loaded. */
function GroupEditor({ group }: { group: CustomerGroupJson }) {
  const client = useQueryClient();
  const [name, setName] = useState(group.name);
  const [exVat, setExVat] = useState(group.show_ex_vat);
  const [rows, setRows] = useState<RuleRow[]>(group.rules.map(rowOf));
  const [errors, setErrors] = useState<string[]>([]);
  const set = (i: number, change: Partial<RuleRow>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...change } : row)));
  const save = async () => {
    setErrors([]);
    try {
      await adminFetch(`/api/admin/price-lists/${group.id}`, {
        method: 'PUT',
        body: { name, show_ex_vat: exVat, version: group.version, rules: rows.map(bodyOf) },
      });
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      setErrors(problems(error));
    }
  };
  return (
    <Panel title={`${group.name} (${group.members} customers)`}>
      <div className="flex flex-col gap-3 text-sm">
        <ErrorList messages={errors} />
        <label className="flex flex-col gap-1">
          Group name
          <input className="border p-1" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="flex gap-2">
          <input type="checkbox" checked={exVat} onChange={(e) => setExVat(e.target.checked)} />
          Members see prices ex VAT first
        </label>
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <thead>
              <tr>
                {[
                  'Rule',
                  'Category or size id',
                  '% off or price (£)',
                  'Price typed',
                  'Starts',
                  'Ends',
                  '',
                ].map((h) => (
                  <th key={h} className={thClass}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <td className={tdClass}>
                    <select
                      aria-label="Rule"
                      value={row.kind}
                      onChange={(e) => set(i, { kind: e.target.value as RuleRow['kind'] })}
                    >
                      <option value="category_percent">% off a category</option>
                      <option value="size_price">Price of a size</option>
                    </select>
                  </td>
                  {(['target', 'amount'] as const).map((field) => (
                    <td key={field} className={tdClass}>
                      <input
                        aria-label={field === 'target' ? 'Category or size id' : 'Amount'}
                        className="w-24 border p-1"
                        value={row[field]}
                        onChange={(e) => set(i, { [field]: e.target.value })}
                      />
                    </td>
                  ))}
                  <td className={tdClass}>
                    <select
                      aria-label="Price typed"
                      value={row.price_entered}
                      onChange={(e) =>
                        set(i, { price_entered: e.target.value as RuleRow['price_entered'] })
                      }
                    >
                      <option value="inc_vat">inc VAT</option>
                      <option value="ex_vat">ex VAT</option>
                    </select>
                  </td>
                  {(['starts_at', 'ends_at'] as const).map((field) => (
                    <td key={field} className={tdClass}>
                      <input
                        type="datetime-local"
                        aria-label={field === 'starts_at' ? 'Starts' : 'Ends'}
                        value={row[field]}
                        onChange={(e) => set(i, { [field]: e.target.value })}
                      />
                    </td>
                  ))}
                  <td className={tdClass}>
                    <button
                      type="button"
                      className="underline"
                      onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex gap-4">
          <button
            type="button"
            className="underline"
            onClick={() =>
              setRows((all) => [
                ...all,
                {
                  kind: 'category_percent',
                  target: '',
                  amount: '',
                  price_entered: 'inc_vat',
                  starts_at: '',
                  ends_at: '',
                },
              ])
            }
          >
            Add a rule
          </button>
          <button type="button" className="font-semibold underline" onClick={() => void save()}>
            Save {group.name}
          </button>
        </div>
      </div>
    </Panel>
  );
}

/** Customer groups and their price lists. */
export default function AdminPriceLists() {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const groups = useQuery({
    queryKey: KEY,
    queryFn: async () =>
      (await adminFetch<{ data: CustomerGroupJson[] }>('/api/admin/price-lists')).data,
  });
  const create = async () => {
    setErrors([]);
    try {
      await adminFetch('/api/admin/price-lists', { method: 'POST', body: { name } });
      setName('');
      await client.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      setErrors(problems(error));
    }
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Price lists</PageHeading>
      {groups.error ? <p role="alert">{groups.error.message}</p> : null}
      {!groups.data && !groups.error ? <Spinner label="Loading price lists" /> : null}
      {groups.data?.map((g) => (
        <GroupEditor key={`${g.id}-${g.version}`} group={g} />
      ))}
      <Panel title="New group">
        <div className="flex flex-col gap-2 text-sm">
          <ErrorList messages={errors} />
          <label className="flex flex-col gap-1">
            Group name
            <input className="border p-1" value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="button" className="underline" onClick={() => void create()}>
            Create group
          </button>
        </div>
      </Panel>
    </div>
  );
}
