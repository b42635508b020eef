import { SORT_OPTIONS, type SortOption } from '#domain/catalogue.ts';

/** The sort dropdown; the choice is sent to the server (design.md section 7). */
export function SortSelect({
  value,
  onChange,
}: {
  value: SortOption;
  onChange(sort: SortOption): void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only md:not-sr-only">Sort by</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value as SortOption)}
        className="rounded border border-stone-300 bg-white px-2 py-2"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
