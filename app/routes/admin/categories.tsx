import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ATTRIBUTES } from '#domain/catalogue.ts';
import { categoryFormSchema, termFormSchema } from '#domain/admin-taxonomy.ts';
import { type AdminTaxonomy } from '#domain/admin-catalogue.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { formProblem, PageHeading, Panel } from '#app/components/admin/ui.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import { changedFields, useStaleReload } from '#app/components/admin/editor-session.ts';
import { CategoryDeleteForm } from '#app/components/admin/CategoryDeleteForm.tsx';

export function meta() {
  return [
    { title: 'Categories and terms | Tessera back office' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The product editor reads the same answer for its pickers, so a change here refreshes both. */
const TAXONOMY_KEY = ['admin', 'taxonomy'] as const;

/** A category or a term as the lists show it; categories also have their section. */
interface Entry {
  id: number;
  name: string;
  slug: string;
  position: number;
  section?: string;
  /** The version a rename is saved from (docs/api.md, "Versions"). */
  version: number;
}

/** What the forms of one list save: categories, or the terms of one attribute. */
interface Kind {
  /** 'category', 'Colour term': the add form's name, the notices and a stale save's reload. */
  noun: string;
  addUrl: string;
  editUrl(id: number): string;
  /** Categories belong to a section (stone-collection, design-pattern, ...); terms do not. */
  sections?: readonly string[];
}

/** The form's values: the position is the text box's text until the schema reads it. */
interface Values {
  name: string;
  slug: string;
  section?: string;
  position: string;
}
/** What the schema makes of them, as the API takes it. */
type Saved = Omit<Values, 'position'> & { position: number };

const valuesOf = (entry: Entry | undefined, kind: Kind): Values => ({
  name: entry?.name ?? '',
  slug: entry?.slug ?? '',
  ...(kind.sections ? { section: entry?.section ?? kind.sections[0] ?? '' } : {}),
  position: String(entry?.position ?? 0),
});

/**
 * Adds (no `entry`) or renames a category or term. The shared schema checks the fields first; the
 * server's answers (a slug already taken) land on the same fields, listed as the spec's list.
 */
function TaxonomyForm({
  kind,
  entry,
  onSaved,
  onCancel,
  reapply,
  reload,
}: {
  kind: Kind;
  entry?: Entry;
  onSaved(saved: Entry): Promise<void>;
  onCancel?(): void;
  /** This form's changes, put back over the version a stale rename reloaded. */
  reapply?: Partial<Values> | null;
  reload?(reapply?: Partial<Values>): Promise<void>;
}) {
  const [problem, setProblem] = useState<{ stale: boolean; text: string | null } | null>(null);
  const sectionsId = useId();
  const form = useForm<Values, unknown, Saved>({
    resolver: zodResolver(kind.sections ? categoryFormSchema : termFormSchema) as Resolver<
      Values,
      unknown,
      Saved
    >,
    defaultValues: { ...valuesOf(entry, kind), ...reapply },
  });
  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const { data } = await adminFetch<{ data: Entry }>(
        entry ? kind.editUrl(entry.id) : kind.addUrl,
        { method: entry ? 'PUT' : 'POST', body: { ...input, version: entry?.version } },
      );
      if (!entry) form.reset(valuesOf(undefined, kind));
      await onSaved(data);
    } catch (error) {
      setProblem({ stale: isStaleSave(error), text: formProblem(form, error) });
    }
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      errors="list"
      aria-label={entry ? `Rename ${entry.name}` : `Add ${kind.noun}`}
      className="flex flex-col gap-3"
    >
      {problem?.stale && problem.text && entry && reload ? (
        <StaleSaveNotice
          noun={kind.noun}
          message={problem.text}
          onReload={() => void reload()}
          onReapply={() => void reload(changedFields(form.getValues(), valuesOf(entry, kind)))}
        />
      ) : problem?.text ? (
        <FormMessage kind="error">{problem.text}</FormMessage>
      ) : reapply ? (
        <FormMessage kind="success">
          Your changes are back on top of the saved {kind.noun}: check and save
        </FormMessage>
      ) : null}
      <FormErrorList />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field name="name" label="Name" required autoComplete="off" />
        <Field name="slug" label="Slug (e.g. marble-tiles)" required autoComplete="off" />
        {kind.sections ? (
          <>
            <Field name="section" label="Section" required autoComplete="off" list={sectionsId} />
            <datalist id={sectionsId}>
              {kind.sections.map((section) => (
                <option key={section} value={section} />
              ))}
            </datalist>
          </>
        ) : null}
        <Field name="position" label="Position (lower first)" inputMode="numeric" />
      </div>
      <div className="flex gap-3">
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          {entry ? 'Save' : `Add ${kind.noun}`}
        </button>
        {onCancel ? (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * One list (the categories, grouped by section, or an attribute's terms), each entry renamed in
 * place, and a form to add one. What was saved is announced under the panel's heading.
 */
function TaxonomyPanel({
  title,
  kind,
  groups,
  deletable = false,
}: {
  title: string;
  kind: Kind;
  groups: readonly { label?: string; entries: readonly Entry[] }[];
  /** Categories can be deleted (into another one); terms cannot. */
  deletable?: boolean;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const everyEntry = groups.flatMap((group) => group.entries);
  const [notice, setNotice] = useState<string | null>(null);
  // A rename refused as stale reloads the lists and puts back its changes to that entry only;
  // any later save or cancel reloads again, which drops them.
  const stale = useStaleReload<{ id: number; values: Partial<Values> }>(() =>
    queryClient.invalidateQueries({ queryKey: TAXONOMY_KEY }),
  );
  const saved = (verb: string) => async (entry: Entry) => {
    await stale.reload();
    setEditing(null);
    setNotice(`${entry.name} ${verb}`);
  };
  const list = (entries: readonly Entry[]) => (
    <ul className="flex flex-col divide-y divide-stone-200">
      {entries.map((entry) => (
        <li key={entry.id} className="py-2">
          {deleting === entry.id ? (
            <CategoryDeleteForm
              category={entry}
              others={everyEntry}
              onCancel={() => setDeleting(null)}
              onDeleted={async (answer) => {
                await stale.reload();
                setDeleting(null);
                setNotice(
                  `${entry.name} deleted: its ${answer.moved_products} products and old address moved to ${answer.target.name}`,
                );
              }}
            />
          ) : editing === entry.id ? (
            <TaxonomyForm
              key={stale.generation}
              kind={kind}
              entry={entry}
              reapply={stale.reapply?.id === entry.id ? stale.reapply.values : null}
              reload={(values) => stale.reload(values && { id: entry.id, values })}
              onSaved={saved('saved')}
              onCancel={() => {
                void stale.reload();
                setEditing(null);
              }}
            />
          ) : (
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <span className="font-medium">{entry.name}</span>
              <span className="text-sm text-stone-600">
                {entry.slug} · position {entry.position}
              </span>
              <button
                type="button"
                className="ml-auto text-sm underline"
                onClick={() => {
                  setNotice(null);
                  setEditing(entry.id);
                }}
              >
                Rename<span className="sr-only"> {entry.name}</span>
              </button>
              {deletable ? (
                <button
                  type="button"
                  className="text-sm underline"
                  onClick={() => {
                    setNotice(null);
                    setEditing(null);
                    setDeleting(entry.id);
                  }}
                >
                  Delete<span className="sr-only"> {entry.name}</span>
                </button>
              ) : null}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <Panel title={title}>
      <div className="flex flex-col gap-4">
        {notice ? <FormMessage kind="success">{notice}</FormMessage> : null}
        {groups.map((group) =>
          group.label ? (
            <section key={group.label} aria-label={`Section ${group.label}`}>
              <h3 className="font-semibold">{group.label}</h3>
              <div className="ml-4 border-l border-stone-200 pl-4">{list(group.entries)}</div>
            </section>
          ) : (
            <div key="entries">{list(group.entries)}</div>
          ),
        )}
        <TaxonomyForm kind={kind} onSaved={saved('added')} />
      </div>
    </Panel>
  );
}

/** The catalogue's categories, in their sections, and the four attributes' terms. */
export default function AdminCategories() {
  const taxonomy = useQuery({
    queryKey: TAXONOMY_KEY,
    queryFn: async () =>
      (await adminFetch<{ data: AdminTaxonomy }>('/api/admin/products/taxonomy')).data,
  });
  if (taxonomy.isError) {
    return <FormMessage kind="error">{taxonomy.error.message}</FormMessage>;
  }
  if (!taxonomy.data) return <Spinner label="Loading categories and terms" />;
  const { categories, terms } = taxonomy.data;
  // The answer comes ordered by section, then position: the groups keep that order.
  const sections = [...new Set(categories.map((c) => c.section))];
  return (
    <>
      <PageHeading>Categories and terms</PageHeading>
      <div className="flex flex-col gap-8">
        <TaxonomyPanel
          title="Categories"
          kind={{
            noun: 'category',
            addUrl: '/api/admin/categories',
            editUrl: (id) => `/api/admin/categories/${id}`,
            sections,
          }}
          deletable
          groups={sections.map((section) => ({
            label: section,
            entries: categories.filter((c) => c.section === section),
          }))}
        />
        {ATTRIBUTES.map((attribute) => (
          <TaxonomyPanel
            key={attribute.id}
            title={attribute.name}
            kind={{
              noun: `${attribute.name} term`,
              addUrl: `/api/admin/attributes/${attribute.id}/terms`,
              editUrl: (id) => `/api/admin/terms/${id}`,
            }}
            groups={[{ entries: terms.filter((t) => t.attribute_id === attribute.id) }]}
          />
        ))}
      </div>
    </>
  );
}
