import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PRODUCT_DOCUMENT_KIND_LABELS,
  PRODUCT_DOCUMENT_KINDS,
  PRODUCT_DOCUMENT_TITLE_MAX_LENGTH,
  type ProductDocumentKind,
} from '#domain/product-documents.ts';
import {
  FACT_MAX_LENGTH,
  productFactsEditSchema,
  SEALING_ADVICE_MAX_LENGTH,
  type AdminProductFactsJson,
  type ProductFactsEdit,
  type ProductFactsEditInput,
} from '#domain/product-facts.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, TextAreaField } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { applyServerErrors, failureMessage } from './ui.tsx';
import { LabelledSelect } from './LabelledSelect.tsx';
import { isStaleSave } from './StaleSave.tsx';
import type { EditorSession } from './editor-session.ts';

type Message = { kind: 'error' | 'success' | 'stale'; text: string } | null;

const KIND_OPTIONS = PRODUCT_DOCUMENT_KINDS.map((kind) => ({
  value: kind,
  label: PRODUCT_DOCUMENT_KIND_LABELS[kind],
}));

const factValues = (data: AdminProductFactsJson): ProductFactsEditInput => ({ ...data.facts });

/** A save refused because someone saved first: their version is one reload away. */
function Notice({ message, session }: { message: Message; session: EditorSession }) {
  if (!message) return null;
  if (message.kind !== 'stale')
    return <FormMessage kind={message.kind}>{message.text}</FormMessage>;
  return (
    <div className="flex flex-col gap-2">
      <FormMessage kind="error">{message.text}</FormMessage>
      <button
        type="button"
        className={`${secondaryButton} self-start`}
        onClick={() => void session.reload()}
      >
        Reload the product
      </button>
    </div>
  );
}

/**
 * The product's facts (frost and slip ratings where known, sealing advice) and its documents
 * (PDFs: Declaration of Performance, CE/UKCA marking, data sheets), each saved on its own from
 * the editor's shared version.
 */
export function ProductFactsPanel({
  productId,
  session,
}: {
  productId: number;
  session: EditorSession;
}) {
  const queryClient = useQueryClient();
  // Keyed by the version: after a reload the panel reads the facts of the version reloaded. A
  // save elsewhere in the editor moves the version too: the forms stay as typed meanwhile.
  const query = useQuery({
    queryKey: ['admin', 'product', productId, 'facts', session.version],
    placeholderData: (previous) => previous,
    queryFn: async () =>
      (await adminFetch<{ data: AdminProductFactsJson }>(`/api/admin/products/${productId}/facts`))
        .data,
  });
  if (query.isError) return <FormMessage kind="error">{failureMessage(query.error)}</FormMessage>;
  if (!query.data) return <Spinner label="Loading the product's facts" />;
  const saved = (data: AdminProductFactsJson) => {
    queryClient.setQueryData(['admin', 'product', productId, 'facts', data.version], data);
    session.saved(data);
  };
  return (
    <>
      <FactsForm data={query.data} session={session} saved={saved} />
      <DocumentsForm data={query.data} session={session} saved={saved} />
    </>
  );
}

function FactsForm({
  data,
  session,
  saved,
}: {
  data: AdminProductFactsJson;
  session: EditorSession;
  saved: (data: AdminProductFactsJson) => void;
}) {
  const [message, setMessage] = useState<Message>(null);
  const form = useForm<ProductFactsEditInput, unknown, ProductFactsEdit>({
    resolver: zodResolver(productFactsEditSchema),
    defaultValues: factValues(data),
  });
  const save = form.handleSubmit(async (input) => {
    setMessage(null);
    try {
      const answer = await adminFetch<{ data: AdminProductFactsJson }>(
        `/api/admin/products/${data.id}/facts`,
        { method: 'PUT', body: { ...input, version: session.version } },
      );
      form.reset(factValues(answer.data));
      saved(answer.data);
      setMessage({ kind: 'success', text: 'Facts saved' });
    } catch (error) {
      const text = applyServerErrors(form, error);
      setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text });
    }
  });
  return (
    <section aria-labelledby="facts-heading" className="flex flex-col gap-3">
      <h2 id="facts-heading" className="text-xl font-semibold">
        Facts
      </h2>
      <p className="text-sm text-stone-600">
        Material, finish, colour and uses come from the attributes; sizes, thickness, pieces and
        weight per m² from the sizes. Leave a rating empty unless a test report states it: the
        product page shows only what is filled in.
      </p>
      <Form form={form} onSubmit={save} className="flex flex-col gap-4" aria-label="Facts">
        <Notice message={message} session={session} />
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            name="frost_resistance"
            label="Frost resistance (e.g. Frost resistant, EN 12371)"
            maxLength={FACT_MAX_LENGTH}
          />
          <Field
            name="slip_rating"
            label="Slip rating (e.g. PTV 36+ wet, R11)"
            maxLength={FACT_MAX_LENGTH}
          />
        </div>
        <TextAreaField
          name="sealing_advice"
          label="Sealing advice"
          rows={3}
          maxLength={SEALING_ADVICE_MAX_LENGTH}
        />
        <button
          type="submit"
          className={`${primaryButton} self-start`}
          disabled={form.formState.isSubmitting}
        >
          Save facts
        </button>
      </Form>
    </section>
  );
}

type DocumentRow = { id: number; title: string; kind: ProductDocumentKind; url: string };

function DocumentsForm({
  data,
  session,
  saved,
}: {
  data: AdminProductFactsJson;
  session: EditorSession;
  saved: (data: AdminProductFactsJson) => void;
}) {
  const [documents, setDocuments] = useState<DocumentRow[]>(data.documents);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<AdminProductFactsJson>, text: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await work();
      setDocuments(answer.documents);
      saved(answer);
      setMessage({ kind: 'success', text });
    } catch (error) {
      setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text: failureMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File, title: string, kind: string) =>
    run(async () => {
      const query = new URLSearchParams({ title, kind });
      const response = await fetch(`/api/admin/products/${data.id}/documents?${query}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': 'application/pdf' },
      });
      const json = await response.json();
      if (!response.ok) throw new ApiError(response.status, json);
      return json.data;
    }, 'Document added');
  const save = () =>
    run(async () => {
      const body = {
        version: session.version,
        documents: documents.map(({ id, title, kind }) => ({ id, title, kind })),
      };
      return (
        await adminFetch<{ data: AdminProductFactsJson }>(
          `/api/admin/products/${data.id}/documents`,
          { method: 'PUT', body },
        )
      ).data;
    }, 'Documents saved');
  const change = (id: number, part: Partial<DocumentRow>) =>
    setDocuments(documents.map((d) => (d.id === id ? { ...d, ...part } : d)));
  return (
    <section aria-labelledby="documents-heading" className="flex flex-col gap-3">
      <h2 id="documents-heading" className="text-xl font-semibold">
        Documents
      </h2>
      <Notice message={message} session={session} />
      {documents.length === 0 ? <p className="text-sm">No documents yet.</p> : null}
      <ol className="flex flex-col gap-2">
        {documents.map((document, index) => (
          <li
            key={document.id}
            className="flex flex-wrap items-end gap-2 rounded border border-stone-200 p-2"
          >
            <label className="flex grow flex-col gap-1 text-sm font-medium">
              Title of document {index + 1}
              <input
                className={inputClass}
                maxLength={PRODUCT_DOCUMENT_TITLE_MAX_LENGTH}
                value={document.title}
                onChange={(event) => change(document.id, { title: event.target.value })}
              />
            </label>
            <LabelledSelect
              label={`Kind of document ${index + 1}`}
              value={document.kind}
              onChange={(kind) => change(document.id, { kind: kind as ProductDocumentKind })}
              options={KIND_OPTIONS}
            />
            <a
              className="py-2 text-sm underline"
              href={document.url}
              target="_blank"
              rel="noreferrer"
            >
              Open<span className="sr-only"> document {index + 1}</span>
            </a>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setDocuments(documents.filter((d) => d.id !== document.id))}
            >
              Remove<span className="sr-only"> document {index + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void save()}>
          Save documents
        </button>
        <form
          aria-label="Upload a document"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const fields = new FormData(event.currentTarget);
            const file = fields.get('file');
            if (file instanceof File && file.size > 0) {
              void upload(file, String(fields.get('title') ?? ''), String(fields.get('kind')));
            }
            event.currentTarget.reset();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            New document (PDF, at most 10 MB)
            <input name="file" type="file" accept="application/pdf,.pdf" />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Its title
            <input
              name="title"
              className={inputClass}
              maxLength={PRODUCT_DOCUMENT_TITLE_MAX_LENGTH}
            />
          </label>
          <LabelledSelect label="Its kind" name="kind" defaultValue="dop" options={KIND_OPTIONS} />
          <button type="submit" className={secondaryButton} disabled={busy}>
            Upload document
          </button>
        </form>
      </div>
    </section>
  );
}
