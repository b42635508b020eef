import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CategoryDeleted } from '#domain/admin-product-lifecycle.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { SelectField } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { formProblem } from '#app/components/admin/ui.tsx';

interface Category {
  id: number;
  name: string;
  section?: string;
  version: number;
}

/**
 * Deletes a category once staff choose where it goes: its products join the chosen category and
 * its listing's address (old links, search engines) answers 301 with the chosen one's.
 */
export function CategoryDeleteForm({
  category,
  others,
  onDeleted,
  onCancel,
}: {
  category: Category;
  others: readonly Category[];
  onDeleted: (answer: CategoryDeleted) => Promise<void> | void;
  onCancel: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<{ target: string }>({ defaultValues: { target: '' } });
  const submit = form.handleSubmit(async ({ target }) => {
    setProblem(null);
    try {
      const { data } = await adminFetch<{ data: CategoryDeleted }>(
        `/api/admin/categories/${category.id}?target=${encodeURIComponent(target)}&version=${category.version}`,
        { method: 'DELETE' },
      );
      await onDeleted(data);
    } catch (error) {
      setProblem(formProblem(form, error));
    }
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      errors="list"
      aria-label={`Delete ${category.name}`}
      className="flex flex-col gap-3"
    >
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <FormErrorList />
      <SelectField
        name="target"
        label={`Move its products and old address to`}
        required
        options={[
          { value: '', label: 'Choose a category' },
          ...others
            .filter((c) => c.id !== category.id)
            .map((c) => ({
              value: String(c.id),
              label: c.section ? `${c.name} (${c.section})` : c.name,
            })),
        ]}
      />
      <div className="flex gap-3">
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          Delete {category.name}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
