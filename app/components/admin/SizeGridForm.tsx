import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  variationsGridSchema,
  variationsGridValues,
  type AdminProductJson,
  type VariationsGrid,
  type VariationsGridInput,
} from '#domain/admin-catalogue.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { applyServerErrors } from '#app/components/admin/ui.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import type { EditorSession } from '#app/components/admin/editor-session.ts';

type Row = VariationsGridInput['variations'][number];
type Message = { kind: 'error' | 'success' | 'stale'; text: string } | null;

const EMPTY_ROW = {
  option: '',
  sku: '',
  price: '',
  sale_price: '',
  sale_from: '',
  sale_to: '',
  stock: '',
  made_to_order: false,
};
const FIELDS = [
  'option',
  'sku',
  'price',
  'sale_price',
  'sale_from',
  'sale_to',
  'stock',
  'made_to_order',
] as const;

/**
 * The grid as the server takes it: new rows whole, and for each size that exists only the fields
 * changed from what was loaded, so that a save never writes back a figure it did not touch (a
 * sample's stock, pieces sold meanwhile, a colleague's price). A changed stock carries the figure
 * the editor saw.
 */
export function changedGrid(loaded: AdminProductJson, grid: VariationsGridInput) {
  const before = new Map(variationsGridValues(loaded).variations.map((row) => [row.id, row]));
  const variations = grid.variations.map((row) => {
    const was = row.id === undefined ? undefined : before.get(row.id);
    if (!was) return FIELDS.reduce((out, key) => ({ ...out, [key]: row[key] }), {} as Row);
    const out: Row = { id: row.id };
    for (const key of FIELDS) if (row[key] !== was[key]) Object.assign(out, { [key]: row[key] });
    if (out.stock !== undefined) out.stock_seen = was.stock_seen;
    return out;
  });
  return { version: loaded.version, variations };
}

/** The sizes loaded that the grid no longer has. */
function removedSizes(loaded: AdminProductJson, grid: VariationsGridInput): number[] {
  const kept = new Set(grid.variations.map((row) => row.id));
  return loaded.variations.flatMap((v) => (kept.has(v.id) ? [] : [v.id]));
}

/** The sizes as they stand now, with the changes a stale save carried put back on top. */
function reapplied(
  fresh: AdminProductJson,
  changes: Row[],
  removed: number[],
): VariationsGridInput {
  const grid = variationsGridValues(fresh);
  const rows = grid.variations.filter((row) => !removed.includes(row.id!));
  for (const change of changes) {
    const row = rows.find((r) => r.id !== undefined && r.id === change.id);
    if (!row) {
      if (change.id === undefined) rows.push({ ...EMPTY_ROW, ...change });
      continue;
    }
    for (const key of FIELDS)
      if (change[key] !== undefined) Object.assign(row, { [key]: change[key] });
  }
  return { ...grid, variations: rows };
}

/** The sizes as a grid: one row per size, saved together. */
export function SizeGridForm({
  product,
  session,
}: {
  product: AdminProductJson;
  session: EditorSession;
}) {
  const [loaded, setLoaded] = useState(product);
  const [message, setMessage] = useState<Message>(
    session.reapply?.form === 'sizes'
      ? {
          kind: 'success',
          text: 'Your changes are back on top of the saved sizes: check them and save',
        }
      : null,
  );
  const form = useForm<VariationsGridInput, unknown, VariationsGrid>({
    resolver: zodResolver(variationsGridSchema),
    defaultValues:
      session.reapply?.form === 'sizes'
        ? reapplied(product, session.reapply.rows, session.reapply.removed)
        : variationsGridValues(product),
  });
  const rows = useFieldArray({ control: form.control, name: 'variations' });
  // The browser checked the rows; the server parses the same text again (pounds, not pence).
  const save = form.handleSubmit(async () => {
    setMessage(null);
    try {
      const body = changedGrid({ ...loaded, version: session.version }, form.getValues());
      const { data } = await adminFetch<{ data: AdminProductJson }>(
        `/api/admin/products/${product.id}/variations`,
        { method: 'PUT', body },
      );
      setLoaded(data);
      form.reset(variationsGridValues(data));
      session.saved(data);
      setMessage({ kind: 'success', text: 'Sizes saved' });
    } catch (error) {
      const text = applyServerErrors(form, error);
      setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text });
    }
  });
  const unitOf = (index: number) =>
    /sample/i.test(form.watch(`variations.${index}.option`) ?? '') ? 'per item' : 'per m²';
  return (
    <section aria-labelledby="sizes-heading" className="flex flex-col gap-3">
      <h2 id="sizes-heading" className="text-xl font-semibold">
        Sizes, prices and stock
      </h2>
      <Form form={form} onSubmit={save} className="flex flex-col gap-3" aria-label="Sizes">
        {message?.kind === 'stale' ? (
          <StaleSaveNotice
            noun="product"
            message={message.text}
            onReload={() => void session.reload()}
            onReapply={() =>
              void session.reload({
                form: 'sizes',
                rows: changedGrid(loaded, form.getValues()).variations,
                removed: removedSizes(loaded, form.getValues()),
              })
            }
          />
        ) : message ? (
          <FormMessage kind={message.kind}>{message.text}</FormMessage>
        ) : null}
        {rows.fields.map((row, index) => (
          <fieldset
            key={row.id}
            className="grid grid-cols-2 gap-2 rounded border border-stone-200 p-2 md:grid-cols-[2fr_1fr_1fr_1fr_1.5fr_1.5fr_1fr_auto_auto] md:items-end"
          >
            <legend className="sr-only">Size {index + 1}</legend>
            <Field
              name={`variations.${index}.option`}
              label="Size"
              className="col-span-2 md:col-span-1"
            />
            <Field name={`variations.${index}.sku`} label="SKU" />
            <Field
              name={`variations.${index}.price`}
              label={`Price £ ${unitOf(index)}`}
              inputMode="decimal"
            />
            <Field
              name={`variations.${index}.sale_price`}
              label="Sale price £"
              inputMode="decimal"
            />
            <Field
              name={`variations.${index}.sale_from`}
              type="datetime-local"
              label="Sale starts (UK time)"
            />
            <Field
              name={`variations.${index}.sale_to`}
              type="datetime-local"
              label="Sale ends (UK time)"
            />
            <Field name={`variations.${index}.stock`} label="Stock (pieces)" inputMode="numeric" />
            <CheckboxField
              name={`variations.${index}.made_to_order`}
              label="Made to order (not cancellable)"
            />
            <button
              type="button"
              className={`${secondaryButton} self-end`}
              onClick={() => rows.remove(index)}
            >
              Remove<span className="sr-only"> size {index + 1}</span>
            </button>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={() => rows.append(EMPTY_ROW)}>
            Add a size
          </button>
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
            Save sizes
          </button>
        </div>
      </Form>
    </section>
  );
}
