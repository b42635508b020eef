import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ENQUIRY_MESSAGES,
  enquirySchema,
  type Enquiry,
  type EnquiryInput,
  type EnquiryKind,
} from '#domain/enquiry.ts';
import { ApiError, apiFetch } from '../../lib/api.ts';

export type { EnquiryKind };

export interface EnquiryFormProps {
  kind: EnquiryKind;
  /** The product and size the enquiry is about, when asked from a product. */
  product?: { id: number; name: string };
  sizeOption?: string;
}

interface FieldSpec {
  name: FieldPath<EnquiryInput>;
  label: string;
  type?: 'email' | 'tel' | 'text';
  autoComplete?: string;
  multiline?: boolean;
  placeholder?: string;
}

const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
];

const CUT_FIELDS: FieldSpec[] = [
  { name: 'size', label: 'Size (mm)', placeholder: 'e.g. 900x450' },
  { name: 'thickness', label: 'Thickness', placeholder: 'e.g. 20mm' },
  { name: 'quantity', label: 'Quantity', placeholder: 'e.g. 12 pieces or 8 m²' },
  { name: 'finish', label: 'Finish', placeholder: 'e.g. honed' },
];

const MESSAGE_LABELS: Record<EnquiryKind, string> = {
  quote: 'Tell us about your project',
  cut: 'Anything else we should know? (optional)',
  'lead-time': 'Message (optional)',
};

const SUBMIT_LABELS: Record<EnquiryKind, string> = {
  quote: 'Request a quote',
  cut: 'Send cutting enquiry',
  'lead-time': 'Send lead time enquiry',
};

/**
 * A quote, cut-to-size or lead-time enquiry: validated with the schema the server uses, stored
 * and mailed to the shop, then confirmed in place of the form.
 */
export function EnquiryForm({ kind, product, sizeOption }: EnquiryFormProps) {
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnquiryInput, unknown, Enquiry>({
    resolver: zodResolver(enquirySchema),
    defaultValues: {
      kind,
      product_id: product?.id,
      size: kind === 'lead-time' ? sizeOption : '',
      message:
        kind === 'lead-time' && product
          ? `When will ${product.name}${sizeOption ? ` in ${sizeOption}` : ''} be back in stock?`
          : '',
    },
  });

  const onSubmit = handleSubmit(async (enquiry) => {
    setFailure(null);
    try {
      const answer = await apiFetch<{ message: string }>('/api/enquiries', {
        method: 'POST',
        body: enquiry,
      });
      setSent(answer.message);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields && Object.keys(fields).length > 0) {
        for (const [field, message] of Object.entries(fields)) {
          setError(field as FieldPath<EnquiryInput>, { message });
        }
      } else {
        setFailure(ENQUIRY_MESSAGES.failed);
      }
    }
  });

  if (sent) {
    return (
      <p role="status" className="rounded bg-green-50 p-4 text-green-900">
        {sent}
      </p>
    );
  }

  const fields = [
    ...(kind === 'cut' ? CUT_FIELDS : []),
    ...CONTACT_FIELDS,
    { name: 'message', label: MESSAGE_LABELS[kind], multiline: true } satisfies FieldSpec,
  ];

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {product && kind !== 'lead-time' ? (
        <p className="text-sm text-stone-600">About: {product.name}</p>
      ) : null}
      {fields.map((field) => {
        const inputId = `${id}-${field.name}`;
        const error = errors[field.name]?.message;
        const common = {
          id: inputId,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${inputId}-error` : undefined,
          className:
            'mt-1 block w-full rounded border border-stone-300 px-3 py-2 text-stone-ink focus:border-stone-ink focus:outline-none',
          ...register(field.name),
        };
        return (
          <div key={field.name}>
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-ink">
              {field.label}
            </label>
            {field.multiline ? (
              <textarea rows={4} {...common} />
            ) : (
              <input
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                {...common}
              />
            )}
            {error ? (
              <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {errors.product_id?.message ? (
        <p className="text-sm text-red-700">{errors.product_id.message}</p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isSubmitting}
        className="rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold text-white disabled:opacity-60"
      >
        {isSubmitting ? 'Sending...' : SUBMIT_LABELS[kind]}
      </button>
    </form>
  );
}
