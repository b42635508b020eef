import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isJobDone, type AdminJobJson } from '#domain/admin-jobs.ts';
import type { ApiErrorBody } from '#domain/api-types.ts';
import { ApiError } from '#app/lib/api.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { PageHeading, Panel, tableClass, tdClass, thClass } from '#app/components/admin/ui.tsx';

export function meta() {
  return [
    { title: 'Import products | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** How often a running job's progress is read. */
const PROGRESS_POLL_MS = 500;

/** Sends the file as the raw CSV body: the server streams it to disk. */
async function uploadCsv(file: File, dryRun: boolean, inferUnits: boolean): Promise<AdminJobJson> {
  const query = new URLSearchParams({
    dry_run: String(dryRun),
    infer_units: String(inferUnits),
    file_name: file.name,
  });
  const response = await fetch(`/api/admin/imports?${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'text/csv' },
    body: file,
  });
  const json = (await response.json().catch(() => null)) as
    { data: AdminJobJson } | ApiErrorBody | null;
  if (!response.ok) throw new ApiError(response.status, json as ApiErrorBody | null);
  return (json as { data: AdminJobJson }).data;
}

function JobReport({ jobId }: { jobId: number }) {
  const job = useQuery({
    queryKey: ['admin', 'job', jobId],
    queryFn: () => adminFetch<{ data: AdminJobJson }>(`/api/admin/jobs/${jobId}`),
    refetchInterval: (query) =>
      query.state.data && isJobDone(query.state.data.data) ? false : PROGRESS_POLL_MS,
  });
  const progressId = useId();
  const data = job.data?.data;
  if (job.error) return <p role="alert">{job.error.message}</p>;
  if (!data) return null;
  const total = data.total_rows ?? 0;
  const heading = data.dry_run ? 'Dry run' : 'Import';
  const state =
    data.status === 'finished'
      ? `${heading} finished`
      : data.status === 'failed'
        ? `${heading} failed`
        : `${heading} running`;
  return (
    <Panel title={`${state}: ${data.file_name ?? ''}`}>
      <label htmlFor={progressId} className="block text-sm">
        Rows processed: {data.processed_rows} of {data.total_rows ?? '…'}
      </label>
      <progress
        id={progressId}
        className="my-2 w-full"
        max={Math.max(total, 1)}
        value={data.processed_rows}
      />
      <dl className="my-3 grid grid-cols-3 gap-2 text-sm" aria-live="polite">
        <div>
          <dt>{data.dry_run ? 'Would create' : 'Created'}</dt>
          <dd className="text-lg font-semibold">{data.created}</dd>
        </div>
        <div>
          <dt>{data.dry_run ? 'Would update' : 'Updated'}</dt>
          <dd className="text-lg font-semibold">{data.updated}</dd>
        </div>
        <div>
          <dt>Skipped (unchanged)</dt>
          <dd className="text-lg font-semibold">{data.skipped}</dd>
        </div>
      </dl>
      {data.errors.length > 0 && (
        <>
          <table className={tableClass}>
            <caption className="py-2 text-left font-semibold">Problems by row</caption>
            <thead>
              <tr>
                <th className={thClass}>Row</th>
                <th className={thClass}>SKU</th>
                <th className={thClass}>Field</th>
                <th className={thClass}>Message</th>
              </tr>
            </thead>
            <tbody>
              {data.errors.map((problem, index) => (
                <tr key={index}>
                  <td className={tdClass}>{problem.row}</td>
                  <td className={tdClass}>{problem.sku}</td>
                  <td className={tdClass}>{problem.field}</td>
                  <td className={tdClass}>
                    {problem.severity === 'warning' ? 'Warning: ' : ''}
                    {problem.message}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2">
            <a className="underline" href={`/api/admin/jobs/${data.id}/errors.csv`} download>
              Download the problems as CSV
            </a>
          </p>
        </>
      )}
    </Panel>
  );
}

/** WooCommerce product CSV: dry run, import with progress and a report, and the export. */
export default function AdminImport() {
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [inferUnits, setInferUnits] = useState(false);
  const fileId = useId();
  const start = async (dryRun: boolean) => {
    if (!file) {
      setError('Choose a CSV file to import');
      return;
    }
    setError(null);
    setSending(true);
    try {
      setJobId((await uploadCsv(file, dryRun, inferUnits)).id);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'The upload failed');
    } finally {
      setSending(false);
    }
  };
  return (
    <div>
      <PageHeading
        aside={
          <a className={secondaryButton} href="/api/admin/exports/products.csv" download>
            Export products (CSV)
          </a>
        }
      >
        Import products
      </PageHeading>
      <p className="mb-4 max-w-prose text-sm">
        A product CSV from WooCommerce (Products → Export). Rows are matched by SKU: run a dry run
        first to see what would be created and updated, then import.
      </p>
      <form
        aria-label="Import products"
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={error ? `${fileId}-error` : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={inferUnits}
            onChange={(event) => setInferUnits(event.target.checked)}
          />
          Infer units from names (“per litre”, “each”) for rows without a unit
        </label>
        <button
          type="button"
          className={secondaryButton}
          disabled={sending}
          onClick={() => void start(true)}
        >
          Dry run
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={sending}
          onClick={() => void start(false)}
        >
          Import
        </button>
      </form>
      {error && (
        <p id={`${fileId}-error`} role="alert" className="mb-4 text-red-800">
          {error}
        </p>
      )}
      {jobId !== null && <JobReport key={jobId} jobId={jobId} />}
    </div>
  );
}
