import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type RowSelectionState,
} from '@tanstack/react-table';
import {
  ADMIN_SORTS,
  BULK_ACTIONS,
  bulkEditSchema,
  type BulkAction,
  type BulkPreviewJson,
} from '#domain/admin-bulk-edits.ts';
import { type AdminProductRow, type ProductStatus } from '#domain/admin-catalogue.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { failureMessage } from '#app/components/admin/ui.tsx';
import { inputClass, primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { AddProductForm } from '#app/components/admin/AddProductForm.tsx';
import { LabelledSelect } from '#app/components/admin/LabelledSelect.tsx';
import {
  ProductActionMessage,
  ProductActions,
  type ProductActionOutcome,
} from '#app/components/admin/ProductActions.tsx';

const STATUS_LABELS: Record<ProductStatus, string> = {
  publish: 'Published',
  draft: 'Draft',
  archived: 'Archived',
};

interface ListAnswer {
  data: AdminProductRow[];
  meta: { current_page: number; total_pages: number; total_products: number };
}

const SORT_LABELS: Record<(typeof ADMIN_SORTS)[number], string> = {
  'id-desc': 'Newest id first',
  'date-desc': 'Newest first',
  'date-asc': 'Oldest first',
  'id-asc': 'Oldest id first',
  'price-asc': 'Price, low to high',
  'price-desc': 'Price, high to low',
};

/** The list's trade-only filter: trade-only products are hidden from retail shoppers. */
const TRADE_ONLY_OPTIONS = [
  { value: 'true', label: 'Trade only' },
  { value: 'false', label: 'Retail too' },
];

const ACTION_LABELS: Record<BulkAction, string> = {
  price_percent: 'Change prices by a percentage',
  price_amount: 'Change prices by an amount (£)',
  set_stock: 'Set stock (pieces)',
  publish: 'Publish',
  unpublish: 'Unpublish (draft)',
};

const price = (row: AdminProductRow) => {
  if (row.min_price === null) return '—';
  const low = formatGBP(toPence(row.min_price));
  return row.max_price && row.max_price !== row.min_price
    ? `${low} – ${formatGBP(toPence(row.max_price))}`
    : low;
};

const column = createColumnHelper<AdminProductRow>();

/** The catalogue for staff: search, filter, sort and page on the server; select for bulk edits. */
export default function AdminProducts() {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(search);
  if (!params.get('per_page')) params.set('per_page', '25');
  const list = useQuery({
    queryKey: ['admin', 'products', params.toString()],
    queryFn: () => adminFetch<ListAnswer>(`/api/admin/products?${params}`),
    placeholderData: keepPreviousData,
  });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);
  const [outcome, setOutcome] = useState<ProductActionOutcome | null>(null);

  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select every product on this page"
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select ${row.original.name}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      }),
      column.accessor('name', {
        header: 'Product',
        cell: (info) => (
          <Link className="underline" to={`/admin/products/${info.row.original.id}`}>
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('sku', { header: 'SKU', cell: (info) => info.getValue() ?? '' }),
      column.accessor('status', {
        header: 'Status',
        // Trade-only products are hidden from retail shoppers: the list says so beside the status.
        cell: (info) =>
          `${STATUS_LABELS[info.getValue()]}${info.row.original.trade_only ? ' · Trade only' : ''}`,
      }),
      column.display({
        id: 'price',
        header: 'Price (per m²)',
        cell: (info) => price(info.row.original),
      }),
      column.accessor('stock', {
        header: 'Stock',
        cell: (info) => (info.getValue() === null ? '—' : String(info.getValue())),
      }),
      column.accessor('variation_count', { header: 'Sizes' }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => <ProductActions product={row.original} onOutcome={setOutcome} />,
      }),
    ],
    [],
  );

  const table = useReactTable({
    data: list.data?.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    state: { rowSelection: selection },
    onRowSelectionChange: setSelection,
    enableRowSelection: true,
  });

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setSelection({});
    setAllMatching(false);
    setSearch(next, { replace: true });
  };

  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const meta = list.data?.meta;
  const page = meta?.current_page ?? 1;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Products</h1>
      <details className="rounded border border-stone-200 p-3">
        <summary className="cursor-pointer text-sm font-medium">Add a product</summary>
        <div className="mt-3">
          <AddProductForm />
        </div>
      </details>
      <form
        role="search"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          setParam('q', String(data.get('q') ?? '').trim());
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Search name or SKU
          <input name="q" defaultValue={search.get('q') ?? ''} className={inputClass} />
        </label>
        <button type="submit" className={secondaryButton}>
          Search
        </button>
        <LabelledSelect
          label="Status"
          value={search.get('status') ?? ''}
          onChange={(value) => setParam('status', value)}
          placeholder="Any"
          options={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <LabelledSelect
          label="Sold to"
          value={search.get('trade_only') ?? ''}
          onChange={(value) => setParam('trade_only', value)}
          placeholder="Everyone"
          options={TRADE_ONLY_OPTIONS}
        />
        <LabelledSelect
          label="Sort"
          value={search.get('sort') ?? 'id-desc'}
          onChange={(value) => setParam('sort', value)}
          options={ADMIN_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
        />
      </form>

      <BulkPanel
        ids={selectedIds}
        allMatching={allMatching}
        setAllMatching={setAllMatching}
        total={meta?.total_products ?? 0}
        filter={{
          q: search.get('q') || undefined,
          status: (search.get('status') as ProductStatus | null) || undefined,
          category: search.get('category') ? Number(search.get('category')) : undefined,
          trade_only: search.get('trade_only') ? search.get('trade_only') === 'true' : undefined,
        }}
        onDone={() => {
          setSelection({});
          void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
        }}
      />

      {!list.data ? (
        <Spinner label="Loading products" />
      ) : (
        <>
          {outcome ? <ProductActionMessage outcome={outcome} /> : null}
          <p className="text-sm text-stone-600">{meta?.total_products} products</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id} className="border-b border-stone-300">
                    {group.headers.map((header) => (
                      <th key={header.id} scope="col" className="px-2 py-2 font-semibold">
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {table.getRowModel().rows.map((row) => (
                  <tr key={row.id} className="border-b border-stone-200">
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id} className="px-2 py-2">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages" className="flex items-center gap-3">
            <button
              type="button"
              className={secondaryButton}
              disabled={page <= 1}
              onClick={() => setParam('page', String(page - 1))}
            >
              Previous
            </button>
            <span className="text-sm">
              Page {page} of {Math.max(1, meta?.total_pages ?? 1)}
            </span>
            <button
              type="button"
              className={secondaryButton}
              disabled={page >= (meta?.total_pages ?? 1)}
              onClick={() => setParam('page', String(page + 1))}
            >
              Next
            </button>
          </nav>
        </>
      )}
    </div>
  );
}

interface LastEdit {
  id: number;
  summary: string;
  changes: number;
}

/** Bulk edits of the selection (or everything matching the filter): preview, apply, undo. */
function BulkPanel({
  ids,
  allMatching,
  setAllMatching,
  total,
  filter,
  onDone,
}: {
  ids: number[];
  allMatching: boolean;
  setAllMatching: (all: boolean) => void;
  total: number;
  filter: { q?: string; status?: ProductStatus; category?: number; trade_only?: boolean };
  onDone: () => void;
}) {
  const [action, setAction] = useState<BulkAction>('price_percent');
  const [value, setValue] = useState('');
  const [preview, setPreview] = useState<BulkPreviewJson | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const last = useQuery({
    queryKey: ['admin', 'bulk', 'last'],
    queryFn: async () =>
      (await adminFetch<{ data: LastEdit | null }>('/api/admin/products/bulk/last')).data,
  });
  const queryClient = useQueryClient();
  const body = { ids: allMatching ? [] : ids, all: allMatching, filter, action, value };
  const chosen = allMatching ? total : ids.length;

  const send = async (path: string, apply: boolean) => {
    setMessage(null);
    const parsed = bulkEditSchema.safeParse(body);
    if (!parsed.success) {
      setMessage({ kind: 'error', text: parsed.error.issues[0]!.message });
      return;
    }
    try {
      const answer = await adminFetch<{ data: BulkPreviewJson }>(path, { method: 'POST', body });
      setPreview(apply ? null : answer.data);
      if (apply) {
        setMessage({
          kind: 'success',
          text: `Changed ${answer.data.changes} rows of ${answer.data.products} products`,
        });
        await queryClient.invalidateQueries({ queryKey: ['admin', 'bulk', 'last'] });
        onDone();
      }
    } catch (error) {
      setMessage({
        kind: 'error',
        text: failureMessage(error),
      });
    }
  };

  const undo = async () => {
    setMessage(null);
    try {
      const answer = await adminFetch<{ data: { restored: number; skipped: unknown[] } }>(
        '/api/admin/products/bulk/undo',
        { method: 'POST' },
      );
      setMessage({
        kind: 'success',
        text: `Undone: ${answer.data.restored} rows restored${answer.data.skipped.length ? `, ${answer.data.skipped.length} skipped because they changed since` : ''}`,
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'bulk', 'last'] });
      onDone();
    } catch (error) {
      setMessage({
        kind: 'error',
        text: failureMessage(error),
      });
    }
  };

  return (
    <section
      aria-label="Bulk edit"
      className="flex flex-col gap-3 rounded border border-stone-200 p-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <p className="text-sm">{chosen} selected</p>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={allMatching}
            onChange={(event) => setAllMatching(event.target.checked)}
          />
          All {total} matching the filter
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Change
          <select
            className={`${inputClass} bg-white`}
            value={action}
            onChange={(event) => {
              setAction(event.target.value as BulkAction);
              setPreview(null);
            }}
          >
            {BULK_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        {action === 'publish' || action === 'unpublish' ? null : (
          <label className="flex flex-col gap-1 text-sm font-medium">
            By / to
            <input
              className={`${inputClass} w-28`}
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setPreview(null);
              }}
            />
          </label>
        )}
        <button
          type="button"
          className={secondaryButton}
          onClick={() => void send('/api/admin/products/bulk/preview', false)}
        >
          Preview
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={!preview}
          onClick={() => void send('/api/admin/products/bulk', true)}
        >
          Apply
        </button>
        {last.data ? (
          <button type="button" className={secondaryButton} onClick={() => void undo()}>
            Undo last bulk edit ({last.data.summary}, {last.data.changes} rows)
          </button>
        ) : null}
      </div>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      {preview ? (
        <div className="overflow-x-auto">
          <p className="text-sm">
            {preview.changes} changes to {preview.products} products
            {preview.skipped
              ? `; ${preview.skipped} left as they are (a price would fall below £0.00)`
              : ''}
          </p>
          <table className="text-left text-sm" aria-label="Preview of the bulk edit">
            <thead>
              <tr>
                <th scope="col" className="px-2">
                  Product
                </th>
                <th scope="col" className="px-2">
                  Size
                </th>
                <th scope="col" className="px-2">
                  Field
                </th>
                <th scope="col" className="px-2">
                  Before
                </th>
                <th scope="col" className="px-2">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, index) => (
                <tr key={index}>
                  <td className="px-2">{row.product}</td>
                  <td className="px-2">{row.option ?? ''}</td>
                  <td className="px-2">{row.field.replace('_', ' ')}</td>
                  <td className="px-2">{String(row.before ?? '—')}</td>
                  <td className="px-2">{String(row.after ?? '—')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
