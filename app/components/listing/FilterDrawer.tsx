import * as Accordion from '@radix-ui/react-accordion';
import { useState } from 'react';
import { DRAWER_WIDTHS_PX } from '#domain/catalogue.ts';
import {
  clearFilterAttribute,
  emptyFilterSelection,
  flattenFilterSelection,
  toggleFilterTerm,
  type FilterSelection,
} from '#domain/listing.ts';
import { findAttribute } from '#domain/catalogue.ts';
import type { FacetJson } from '#domain/api-types.ts';
import { Drawer } from '../ui/Drawer.tsx';
import { selectedOf } from './FilterDropdowns.tsx';
import { TermList } from './TermList.tsx';

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
  const attributeOf = (facet: FacetJson) => findAttribute(facet.slug)?.slug;

  return (
    <>
      <button
        type="button"
        onClick={() => openDrawer(true)}
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
        <Accordion.Root type="multiple" className="flex flex-col">
          {facets.map((facet) => {
            const attribute = attributeOf(facet);
            const selected = selectedOf(draft, facet);
            return (
              <Accordion.Item
                key={facet.slug}
                value={facet.slug}
                className="border-b border-stone-200"
              >
                <Accordion.Header className="flex items-center gap-2">
                  <Accordion.Trigger className="flex flex-1 items-center justify-between py-3 text-left font-semibold">
                    <span>
                      {facet.name}
                      {selected.length > 0 ? ` (${selected.length})` : ''}
                    </span>
                    <span aria-hidden="true">▾</span>
                  </Accordion.Trigger>
                  {selected.length > 0 && attribute ? (
                    <button
                      type="button"
                      className="text-sm underline underline-offset-2"
                      aria-label={`clear ${facet.name}`}
                      onClick={() => setDraft(clearFilterAttribute(draft, attribute))}
                    >
                      clear
                    </button>
                  ) : null}
                </Accordion.Header>
                <Accordion.Content className="pb-3">
                  <TermList
                    facet={facet}
                    selected={selected}
                    onToggle={(slug) => {
                      if (attribute) setDraft(toggleFilterTerm(draft, attribute, slug));
                    }}
                  />
                </Accordion.Content>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
      </Drawer>
    </>
  );
}
