import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useFormContext } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contentInputSchema,
  type AdminContentJson,
  type ContentInput,
  type ContentValues,
} from '#domain/content-admin.ts';
import { slugify } from '#domain/slug.ts';
import { ApiError } from '#app/lib/api.ts';
import { applyServerErrors } from '#app/components/admin/ui.tsx';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { inputClass, primaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { RichTextEditor } from '#app/components/admin/RichTextEditor.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import { changedFields, useStaleReload } from '#app/components/admin/editor-session.ts';

type Kind = 'pages' | 'posts';

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft (not on the shop)' },
  { value: 'publish', label: 'Published' },
] as const;

const EMPTY: ContentInput = {
  title: '',
  slug: '',
  status: 'draft',
  content: '',
  excerpt: '',
  featured_image: '',
  featured_image_alt: '',
};

/** An excerpt is stored as HTML; staff edit its text. */
const excerptText = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .trim();
const excerptHtml = (text: string) => {
  const escaped = text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped === '' ? '' : `<p>${escaped}</p>`;
};

const inputOf = (item: AdminContentJson): ContentInput => ({
  title: item.title,
  slug: item.slug,
  status: item.status,
  content: item.content,
  excerpt: excerptText(item.excerpt),
  featured_image: item.featured_image,
  featured_image_alt: item.featured_image_alt,
});

/** One page or post: title, slug, draft or published, rich text, excerpt and featured image. */
export default function ContentEditor() {
  const location = useLocation();
  const kind: Kind = location.pathname.startsWith('/admin/content/posts') ? 'posts' : 'pages';
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  const id = useParams().id ?? 'new';
  const isNew = id === 'new';
  const item = useQuery({
    queryKey: ['admin', 'content', kind, id],
    enabled: !isNew,
    queryFn: async () =>
      (await adminFetch<{ data: AdminContentJson }>(`/api/admin/content/${kind}/${id}`)).data,
  });
  const stale = useStaleReload<Partial<ContentInput>>(() => item.refetch());
  if (!isNew && !item.data) {
    return item.error ? (
      <p role="alert">
        {item.error instanceof ApiError && item.error.status === 404
          ? 'There is no such item.'
          : 'This item could not be loaded: please try again.'}
      </p>
    ) : (
      <Spinner label="Loading" />
    );
  }
  return (
    <EditorForm
      key={`${kind}:${id}:${stale.generation}`}
      kind={kind}
      item={item.data ?? null}
      justCreated={justCreated}
      reapply={stale.reapply}
      reload={stale.reload}
    />
  );
}

function EditorForm({
  kind,
  item,
  justCreated,
  reapply,
  reload,
}: {
  kind: Kind;
  item: AdminContentJson | null;
  /** Just created: say so, as a save of an existing item does. */
  justCreated: boolean;
  /** This form's changes, put back over the version a stale save reloaded. */
  reapply: Partial<ContentInput> | null;
  reload: (reapply?: Partial<ContentInput>) => Promise<void>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<AdminContentJson | null>(justCreated ? item : null);
  const [failure, setFailure] = useState<{ stale: boolean; text: string } | null>(null);
  // The version saves are made from: this form's own saves move it on, a background refetch does
  // not, so a colleague's save in between is refused rather than overwritten.
  const [version, setVersion] = useState(item?.version);
  const form = useForm<ContentInput, unknown, ContentValues>({
    resolver: zodResolver(contentInputSchema),
    defaultValues: item ? { ...inputOf(item), ...reapply } : EMPTY,
  });
  const mediaList = useQuery({
    queryKey: ['admin', 'media'],
    queryFn: async () =>
      (await adminFetch<{ data: { url: string; alt: string }[] }>('/api/admin/media')).data,
  });
  const mediaListId = useId();

  // A new item's slug follows its title until staff type a slug of their own.
  const title = form.watch('title');
  useEffect(() => {
    if (item === null && !form.getFieldState('slug').isDirty) {
      form.setValue('slug', slugify(title ?? ''));
    }
  }, [title, item, form]);

  const noun = kind === 'pages' ? 'page' : 'post';
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    setSaved(null);
    const body = { ...values, excerpt: excerptHtml(values.excerpt), version };
    try {
      const { data } = await adminFetch<{ data: AdminContentJson }>(
        item ? `/api/admin/content/${kind}/${item.id}` : `/api/admin/content/${kind}`,
        { method: item ? 'PUT' : 'POST', body },
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'content', kind] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'media'] });
      if (!item) {
        queryClient.setQueryData(['admin', 'content', kind, String(data.id)], data);
        void navigate(`/admin/content/${kind}/${data.id}`, {
          replace: true,
          state: { created: true },
        });
        return;
      }
      queryClient.setQueryData(['admin', 'content', kind, String(data.id)], data);
      form.reset(inputOf(data));
      setVersion(data.version);
      setSaved(data);
    } catch (error) {
      setFailure({ stale: isStaleSave(error), text: applyServerErrors(form, error) });
    }
  });

  const image = form.watch('featured_image');
  const heading = item ? `Edit ${noun}: ${item.title}` : `New ${noun}`;
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <p>
        <Link to="/admin/content" className="text-sm underline">
          Back to pages and posts
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <Form
        form={form}
        onSubmit={onSubmit}
        aria-label={kind === 'pages' ? 'Page' : 'Post'}
        className="flex flex-col gap-4"
      >
        {saved ? (
          <FormMessage kind="success">
            {saved.status === 'publish' ? 'Published. ' : 'Saved as a draft. '}
            {saved.status === 'publish' ? (
              <a className="underline" href={saved.link} target="_blank" rel="noreferrer">
                View it on the shop
              </a>
            ) : (
              'The shop does not show it until it is published.'
            )}
          </FormMessage>
        ) : null}
        {reapply && !failure && !saved ? (
          <FormMessage kind="success">
            Your changes are back on top of the saved {noun}: check and save
          </FormMessage>
        ) : null}
        {failure?.stale && item ? (
          <StaleSaveNotice
            noun={noun}
            message={failure.text}
            onReload={() => void reload()}
            onReapply={() => void reload(changedFields(form.getValues(), inputOf(item)))}
          />
        ) : failure ? (
          <FormMessage kind="error">{failure.text}</FormMessage>
        ) : null}
        <Field name="title" label="Title" required />
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            name="slug"
            label="Slug (its address on the shop)"
            required
            readOnly={item?.fixed_slug}
            aria-description={
              item?.fixed_slug ? 'The shop opens this page at this address: it stays.' : undefined
            }
          />
          <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
        </div>
        <div className="flex flex-col gap-1">
          <span aria-hidden="true" className="text-sm font-medium">
            Content
          </span>
          <Controller
            control={form.control}
            name="content"
            render={({ field, fieldState }) => (
              <>
                <RichTextEditor
                  label="Content"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={fieldState.invalid}
                />
                {fieldState.error ? (
                  <p className="text-sm text-red-700">{fieldState.error.message}</p>
                ) : null}
              </>
            )}
          />
        </div>
        <ExcerptField />
        <fieldset className="flex flex-col gap-3 rounded border border-stone-200 p-4">
          <legend className="px-1 text-sm font-medium">Featured image</legend>
          <Field
            name="featured_image"
            label="Image address (pick one in use, or give /media/… or https://…)"
            list={mediaListId}
          />
          <datalist id={mediaListId}>
            {(mediaList.data ?? []).map((m) => (
              <option key={`${m.url}:${m.alt}`} value={m.url}>
                {m.alt}
              </option>
            ))}
          </datalist>
          <Field name="featured_image_alt" label="Describe the image (alternative text)" />
          {image ? (
            <img
              src={image}
              alt="Preview of the featured image"
              className="max-h-40 self-start rounded border border-stone-200"
            />
          ) : null}
        </fieldset>
        <div className="flex items-center gap-4">
          <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
            Save
          </button>
          {item ? (
            <a className="text-sm underline" href={item.link} target="_blank" rel="noreferrer">
              Open {item.link}
            </a>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

/** The excerpt's text, of the surrounding form. */
function ExcerptField() {
  const id = useId();
  const { register } = useFormContext<ContentInput>();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Excerpt (a sentence or two for lists and search results)
      </label>
      <textarea id={id} rows={3} className={inputClass} {...register('excerpt')} />
    </div>
  );
}
