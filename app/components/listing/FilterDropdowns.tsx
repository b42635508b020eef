import * as Popover from '@radix-ui/react-popover';
import type { FacetJson } from '#domain/api-types.ts';
import { findAttribute } from '#domain/catalogue.ts';
import type { FilterSelection } from '#domain/listing.ts';
import { TermList } from './TermList.tsx';

export interface FilterControlsProps {
  facets: FacetJson[];
  selection: FilterSelection;
  onToggle(facet: FacetJson, slug: string): void;
  onClear(facet: FacetJson): void;
}

/** The selected slugs of a facet's attribute. */
export function selectedOf(selection: FilterSelection, facet: FacetJson): string[] {
  const attribute = findAttribute(facet.slug);
  return attribute ? selection[attribute.slug] : [];
}

/** Desktop: one dropdown per attribute in the toolbar; changes apply at once. */
export function FilterDropdowns({ facets, selection, onToggle, onClear }: FilterControlsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {facets.map((facet) => {
        const selected = selectedOf(selection, facet);
        return (
          <Popover.Root key={facet.slug}>
            <Popover.Trigger className="rounded border border-stone-300 px-3 py-2 text-sm hover:border-stone-ink">
              {facet.name}
              {selected.length > 0 ? ` (${selected.length})` : ''}
              <span aria-hidden="true"> ▾</span>
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content
                align="start"
                sideOffset={6}
                className="z-30 max-h-[70vh] w-72 overflow-y-auto rounded border border-stone-200 bg-white p-4 shadow-lg"
              >
                <div className="mb-2 flex items-center justify-between">
                  <span className="font-semibold">
                    {facet.name}
                    {selected.length > 0 ? ` (${selected.length} selected)` : ''}
                  </span>
                  {selected.length > 0 ? (
                    <button
                      type="button"
                      className="text-sm underline underline-offset-2"
                      onClick={() => onClear(facet)}
                    >
                      clear
                    </button>
                  ) : null}
                </div>
                <TermList
                  facet={facet}
                  selected={selected}
                  onToggle={(slug) => onToggle(facet, slug)}
                />
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
        );
      })}
    </div>
  );
}
