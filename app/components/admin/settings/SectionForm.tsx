import { useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError } from '#app/lib/api.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { failureMessage } from '#app/components/admin/ui.tsx';
import { isStaleSave, StaleSaveNotice } from '#app/components/admin/StaleSave.tsx';
import { changedFields } from '#app/components/admin/editor-session.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { FormErrorList } from '#app/components/forms/ErrorList.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton } from '#app/components/forms/styles.ts';

/** GET /api/admin/settings as the screen caches it. */
export const SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

/** One section of GET /api/admin/settings: its value and the version a save is made from. */
export interface LoadedSection {
  version: number;
  value: unknown;
}

export type LoadedSettings = Record<string, LoadedSection>;

/** What every tab's form receives from the settings screen. */
export interface SettingsFormProps {
  section: LoadedSection;
  /** Someone saved first: load their section; with `reapply`, this form's changes go back on top. */
  reload: (reapply?: Record<string, unknown>) => Promise<void>;
  /** The changes put back after such a reload, once. */
  reapply: Record<string, unknown> | null;
}

/**
 * The form of one settings section: validates with the section's form schema, saves through
 * `PUT /api/admin/settings` with `{[key]: {version, value}}`, shows the server's field messages
 * in the list and, on a 409, the stale-save choices. A tab's form gives its fields as children.
 */
export function SettingsSectionForm<F extends FieldValues, V extends FieldValues>({
  sectionKey,
  label,
  schema,
  toForm,
  props,
  savedText,
  children,
}: {
  sectionKey: string;
  /** The form's accessible name and its button: 'Shop identity'. */
  label: string;
  schema: z.ZodType<V, F>;
  /** The saved value as the form holds it. */
  toForm: (value: V) => F;
  props: SettingsFormProps;
  savedText: string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const { section, reload, reapply } = props;
  const initial = toForm(section.value as V);
  const [version, setVersion] = useState(section.version);
  const [message, setMessage] = useState<{
    kind: 'error' | 'success' | 'stale';
    text: string;
  } | null>(
    reapply
      ? {
          kind: 'success',
          text: 'Your changes are back on top of the saved settings: check and save',
        }
      : null,
  );
  const form = useForm<F, unknown, V>({
    // The resolver cannot infer through a generic schema: the caller pairs F and V.
    resolver: zodResolver(schema as never) as unknown as Resolver<F, unknown, V>,
    defaultValues: { ...initial, ...reapply } as DefaultValues<F>,
  });
  const onSubmit = form.handleSubmit(
    async (value) => {
      setMessage(null);
      try {
        const { data } = await adminFetch<{ data: LoadedSettings }>('/api/admin/settings', {
          method: 'PUT',
          body: { [sectionKey]: { version, value } },
        });
        queryClient.setQueryData(SETTINGS_QUERY_KEY, data);
        const saved = data[sectionKey]!;
        setVersion(saved.version);
        form.reset(toForm(saved.value as V));
        setMessage({ kind: 'success', text: savedText });
      } catch (error) {
        if (error instanceof ApiError) {
          const prefix = `${sectionKey}.value.`;
          for (const [field, text] of Object.entries(error.fields ?? {})) {
            if (field.startsWith(prefix)) {
              form.setError(field.slice(prefix.length) as Path<F>, { message: text });
            }
          }
        }
        setMessage({
          kind: isStaleSave(error) ? 'stale' : 'error',
          text:
            error instanceof ApiError && error.fields
              ? 'Please correct the marked fields'
              : failureMessage(error),
        });
      }
    },
    () => setMessage({ kind: 'error', text: 'Please correct the marked fields' }),
  );
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      errors="list"
      aria-label={label}
      className="flex max-w-2xl flex-col gap-6"
    >
      <FormErrorList />
      {children}
      {message?.kind === 'stale' ? (
        <StaleSaveNotice
          noun="settings"
          message={message.text}
          onReload={() => void reload()}
          onReapply={() => void reload(changedFields(form.getValues(), initial))}
        />
      ) : message ? (
        <FormMessage kind={message.kind}>{message.text}</FormMessage>
      ) : null}
      <button type="submit" className={`${primaryButton} self-start`}>
        Save {label.toLowerCase()}
      </button>
    </Form>
  );
}
