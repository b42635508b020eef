import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  deliveryPreviewFormSchema,
  type DeliveryPreviewForm,
  type DeliveryPreviewJson,
  type DeliverySettingsValue,
} from '#domain/api-schemas-settings-delivery.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { applyServerErrors, money } from '#app/components/admin/ui.tsx';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';

type Output = { postcode: string; pieces: number[] };

/** The sample basket's lines: what the last preview priced, the pieces the form may change. */
interface SampleLine {
  variationId: number;
  label: string;
}

function Figures({ preview }: { preview: DeliveryPreviewJson }) {
  const { delivery, totals } = preview;
  return (
    <div className="flex flex-col gap-3 text-sm" aria-live="polite">
      <p>
        <strong>{preview.postcode}</strong>: {preview.zone?.name ?? 'no zone'}
        {preview.method ? `, by ${preview.method}` : ''} ({delivery.weight_kg} kg)
      </p>
      {preview.deliverable ? null : (
        <FormMessage kind="error">{preview.message ?? 'Not delivered'}</FormMessage>
      )}
      {preview.surcharge ? <p>{preview.surcharge.text}</p> : null}
      {delivery.options.length > 0 ? (
        <dl aria-label="Delivery options in preview" className="flex flex-col gap-1">
          {delivery.options.map((option) => (
            <div key={option.id} className="flex justify-between gap-3">
              <dt>
                {option.label}{' '}
                <span className="text-stone-600">
                  ({option.estimate.min_days}–{option.estimate.max_days} working days)
                </span>
              </dt>
              <dd className="font-semibold">{money(option.price)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <ul aria-label="Lines in preview" className="flex flex-col gap-1 border-t pt-2">
        {preview.lines.map((line) => (
          <li key={line.variation_id} className="flex justify-between gap-3">
            <span>
              {line.pieces} × {line.name} ({line.size})
            </span>
            <span>{money(line.total.gross)}</span>
          </li>
        ))}
      </ul>
      <dl aria-label="Totals in preview" className="flex flex-col gap-1 border-t pt-2">
        <div className="flex justify-between">
          <dt>Goods</dt>
          <dd>{money(totals.goods.gross)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd>{preview.price === null ? '—' : money(preview.price)}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Total</dt>
          <dd>{money(totals.total.gross)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * The preview beside the settings: a sample basket priced for a postcode with the values on the
 * screen, not saved yet, by the same rules checkout charges with once they are saved.
 */
export function DeliveryPreview({
  settings,
}: {
  /** The screen's values, checked; null (with the fields marked) when they do not pass. */
  settings: () => Promise<DeliverySettingsValue | null>;
}) {
  const [lines, setLines] = useState<SampleLine[]>([]);
  const [preview, setPreview] = useState<DeliveryPreviewJson | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<DeliveryPreviewForm, unknown, Output>({
    resolver: zodResolver(deliveryPreviewFormSchema),
    defaultValues: { postcode: 'IV2 3JH', pieces: [] },
  });
  const onSubmit = form.handleSubmit(async ({ postcode, pieces }) => {
    setProblem(null);
    const value = await settings();
    if (!value) {
      setProblem('Correct the marked settings to preview them');
      return;
    }
    try {
      const body = {
        value,
        postcode,
        ...(lines.length > 0
          ? { lines: lines.map((l, i) => ({ variation_id: l.variationId, quantity: pieces[i]! })) }
          : {}),
      };
      const { data } = await adminFetch<{ data: DeliveryPreviewJson }>(
        '/api/admin/settings/delivery/preview',
        { method: 'POST', body },
      );
      setPreview(data);
      setLines(
        data.lines.map((l) => ({ variationId: l.variation_id, label: `${l.name} (${l.size})` })),
      );
      form.setValue(
        'pieces',
        data.lines.map((l) => String(l.pieces)),
      );
    } catch (error) {
      setProblem(applyServerErrors(form, error));
    }
  });
  return (
    <section
      aria-labelledby="preview-heading"
      className="flex flex-col gap-3 rounded border border-stone-300 bg-stone-50 p-4"
    >
      <h2 id="preview-heading" className="text-xl font-semibold">
        Preview
      </h2>
      <p className="text-sm text-stone-600">
        Prices a sample basket with the values on this screen before you save them: what checkout
        would charge.
      </p>
      <Form form={form} onSubmit={onSubmit} aria-label="Preview" className="flex flex-col gap-3">
        <Field name="postcode" label="Postcode to preview" autoComplete="off" />
        {lines.map((line, i) => (
          <Field
            key={line.variationId}
            name={`pieces.${i}`}
            label={`Pieces of ${line.label}`}
            inputMode="numeric"
          />
        ))}
        <button type="submit" className={`${secondaryButton} self-start`}>
          Preview delivery
        </button>
      </Form>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {preview ? <Figures preview={preview} /> : null}
    </section>
  );
}
