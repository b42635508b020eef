import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  productCreateSchema,
  type AdminProductJson,
  type ProductCreate,
  type ProductCreateInput,
} from '#domain/admin-catalogue.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field } from '#app/components/forms/Field.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';
import { formProblem } from './ui.tsx';

/**
 * A new product starts as a draft with its name (the slug is made from it unless given); staff
 * land in its editor to add the sizes, categories and words before publishing it.
 */
export function AddProductForm() {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ProductCreateInput, unknown, ProductCreate>({
    resolver: zodResolver(productCreateSchema),
    defaultValues: { name: '', slug: '' },
  });
  const submit = form.handleSubmit(async (input) => {
    setProblem(null);
    try {
      const { data } = await adminFetch<{ data: AdminProductJson }>('/api/admin/products', {
        method: 'POST',
        body: input,
      });
      await navigate(`/admin/products/${data.id}`);
    } catch (error) {
      setProblem(formProblem(form, error));
    }
  });
  return (
    <Form
      form={form}
      onSubmit={submit}
      errors="list"
      aria-label="Add a product"
      className="flex flex-col gap-3"
    >
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      <FormErrorList />
      <div className="flex flex-wrap items-end gap-3">
        <Field name="name" label="New product's name" required autoComplete="off" />
        <Field name="slug" label="Slug (made from the name when empty)" autoComplete="off" />
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          Add product
        </button>
      </div>
    </Form>
  );
}
