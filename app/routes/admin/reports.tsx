import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { londonDay } from '#domain/dashboard.ts';
import {
  presetPeriod,
  salesReportQuery,
  SALES_GROUPS,
  type ReportPreset,
  type SalesGroup,
  type SalesReportJson,
  type VatReportJson,
} from '#domain/reports.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  money,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';

export function meta() {
  return [{ title: 'Reports | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

const GROUP_LABELS: Record<SalesGroup, string> = {
  day: 'By day',
  month: 'By month',
  product: 'By product',
};

const PRESETS: readonly { preset: ReportPreset; label: string }[] = [
  { preset: 'this_month', label: 'This month' },
  { preset: 'last_month', label: 'Last month' },
  { preset: 'last_quarter', label: 'Last quarter' },
];

type Choice = z.input<typeof salesReportQuery>;

/** The sales of the period, row by row, with the period's totals underneath. */
function SalesTable({ report }: { report: SalesReportJson }) {
  const byProduct = report.group === 'product';
  const cells = [
    ['Orders', (r: { orders: number }) => String(r.orders)],
    ['Gross', (r: { gross: string }) => money(r.gross)],
    ['Net', (r: { net: string }) => money(r.net)],
    ['VAT', (r: { vat: string }) => money(r.vat)],
  ] as const;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <caption className="sr-only">Sales {GROUP_LABELS[report.group].toLowerCase()}</caption>
        <thead>
          <tr>
            <th className={thClass}>
              {byProduct ? 'Product' : report.group === 'day' ? 'Day' : 'Month'}
            </th>
            {cells.map(([label]) => (
              <th key={label} className={`${thClass} text-right`}>
                {label}
              </th>
            ))}
            {byProduct ? null : (
              <>
                <th className={`${thClass} text-right`}>Refunds</th>
                <th className={`${thClass} text-right`}>Net takings</th>
              </>
            )}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className={`${tdClass} font-normal`}>
                {row.label}
              </th>
              {cells.map(([label, cell]) => (
                <td key={label} className={`${tdClass} text-right`}>
                  {cell(row)}
                </td>
              ))}
              {byProduct ? null : (
                <>
                  <td className={`${tdClass} text-right`}>{money(row.refunds ?? '0.00')}</td>
                  <td className={`${tdClass} text-right`}>{money(row.net_takings ?? '0.00')}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold">
            <th scope="row" className={tdClass}>
              Total
            </th>
            {cells.map(([label, cell]) => (
              <td key={label} className={`${tdClass} text-right`}>
                {cell(report.totals)}
              </td>
            ))}
            {byProduct ? null : (
              <>
                <td className={`${tdClass} text-right`}>{money(report.totals.refunds)}</td>
                <td className={`${tdClass} text-right`}>{money(report.totals.net_takings)}</td>
              </>
            )}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Refunds and net takings of the whole period. */
function Takings({ report }: { report: SalesReportJson }) {
  const items = [
    ['Sales (invoices, VAT included)', money(report.totals.gross)],
    [
      `Refunds (${report.totals.credit_notes} credit note${report.totals.credit_notes === 1 ? '' : 's'})`,
      money(report.totals.refunds),
    ],
    ['Net takings (after refunds)', money(report.totals.net_takings)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="rounded border border-stone-200 p-3">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="text-xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Boxes 1, 6 and 7 of the VAT return, and the documents behind them. */
function VatReturn({ report }: { report: VatReportJson }) {
  const boxes = [
    ['Box 1', 'VAT due on sales', money(report.box_1)],
    ['Box 6', 'Total sales excluding VAT (whole pounds)', `£${report.box_6}`],
    ['Box 7', 'Total purchases excluding VAT (not recorded by the shop)', `£${report.box_7}`],
  ];
  return (
    <>
      <dl className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {boxes.map(([box, label, value]) => (
          <div key={box} className="rounded border border-stone-200 p-3">
            <dt className="text-sm text-stone-600">
              <span className="font-semibold text-stone-900">{box}</span> {label}
            </dt>
            <dd className="text-xl font-semibold" data-box={box}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="mb-3 list-disc pl-5 text-sm text-stone-600">
        {report.notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
      {report.documents.length === 0 ? (
        <p>No invoices or credit notes in this period.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Invoices and credit notes of the period</caption>
            <thead>
              <tr>
                <th className={thClass}>Document</th>
                <th className={thClass}>Date</th>
                <th className={`${thClass} hidden sm:table-cell`}>Order</th>
                <th className={`${thClass} text-right`}>Net</th>
                <th className={`${thClass} text-right`}>VAT</th>
                <th className={`${thClass} hidden text-right sm:table-cell`}>Gross</th>
              </tr>
            </thead>
            <tbody>
              {report.documents.map((d) => (
                <tr key={d.number}>
                  <td className={tdClass}>
                    {d.number}
                    <span className="block text-xs text-stone-600">
                      {d.type === 'invoice' ? 'Invoice' : `Credit note on ${d.invoice}`}
                    </span>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{d.date}</td>
                  <td className={`${tdClass} hidden sm:table-cell`}>{d.order}</td>
                  <td className={`${tdClass} text-right`}>{money(d.net)}</td>
                  <td className={`${tdClass} text-right`}>{money(d.vat)}</td>
                  <td className={`${tdClass} hidden text-right sm:table-cell`}>{money(d.gross)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

/**
 * The owner's and the accountant's reports: sales, refunds and net takings of a period, the VAT
 * return's boxes with the documents behind them, and the CSV downloads. The period lives in the
 * address, so a report can be bookmarked or sent.
 */
export default function AdminReports() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const fallback = presetPeriod('this_month', londonDay(new Date()));
  const chosen = {
    from: search.get('from') ?? fallback.from,
    to: search.get('to') ?? fallback.to,
    group: (SALES_GROUPS as readonly string[]).includes(search.get('group') ?? '')
      ? (search.get('group') as SalesGroup)
      : 'day',
  };
  const period = `from=${chosen.from}&to=${chosen.to}`;
  const sales = useQuery({
    queryKey: ['admin', 'reports', 'sales', period, chosen.group],
    queryFn: async () =>
      (
        await adminFetch<{ data: SalesReportJson }>(
          `/api/admin/reports/sales?${period}&group=${chosen.group}`,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
  const vat = useQuery({
    queryKey: ['admin', 'reports', 'vat', period],
    queryFn: async () =>
      (await adminFetch<{ data: VatReportJson }>(`/api/admin/reports/vat?${period}`)).data,
    placeholderData: keepPreviousData,
  });
  const form = useForm<Choice>({
    resolver: zodResolver(salesReportQuery),
    values: chosen,
  });
  const show = (choice: { from: string; to: string; group?: string }) =>
    void navigate(
      `?${new URLSearchParams({ from: choice.from, to: choice.to, group: choice.group ?? chosen.group }).toString()}`,
    );
  const apply = form.handleSubmit((choice) => show(choice));
  const error = sales.error ?? vat.error;

  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Reports</PageHeading>
      <div className="flex flex-col gap-3">
        <div role="group" aria-label="Preset periods" className="flex flex-wrap gap-2">
          {PRESETS.map(({ preset, label }) => (
            <button
              key={preset}
              type="button"
              className={secondaryButton}
              onClick={() => show(presetPeriod(preset, londonDay(new Date())))}
            >
              {label}
            </button>
          ))}
        </div>
        <Form
          form={form}
          onSubmit={apply}
          aria-label="Choose the period"
          className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4"
        >
          <Field name="from" label="From" type="date" required />
          <Field name="to" label="To (included)" type="date" required />
          <SelectField
            name="group"
            label="Sales"
            options={SALES_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
          />
          <button type="submit" className={primaryButton}>
            Show
          </button>
        </Form>
        <p className="text-sm text-stone-600">
          London dates, both included. Sales count on the invoice&apos;s tax point (the day the
          payment arrived), refunds on their credit note&apos;s date.
        </p>
        <div className="flex flex-wrap gap-2">
          <a className={secondaryButton} href={`/api/admin/reports/orders.csv?${period}`} download>
            Download orders CSV
          </a>
          <a className={secondaryButton} href={`/api/admin/reports/vat.csv?${period}`} download>
            Download VAT documents CSV
          </a>
        </div>
      </div>
      {error ? (
        <p role="alert">{error.message}</p>
      ) : !sales.data || !vat.data ? (
        <Spinner label="Loading the reports" />
      ) : (
        <>
          <Panel title={`Sales ${chosen.from} to ${chosen.to}`}>
            <Takings report={sales.data} />
            <div className="mt-4">
              <SalesTable report={sales.data} />
            </div>
          </Panel>
          <Panel title="VAT return">
            <VatReturn report={vat.data} />
          </Panel>
        </>
      )}
    </div>
  );
}
