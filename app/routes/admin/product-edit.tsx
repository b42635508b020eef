import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useController, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { IMAGE_ALT_MAX_LENGTH, UPLOAD_CONTENT_TYPES } from '#domain/admin-images.ts';
import {
  productEditSchema,
  productEditValues,
  type AdminProductJson,
  type ProductEdit,
  type ProductEditInput,
} from '#domain/admin-catalogue.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { ApiError } from '#app/lib/api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { CheckboxField, Field, SelectField, TextAreaField } from '#app/components/forms/Field.tsx';
import { SELLING_UNIT_NAMES, SELLING_UNITS } from '#domain/selling-unit.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { applyServerErrors, failureMessage } from '#app/components/admin/ui.tsx';
import { SizeGridForm } from '#app/components/admin/SizeGridForm.tsx';
import { ProductFactsPanel } from '#app/components/admin/ProductFactsPanel.tsx';
import { ProductActions } from '#app/components/admin/ProductActions.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import {
  changedFields,
  useStaleReload,
  type EditorSession,
  type Reapply,
} from '#app/components/admin/editor-session.ts';

interface Taxonomy {
  categories: { id: number; name: string; section: string }[];
  terms: { id: number; attribute: string; name: string }[];
}

type Message = { kind: 'error' | 'success'; text: string } | null;
type StaleMessage = { kind: 'error' | 'success' | 'stale'; text: string } | null;

/** The product editor: its fields, then its sizes as a grid, each saved on its own. */
export default function AdminProductEdit() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const product = useQuery({
    queryKey: ['admin', 'product', id],
    queryFn: async () =>
      (await adminFetch<{ data: AdminProductJson }>(`/api/admin/products/${id}`)).data,
  });
  const taxonomy = useQuery({
    queryKey: ['admin', 'taxonomy'],
    queryFn: async () =>
      (await adminFetch<{ data: Taxonomy }>('/api/admin/products/taxonomy')).data,
    staleTime: 60_000,
  });
  const queryClient = useQueryClient();
  // The version this editor's saves are made from: moved on by its own saves and by a reload,
  // never by a background refetch, so a colleague's save in between is refused, not overwritten.
  const [version, setVersion] = useState<number | null>(null);
  const { generation, reapply, reload } = useStaleReload<Reapply>(async () => {
    const fresh = await product.refetch();
    if (fresh.data) setVersion(fresh.data.version);
  });
  if (product.isError) {
    return <FormMessage kind="error">Product not found</FormMessage>;
  }
  if (!product.data || !taxonomy.data) return <Spinner label="Loading the product" />;
  const session: EditorSession = {
    version: version ?? product.data.version,
    saved: (data) => {
      setVersion(data.version);
      queryClient.setQueryData(['admin', 'product', id], data);
    },
    reload,
    reapply,
  };
  return (
    <div className="flex flex-col gap-8">
      <p>
        <Link className="underline" to="/admin/products">
          ← Products
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{product.data.name}</h1>
      <ProductActions
        product={{ ...product.data, version: session.version }}
        onChanged={(changed) => {
          // The forms start again from the product as it is now (its status, its version).
          if (changed) void reload();
          else void navigate('/admin/products');
        }}
      />
      <div key={generation} className="flex flex-col gap-8">
        <ProductForm product={product.data} taxonomy={taxonomy.data} session={session} />
        <ImagesForm product={product.data} session={session} />
        <SizeGridForm product={product.data} session={session} />
        <ProductFactsPanel productId={id} session={session} />
      </div>
    </div>
  );
}

function ProductForm({
  product,
  taxonomy,
  session,
}: {
  product: AdminProductJson;
  taxonomy: Taxonomy;
  session: EditorSession;
}) {
  const reapplying = session.reapply?.form === 'product' ? session.reapply.values : null;
  const [message, setMessage] = useState<StaleMessage>(
    reapplying
      ? {
          kind: 'success',
          text: 'Your changes are back on top of the saved product: check and save',
        }
      : null,
  );
  const form = useForm<ProductEditInput, unknown, ProductEdit>({
    resolver: zodResolver(productEditSchema),
    defaultValues: { ...productEditValues(product), ...reapplying },
  });
  const save = form.handleSubmit(async (input) => {
    setMessage(null);
    try {
      const { data } = await adminFetch<{ data: AdminProductJson }>(
        `/api/admin/products/${product.id}`,
        { method: 'PUT', body: { ...input, version: session.version } },
      );
      session.saved(data);
      form.reset(productEditValues(data));
      setMessage({ kind: 'success', text: 'Product saved' });
    } catch (error) {
      const text = applyServerErrors(form, error);
      setMessage({ kind: isStaleSave(error) ? 'stale' : 'error', text });
    }
  });
  /** The fields this form changed, to put back over a colleague's save. */
  const changed = () => changedFields(form.getValues(), productEditValues(product));
  const sections = [...new Set(taxonomy.categories.map((c) => c.section))];
  const attributes = [...new Set(taxonomy.terms.map((t) => t.attribute))];
  return (
    <Form form={form} onSubmit={save} className="flex flex-col gap-4" aria-label="Product">
      {message?.kind === 'stale' ? (
        <StaleSaveNotice
          noun="product"
          message={message.text}
          onReload={() => void session.reload()}
          onReapply={() => void session.reload({ form: 'product', values: changed() })}
        />
      ) : message ? (
        <FormMessage kind={message.kind}>{message.text}</FormMessage>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <Field name="name" label="Name" required />
        <Field name="slug" label="Slug (the old one redirects here)" required />
        <Field name="sku" label="SKU (left empty, made from the slug)" />
        <SelectField
          name="status"
          label="Status"
          options={[
            { value: 'publish', label: 'Published' },
            { value: 'draft', label: 'Draft' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
        <SelectField
          name="unit"
          label="Sold by"
          options={SELLING_UNITS.map((unit) => ({ value: unit, label: SELLING_UNIT_NAMES[unit] }))}
        />
      </div>
      <TextAreaField name="short_description" label="Short description" rows={2} />
      <TextAreaField name="description" label="Description (HTML)" rows={6} />
      <div className="flex flex-wrap gap-6">
        <CheckboxField name="featured" label="Featured" />
        <CheckboxField name="is_new_arrival" label="New arrival" />
        <CheckboxField name="on_sale" label="Clearance" />
        <CheckboxField
          name="trade_only"
          label={
            <>
              Trade only <span className="text-stone-600">(hidden from retail shoppers)</span>
            </>
          }
        />
      </div>
      <IdChecklist
        name="category_ids"
        legend="Categories"
        form={form}
        groups={sections.map((section) => ({
          label: section,
          items: taxonomy.categories.filter((c) => c.section === section),
        }))}
      />
      <IdChecklist
        name="term_ids"
        legend="Attributes"
        form={form}
        groups={attributes.map((attribute) => ({
          label: attribute,
          items: taxonomy.terms.filter((t) => t.attribute === attribute),
        }))}
      />
      <button
        type="submit"
        className={`${primaryButton} self-start`}
        disabled={form.formState.isSubmitting}
      >
        Save product
      </button>
    </Form>
  );
}

/** Checkboxes that keep a list of ids (numbers) in the form. */
function IdChecklist({
  name,
  legend,
  groups,
  form,
}: {
  name: 'category_ids' | 'term_ids';
  legend: string;
  groups: { label: string; items: { id: number; name: string }[] }[];
  form: UseFormReturn<ProductEditInput, unknown, ProductEdit>;
}) {
  const { field, fieldState } = useController({ name, control: form.control });
  const chosen = new Set(field.value);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {fieldState.error?.message ? (
        <p className="text-sm text-red-700">{fieldState.error.message}</p>
      ) : null}
      {groups.map((group) => (
        <details key={group.label} className="rounded border border-stone-200 px-3 py-2">
          <summary className="cursor-pointer text-sm">
            {group.label} ({group.items.filter((i) => chosen.has(i.id)).length})
          </summary>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {group.items.map((item) => (
              <label key={item.id} className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  checked={chosen.has(item.id)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, item.id]
                        : field.value.filter((v: number) => v !== item.id),
                    )
                  }
                />
                {item.name}
              </label>
            ))}
          </div>
        </details>
      ))}
    </fieldset>
  );
}

/** The product's images: upload (any common type), alt text, order, removal. */
function ImagesForm({ product, session }: { product: AdminProductJson; session: EditorSession }) {
  const [images, setImages] = useState(product.images);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const done = (data: AdminProductJson, text: string) => {
    session.saved(data);
    setImages(data.images);
    setMessage({ kind: 'success', text });
  };
  const failed = (error: unknown) =>
    setMessage({
      kind: 'error',
      text: failureMessage(error),
    });
  const upload = async (file: File, alt: string) => {
    setBusy(true);
    setMessage(null);
    try {
      const response = await fetch(
        `/api/admin/products/${product.id}/images?alt=${encodeURIComponent(alt)}`,
        { method: 'POST', body: file, headers: { 'content-type': file.type } },
      );
      const json = await response.json();
      if (!response.ok) throw new ApiError(response.status, json);
      done(json.data, 'Image added');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { data } = await adminFetch<{ data: AdminProductJson }>(
        `/api/admin/products/${product.id}/images`,
        {
          method: 'PUT',
          body: { version: session.version, images: images.map(({ id, alt }) => ({ id, alt })) },
        },
      );
      done(data, 'Images saved');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  const move = (index: number, by: number) => {
    const next = [...images];
    const [image] = next.splice(index, 1);
    next.splice(index + by, 0, image!);
    setImages(next);
  };
  return (
    <section aria-labelledby="images-heading" className="flex flex-col gap-3">
      <h2 id="images-heading" className="text-xl font-semibold">
        Images
      </h2>
      {message ? <FormMessage kind={message.kind}>{message.text}</FormMessage> : null}
      <ol className="flex flex-col gap-2">
        {images.map((image, index) => (
          <li
            key={image.id}
            className="flex flex-wrap items-end gap-2 rounded border border-stone-200 p-2"
          >
            <img src={image.src} alt="" width={64} height={64} className="size-16 object-cover" />
            <label className="flex grow flex-col gap-1 text-sm font-medium">
              Alt text of image {index + 1}
              <input
                className={inputClass}
                maxLength={IMAGE_ALT_MAX_LENGTH}
                value={image.alt}
                onChange={(event) =>
                  setImages(
                    images.map((i) => (i.id === image.id ? { ...i, alt: event.target.value } : i)),
                  )
                }
              />
            </label>
            <button
              type="button"
              className={secondaryButton}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              Up<span className="sr-only"> image {index + 1}</span>
            </button>
            <button
              type="button"
              className={secondaryButton}
              disabled={index === images.length - 1}
              onClick={() => move(index, 1)}
            >
              Down<span className="sr-only"> image {index + 1}</span>
            </button>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => setImages(images.filter((i) => i.id !== image.id))}
            >
              Remove<span className="sr-only"> image {index + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className={primaryButton} disabled={busy} onClick={() => void save()}>
          Save images
        </button>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const file = data.get('file');
            if (file instanceof File && file.size > 0)
              void upload(file, String(data.get('alt') ?? ''));
            event.currentTarget.reset();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            New image (JPEG, PNG, WebP, AVIF or GIF)
            <input name="file" type="file" accept={UPLOAD_CONTENT_TYPES.join(',')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Its alt text
            <input name="alt" className={inputClass} maxLength={IMAGE_ALT_MAX_LENGTH} />
          </label>
          <button type="submit" className={secondaryButton} disabled={busy}>
            Upload
          </button>
        </form>
      </div>
    </section>
  );
}
