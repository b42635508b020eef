import { Suspense, useState } from 'react';
import type { FacetJson } from '#domain/api-types.ts';
import { findAttribute } from '#domain/catalogue.ts';
import type { FilterSelection } from '#domain/listing.ts';
import { lazyPart, openerProps, PART_UNAVAILABLE } from '../ui/lazy-part.tsx';
import { FILTER_TRIGGER_CLASS, FilterTriggerLabel } from './FilterTrigger.tsx';

// A dropdown (Radix Popover and its positioning library) loads when a shopper reaches for one:
// until then each attribute is a plain button that looks the same.
const FilterPopover = lazyPart(() =>
  import('./FilterPopover.tsx').then((module) => module.FilterPopover),
);

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

function FilterDropdown({
  facet,
  selected,
  onToggle,
  onClear,
}: {
  facet: FacetJson;
  selected: string[];
  onToggle(slug: string): void;
  onClear(): void;
}) {
  const [reachedFor, setReachedFor] = useState(false);
  // Each click on a dropdown whose code could not be fetched tries again.
  const [attempt, setAttempt] = useState(0);
  const trigger = (onClick: () => void) => (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={FILTER_TRIGGER_CLASS}
      {...openerProps(FilterPopover)}
      onClick={onClick}
    >
      <FilterTriggerLabel facet={facet} selected={selected} />
    </button>
  );
  if (!reachedFor) return trigger(() => setReachedFor(true));
  return (
    <Suspense key={attempt} fallback={trigger(() => undefined)}>
      <FilterPopover
        facet={facet}
        selected={selected}
        onToggle={onToggle}
        onClear={onClear}
        unavailable={
          <span className="flex flex-col">
            {trigger(() => setAttempt(attempt + 1))}
            <span role="alert" className="text-xs">
              {PART_UNAVAILABLE}
            </span>
          </span>
        }
      />
    </Suspense>
  );
}

/** Desktop: one dropdown per attribute in the toolbar; changes apply at once. */
export function FilterDropdowns({ facets, selection, onToggle, onClear }: FilterControlsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {facets.map((facet) => (
        <FilterDropdown
          key={facet.slug}
          facet={facet}
          selected={selectedOf(selection, facet)}
          onToggle={(slug) => onToggle(facet, slug)}
          onClear={() => onClear(facet)}
        />
      ))}
    </div>
  );
}
