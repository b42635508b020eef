import type { FacetJson } from '#domain/api-types.ts';

/** The look of an attribute's dropdown button, before and after its dropdown code loads. */
export const FILTER_TRIGGER_CLASS =
  'rounded border border-stone-300 px-3 py-2 text-sm hover:border-stone-ink';

/** An attribute's name on its dropdown's button, e.g. 'Colour (2) ▾'. */
export function FilterTriggerLabel({ facet, selected }: { facet: FacetJson; selected: string[] }) {
  return (
    <>
      {facet.name}
      {selected.length > 0 ? ` (${selected.length})` : ''}
      <span aria-hidden="true"> ▾</span>
    </>
  );
}
