import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '#domain/zod.ts';
import { tradeApplicationInputSchema, type MyTradeStatusJson } from '#domain/api-schemas-trade.ts';
import {
  EVIDENCE_CONTENT_TYPES,
  EVIDENCE_MAX_BYTES,
  TRADE_LABELS,
  TRADE_MESSAGES,
  TRADES,
} from '#domain/trade-applications.ts';
import { ApiError, apiFetch, uploadFile } from '#app/lib/api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { ErrorList, FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';

/** The form's fields: the evidence is the file input's, uploaded as the form is sent. */
const formSchema = tradeApplicationInputSchema.omit({ evidence_id: true });
type FormInput = z.input<typeof formSchema>;

async function uploadEvidence(file: File): Promise<number> {
  return (await uploadFile<{ data: { id: number } }>('/api/trade/applications/evidence', file)).data
    .id;
}

/** The trade account application (company, registers, trade, address and evidence). */
export function TradeApplicationForm({ onSent }: { onSent: (status: MyTradeStatusJson) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { trade: 'tiler' },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    setProblems([]);
    if (!file) return setProblems([TRADE_MESSAGES.evidenceRequired]);
    if (file.size > EVIDENCE_MAX_BYTES) return setProblems([TRADE_MESSAGES.evidenceTooLarge]);
    try {
      const evidenceId = await uploadEvidence(file);
      await apiFetch('/api/trade/applications', {
        method: 'POST',
        body: { ...input, evidence_id: evidenceId },
      });
      onSent((await apiFetch<{ data: MyTradeStatusJson }>('/api/trade/application')).data);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 413) {
        return setProblems([TRADE_MESSAGES.evidenceTooLarge]);
      }
      setProblems([
        ...Object.values(failure instanceof ApiError ? (failure.fields ?? {}) : {}),
        ...(failure instanceof ApiError && failure.fields
          ? []
          : [String((failure as Error).message)]),
      ]);
    }
  });
  return (
    <Form form={form} onSubmit={onSubmit} errors="list" aria-label="Trade account application">
      <div className="flex max-w-xl flex-col gap-4">
        <FormErrorList />
        <ErrorList messages={problems} />
        <Field
          name="company"
          label="Company or trading name"
          required
          autoComplete="organization"
        />
        <Field name="company_number" label="Companies House number (if a company)" />
        <Field name="vat_number" label="VAT number (if VAT registered)" />
        <SelectField
          name="trade"
          label="Your trade"
          required
          options={TRADES.map((t) => ({ value: t, label: TRADE_LABELS[t] }))}
        />
        <Field
          name="address_line_1"
          label="Business address"
          required
          autoComplete="address-line1"
        />
        <Field name="address_line_2" label="Address line 2" autoComplete="address-line2" />
        <Field name="town" label="Town or city" required autoComplete="address-level2" />
        <Field name="postcode" label="Postcode" required autoComplete="postal-code" />
        <label className="flex flex-col gap-1 text-sm">
          <span>
            Evidence of your trade: letterhead, invoice or trade card (PDF or image, up to 8 MB)
          </span>
          <input
            type="file"
            name="evidence"
            accept={EVIDENCE_CONTENT_TYPES.join(',')}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          Apply for a trade account
        </button>
      </div>
    </Form>
  );
}
