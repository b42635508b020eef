import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose message sits under it and is read out with it. */
export function FormField({ label, error, ref, required, ...input }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={required || undefined}
        className="rounded border border-stone-300 px-3 py-2 aria-invalid:border-red-700 disabled:bg-stone-100"
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: failures are announced at once, successes politely. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children: string }) {
  return kind === 'error' ? (
    <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-red-800">
      {children}
    </p>
  ) : (
    <p
      role="status"
      className="rounded border border-green-200 bg-green-50 px-3 py-2 text-green-800"
    >
      {children}
    </p>
  );
}

export const primaryButton =
  'rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold uppercase tracking-wide text-white hover:bg-stone-accent disabled:opacity-60';
export const secondaryButton =
  'rounded border border-stone-400 px-5 py-2.5 text-sm font-semibold uppercase tracking-wide hover:bg-stone-100 disabled:opacity-60';
