import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { useErrorDisplay } from './Form.tsx';
import { inputClass } from './styles.ts';

/** The message of a field of the surrounding form, if it has one. */
function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const message: unknown = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

function Label({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium">
      {children}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

/** The message under a field, in 'inline' forms only; a list form shows it in its list. */
function InlineError({ id, message }: { id: string; message: string | undefined }) {
  const display = useErrorDisplay();
  if (display !== 'inline' || !message) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** What the input says about its state to assistive technology. */
function ariaState(
  error: string | undefined,
  errorId: string,
  required: boolean | undefined,
  display: string,
) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error && display === 'inline' ? errorId : undefined,
    'aria-required': required || undefined,
  } as const;
}

export interface FieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'children'
> {
  name: string;
  label: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'date' | 'datetime-local';
}

/** A labelled text, email, password or phone input of the surrounding `<Form>`. */
export function Field({ name, label, type = 'text', required, className, ...input }: FieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const display = useErrorDisplay();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <input
        id={id}
        type={type}
        className={inputClass}
        {...ariaState(error, errorId, required, display)}
        {...input}
        {...register(name)}
      />
      <InlineError id={errorId} message={error} />
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'name' | 'children'
> {
  name: string;
  label: ReactNode;
  /** A line under the label (what the text is for, its length limit). */
  hint?: ReactNode;
}

/** A labelled multi-line text of the surrounding `<Form>`. */
export function TextAreaField({ name, label, hint, required, ...area }: TextAreaFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const display = useErrorDisplay();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const state = ariaState(error, errorId, required, display);
  const describedBy = [hint ? hintId : null, state['aria-describedby']].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        rows={3}
        className={inputClass}
        {...state}
        aria-describedby={describedBy || undefined}
        {...area}
        {...register(name)}
      />
      <InlineError id={errorId} message={error} />
    </div>
  );
}

export interface SelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'name' | 'children'
> {
  name: string;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
}

/** A labelled select of the surrounding `<Form>`. */
export function SelectField({ name, label, options, required, ...select }: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const display = useErrorDisplay();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <select
        id={id}
        className={`${inputClass} bg-white`}
        {...ariaState(error, errorId, required, display)}
        {...select}
        {...register(name)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <InlineError id={errorId} message={error} />
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'children'
> {
  name: string;
  /** May hold a link (the terms): the whole label still names the box. */
  label: ReactNode;
}

/** A checkbox with its label beside it. */
export function CheckboxField({ name, label, required, ...input }: CheckboxFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const display = useErrorDisplay();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0"
          {...ariaState(error, errorId, required, display)}
          {...input}
          {...register(name)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <InlineError id={errorId} message={error} />
    </div>
  );
}

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A second line under the label (a price, an estimate). */
  description?: ReactNode;
  disabled?: boolean;
}

/** A group of radios under a legend: the group is named by it and the radios by their labels. */
export function RadioGroup({
  name,
  legend,
  options,
  disabled,
  compact,
}: {
  name: string;
  legend: ReactNode;
  options: readonly RadioOption[];
  disabled?: boolean;
  /** Short choices (days) in a grid of small tiles rather than a list of cards. */
  compact?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      disabled={disabled}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-2"
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={compact ? 'grid grid-cols-2 gap-2 sm:grid-cols-4' : 'flex flex-col gap-2'}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start rounded border border-stone-300 has-checked:border-stone-ink has-checked:bg-stone-50 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${compact ? 'gap-2 px-2 py-2 text-sm' : 'gap-3 px-3 py-3'}`}
          >
            <input
              type="radio"
              value={option.value}
              disabled={option.disabled}
              className="mt-1 size-4 shrink-0"
              {...register(name)}
            />
            <span className="flex flex-1 flex-col gap-0.5">
              <span className="font-medium">{option.label}</span>
              {option.description ? (
                <span className="text-sm text-stone-600">{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <InlineError id={errorId} message={error} />
    </fieldset>
  );
}
