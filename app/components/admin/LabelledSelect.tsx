import { useId } from 'react';
import { inputClass } from '../forms/styles.ts';

/**
 * A select with its label above it, outside a form library: a list's filter, a picker's step
 * (`value` and `onChange`), or a field of a plain form read as FormData (`name`, `defaultValue`).
 * `placeholder` is the empty choice, listed first when given.
 */
export function LabelledSelect({
  label,
  value,
  onChange,
  name,
  defaultValue,
  options,
  placeholder,
}: {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  name?: string;
  defaultValue?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass} bg-white`}
        name={name}
        value={value}
        defaultValue={defaultValue}
        onChange={onChange && ((event) => onChange(event.target.value))}
      >
        {placeholder === undefined ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
