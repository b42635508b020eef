import { Suspense, useState } from 'react';
import { DRAWER_WIDTHS_PX } from '#domain/catalogue.ts';
import {
  emptyFilterSelection,
  flattenFilterSelection,
  type FilterSelection,
} from '#domain/listing.ts';
import type { FacetJson } from '#domain/api-types.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { lazyPart, openerProps } from '../ui/lazy-part.tsx';

// The attributes' accordion loads with the drawer, on the way to the first tap of 'Filters'.
const FilterAccordion = lazyPart(() =>
  import('./FilterAccordion.tsx').then((module) => module.FilterAccordion),
);

export interface FilterDrawerProps {
  facets: FacetJson[];
  selection: FilterSelection;
  onApply(selection: FilterSelection): void;
}

/**
 * Mobile: the right-hand 'Filters' drawer. Choices are a draft until 'apply filters', which
 * applies them and closes the drawer; closing otherwise discards them.
 */
export function FilterDrawer({ facets, selection, onApply }: FilterDrawerProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(selection);
  const count = flattenFilterSelection(selection).length;

  const openDrawer = (next: boolean) => {
    if (next) setDraft(selection);
    setOpen(next);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => openDrawer(true)}
        {...openerProps(Drawer, FilterAccordion)}
        className="rounded border border-stone-300 px-3 py-2 text-sm"
      >
        Filters{count > 0 ? ` (${count})` : ''}
      </button>
      <Drawer
        open={open}
        onOpenChange={openDrawer}
        title="Filters"
        widthPx={DRAWER_WIDTHS_PX.filters}
        footer={
          <div className="flex gap-3">
            <button
              type="button"
              className="flex-1 rounded border border-stone-ink px-4 py-3"
              onClick={() => setDraft(emptyFilterSelection())}
            >
              clear filters
            </button>
            <button
              type="button"
              className="flex-1 rounded bg-stone-ink px-4 py-3 text-white"
              onClick={() => {
                onApply(draft);
                setOpen(false);
              }}
            >
              apply filters
            </button>
          </div>
        }
      >
        <Suspense fallback={<Spinner />}>
          <FilterAccordion facets={facets} draft={draft} onDraftChange={setDraft} />
        </Suspense>
      </Drawer>
    </>
  );
}
