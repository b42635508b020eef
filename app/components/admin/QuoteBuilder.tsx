// A quote for bespoke work: the customer's details and address, lines (a bespoke piece cut from
// a stone, or a size on sale, at the price staff set), delivery by the usual rules or by hand,
// the deposit and the validity. Saved as a draft the server prices, then sent with a PDF.
import { useState } from 'react';
import { useFieldArray, useForm, useFormContext, type UseFormReturn } from 'react-hook-form';
import type { SizeChoiceJson } from '#domain/api-schemas-order-tasks.ts';
import type { QuoteDrawingJson, QuoteJson } from '#domain/api-schemas-quotes.ts';
import { QUOTE_MESSAGES } from '#domain/quotes.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES } from '#domain/uploads.ts';
import type { AddressInput } from '#domain/validation.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { ApiError, uploadFile } from '#app/lib/api.ts';
import { AddressFields, blankAddress } from '#app/components/forms/AddressFields.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { Field, SelectField, TextAreaField } from '#app/components/forms/Field.tsx';
import { Form } from '#app/components/forms/Form.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { failureMessage, formProblem, Panel } from './ui.tsx';
import { SizeFinder } from './Finder.tsx';
import { QuoteSummary } from './QuoteSummary.tsx';

interface LineValues {
  kind: 'bespoke' | 'catalogue';
  name: string;
  product_id: number;
  variation_id: number;
  thickness_mm: string;
  length_mm: string;
  width_mm: string;
  /** The drawing uploaded for a bespoke piece, and the name it downloads as. */
  drawing_id: number | null;
  drawing_name: string;
  edge_profile: string;
  finish: string;
  cutouts: string;
  cutout_price: string;
  pieces: string;
  pricing: 'm2' | 'piece';
  unit_price: string;
}

export interface QuoteValues {
  size_q: string;
  enquiry_id: number | null;
  address: Required<AddressInput>;
  valid_days: string;
  deposit_percent: string;
  manual_delivery: string;
  notes: string;
  lines: LineValues[];
}

/** What a new quote starts from: blank, or the details of the enquiry it answers. */
export function blankQuote(from?: {
  id: number;
  name: string;
  email: string;
  phone: string | null;
}): QuoteValues {
  const [first, ...rest] = (from?.name ?? '').split(' ');
  return {
    size_q: '',
    enquiry_id: from?.id ?? null,
    address: {
      ...blankAddress(from?.email ?? ''),
      first_name: first ?? '',
      last_name: rest.join(' '),
      phone: from?.phone ?? '',
    },
    valid_days: '30',
    deposit_percent: '30',
    manual_delivery: '',
    notes: '',
    lines: [],
  };
}

/** The form filled from a saved draft, to edit it. */
export function quoteValues(quote: QuoteJson): QuoteValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    size_q: '',
    enquiry_id: quote.enquiry_id,
    address: { ...blankAddress(), ...(quote.address as Partial<Required<AddressInput>>) },
    valid_days: String(quote.valid_days),
    deposit_percent: String(quote.deposit_percent),
    manual_delivery: quote.delivery.manual ? quote.delivery.price : '',
    notes: quote.notes ?? '',
    lines: quote.lines.map((line) => ({
      kind: line.kind,
      name: line.name,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      thickness_mm: text(line.thickness_mm),
      length_mm: text(line.length_mm),
      width_mm: text(line.width_mm),
      drawing_id: line.drawing?.id ?? null,
      drawing_name: line.drawing?.file_name ?? '',
      edge_profile: line.edge_profile ?? '',
      finish: line.finish ?? '',
      cutouts: String(line.cutouts),
      cutout_price: line.cutout_price,
      pieces: String(line.pieces),
      pricing: line.pricing,
      unit_price: line.unit_price,
    })),
  };
}

/** The form's values as the API takes them: numbers typed as text sent as numbers. */
function body(values: QuoteValues, version: number | undefined) {
  const n = (text: string) => (text.trim() === '' ? NaN : Number(text));
  // A piece cut to its drawing may leave its measurements blank.
  const side = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    address: values.address,
    enquiry_id: values.enquiry_id,
    valid_days: n(values.valid_days),
    deposit_percent: n(values.deposit_percent),
    manual_delivery: values.manual_delivery.trim() === '' ? null : values.manual_delivery.trim(),
    notes: values.notes,
    version,
    lines: values.lines.map((line) =>
      line.kind === 'catalogue'
        ? {
            kind: 'catalogue',
            variation_id: line.variation_id,
            pieces: n(line.pieces),
            pricing: line.pricing,
            unit_price: line.unit_price,
          }
        : {
            kind: 'bespoke',
            product_id: line.product_id,
            thickness_mm: n(line.thickness_mm),
            length_mm: side(line.length_mm),
            width_mm: side(line.width_mm),
            drawing_id: line.drawing_id,
            edge_profile: line.edge_profile,
            finish: line.finish,
            cutouts: n(line.cutouts),
            cutout_price: line.cutout_price || '0',
            pieces: n(line.pieces),
            pricing: line.pricing,
            unit_price: line.unit_price,
          },
    ),
  };
}

const PRICING = [
  { value: 'm2', label: 'Per m²' },
  { value: 'piece', label: 'Per piece' },
];

function LineFields({ line, i }: { line: LineValues; i: number }) {
  const at = (field: keyof LineValues) => `lines.${i}.${field}`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      {line.kind === 'bespoke' ? (
        <>
          <Field name={at('length_mm')} label="Length (mm)" inputMode="numeric" />
          <Field name={at('width_mm')} label="Width (mm)" inputMode="numeric" />
          <Field name={at('thickness_mm')} label="Thickness (mm)" inputMode="numeric" />
          <Field name={at('edge_profile')} label="Edge profile" />
          <Field name={at('finish')} label="Finish" />
          <Field name={at('cutouts')} label="Cut-outs per piece" inputMode="numeric" />
          <Field name={at('cutout_price')} label="Price per cut-out (£)" inputMode="decimal" />
          <DrawingField i={i} />
        </>
      ) : null}
      <Field name={at('pieces')} label="Pieces" inputMode="numeric" />
      <SelectField name={at('pricing')} label="Priced" options={PRICING} />
      <Field name={at('unit_price')} label="Unit price (£, VAT included)" inputMode="decimal" />
    </div>
  );
}

/** A bespoke line's drawing: uploaded as it is chosen, named on the line, or taken off it. */
function DrawingField({ i }: { i: number }) {
  const { setValue, watch } = useFormContext<QuoteValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const [id, name] = [watch(`lines.${i}.drawing_id`), watch(`lines.${i}.drawing_name`)];
  const attach = (drawing: { id: number; file_name: string } | null) => {
    setValue(`lines.${i}.drawing_id`, drawing?.id ?? null, { shouldDirty: true });
    setValue(`lines.${i}.drawing_name`, drawing?.file_name ?? '', { shouldDirty: true });
  };
  const upload = async (file: File) => {
    setProblem(null);
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem(QUOTE_MESSAGES.drawingTooLarge);
    try {
      const path = `/api/admin/quotes/drawings?file_name=${encodeURIComponent(file.name)}`;
      attach((await uploadFile<{ data: QuoteDrawingJson }>(path, file)).data);
    } catch (error) {
      const tooLarge = error instanceof ApiError && error.status === 413;
      setProblem(tooLarge ? QUOTE_MESSAGES.drawingTooLarge : failureMessage(error));
    }
  };
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex flex-col gap-1">
        <span>Drawing (PDF or image), instead of or beside the size</span>
        <input
          type="file"
          accept={DOCUMENT_CONTENT_TYPES.join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
      </label>
      {id !== null ? (
        <span className="flex flex-wrap items-center gap-2">
          Drawing:{' '}
          <a className="underline" href={`/api/admin/quotes/drawings/${id}`} download={name}>
            {name}
          </a>
          <button type="button" className="underline" onClick={() => attach(null)}>
            Take the drawing off
          </button>
        </span>
      ) : null}
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
    </div>
  );
}

/** Builds a new quote, or edits the draft given; answers the priced quote to `onSaved`. */
export function QuoteBuilder({
  start,
  draft,
  onSaved,
}: {
  start: QuoteValues;
  draft: QuoteJson | null;
  onSaved: (quote: QuoteJson) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [priced, setPriced] = useState<QuoteJson | null>(draft);
  const form: UseFormReturn<QuoteValues> = useForm<QuoteValues>({ defaultValues: start });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const path = priced ? `/api/admin/quotes/${priced.number}` : '/api/admin/quotes';
      const saved = await adminFetch<{ data: QuoteJson }>(path, {
        method: priced ? 'PUT' : 'POST',
        body: body(values, priced?.version),
      });
      setPriced(saved.data);
      onSaved(saved.data);
    } catch (error) {
      setProblem(formProblem(form, error));
    }
  });
  const add = (size: SizeChoiceJson, kind: LineValues['kind']) =>
    lines.append({
      kind,
      name: kind === 'bespoke' ? `${size.product}, cut to size` : `${size.product}, ${size.size}`,
      product_id: size.product_id,
      variation_id: size.variation_id,
      thickness_mm: '',
      length_mm: '',
      width_mm: '',
      drawing_id: null,
      drawing_name: '',
      edge_profile: '',
      finish: '',
      cutouts: '0',
      cutout_price: '',
      pieces: '1',
      pricing: kind === 'bespoke' ? 'm2' : 'piece',
      unit_price: kind === 'bespoke' ? '' : size.price,
    });
  const title = priced
    ? `Quote ${priced.number} (revision ${priced.revision}), draft`
    : 'New quote';
  return (
    <Panel title={title}>
      <Form
        form={form}
        onSubmit={submit}
        errors="list"
        aria-label={title}
        className="flex flex-col gap-4"
      >
        <FormErrorList />
        {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
        <AddressFields prefix="address" section="shipping" />
        <SizeFinder
          label="Stone or size (product name or SKU)"
          button="Find stone"
          none="No stone on sale matches."
          listLabel="Stones found"
          actions={[
            {
              text: 'Bespoke piece',
              label: (size) => `Add a bespoke piece of ${size.product}`,
              add: (size) => add(size, 'bespoke'),
            },
            {
              text: 'This size',
              label: (size) => `Add ${size.product}, ${size.size}`,
              add: (size) => add(size, 'catalogue'),
            },
          ]}
        />
        {lines.fields.length ? (
          <ul aria-label="Quote lines" className="flex flex-col gap-4">
            {lines.fields.map((field, i) => (
              <li key={field.id} className="flex flex-col gap-2 border-b border-stone-200 pb-3">
                <span className="text-sm font-semibold">{field.name}</span>
                <LineFields line={field} i={i} />
                <button
                  type="button"
                  className={`${secondaryButton} self-start`}
                  onClick={() => lines.remove(i)}
                >
                  Remove line
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">No lines yet: find a stone and add a bespoke piece or a size.</p>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <Field
            name="manual_delivery"
            label="Delivery (£), blank for the usual rules"
            inputMode="decimal"
          />
          <Field name="deposit_percent" label="Deposit (%), 0 to pay in full" inputMode="numeric" />
          <Field name="valid_days" label="Valid for (days)" inputMode="numeric" />
        </div>
        <TextAreaField name="notes" label="Notes for the customer" />
        <button
          type="submit"
          className={`${primaryButton} self-start`}
          disabled={form.formState.isSubmitting}
        >
          Save draft and price it
        </button>
      </Form>
      {priced ? <QuoteSummary key={priced.version} quote={priced} /> : null}
    </Panel>
  );
}
