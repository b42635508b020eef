// Finding things from a form of the back office by what was typed: customers, or the sizes on
// sale (by product name or SKU) that a phone order or a quote adds as lines.
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { SizeChoiceJson } from '#domain/api-schemas-order-tasks.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Field } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';
import { failureMessage, money } from './ui.tsx';

/**
 * A search box of the form and what it found, each item with its own action; `done` clears the
 * list once one is chosen.
 */
export function Finder<T>({
  name,
  label,
  button,
  url,
  none,
  listLabel,
  itemKey,
  children,
}: {
  name: string;
  label: string;
  button: string;
  url: (q: string) => string;
  none: string;
  listLabel: string;
  itemKey: (item: T) => string | number;
  children: (item: T, done: () => void) => ReactNode;
}) {
  const { getValues } = useFormContext<Record<string, string>>();
  const [found, setFound] = useState<T[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const find = async () => {
    setProblem(null);
    try {
      setFound(
        (await adminFetch<{ data: T[] }>(url(encodeURIComponent(getValues(name).trim())))).data,
      );
    } catch (error) {
      setProblem(failureMessage(error));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <Field name={name} label={label} type="search" />
        <button type="button" className={secondaryButton} onClick={() => void find()}>
          {button}
        </button>
      </div>
      {problem ? <FormMessage kind="error">{problem}</FormMessage> : null}
      {found?.length === 0 ? <p className="text-sm">{none}</p> : null}
      {found?.length ? (
        <ul className="flex flex-col gap-1 text-sm" aria-label={listLabel}>
          {found.map((item) => (
            <li key={itemKey(item)} className="flex flex-wrap items-center gap-2">
              {children(item, () => setFound(null))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** What a size found can become: a button's text, its accessible name, and what it adds. */
export interface SizeAction {
  text: string;
  label: (size: SizeChoiceJson) => string;
  add: (size: SizeChoiceJson) => void;
}

/** Sizes on sale by product name or SKU (the form's `size_q`), each with its actions. */
export function SizeFinder({
  label,
  button,
  none,
  listLabel,
  actions,
}: {
  label: string;
  button: string;
  none: string;
  listLabel: string;
  actions: SizeAction[];
}) {
  return (
    <Finder<SizeChoiceJson>
      name="size_q"
      label={label}
      button={button}
      url={(q) => `/api/admin/orders/sizes?q=${q}`}
      none={none}
      listLabel={listLabel}
      itemKey={(size) => size.variation_id}
    >
      {(size, done) => (
        <>
          <span>
            {size.product}, {size.size} {size.sku ? `(${size.sku})` : ''} · {money(size.price)}{' '}
            {size.unit === 'm2' ? 'a m²' : 'each'}
          </span>
          {actions.map((action) => (
            <button
              key={action.text}
              type="button"
              className="underline"
              aria-label={action.label(size)}
              onClick={() => {
                action.add(size);
                done();
              }}
            >
              {action.text}
            </button>
          ))}
        </>
      )}
    </Finder>
  );
}
