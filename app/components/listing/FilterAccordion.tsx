import * as Accordion from '@radix-ui/react-accordion';
import { findAttribute } from '#domain/catalogue.ts';
import { clearFilterAttribute, toggleFilterTerm, type FilterSelection } from '#domain/listing.ts';
import type { FacetJson } from '#domain/api-types.ts';
import { selectedOf } from './FilterDropdowns.tsx';
import { TermList } from './TermList.tsx';

export interface FilterAccordionProps {
  facets: FacetJson[];
  draft: FilterSelection;
  onDraftChange(draft: FilterSelection): void;
}

/** The filter drawer's attributes, each opening on its terms, with a count and 'clear'. */
export function FilterAccordion({ facets, draft, onDraftChange: setDraft }: FilterAccordionProps) {
  const attributeOf = (facet: FacetJson) => findAttribute(facet.slug)?.slug;
  return (
    <Accordion.Root type="multiple" className="flex flex-col">
      {facets.map((facet) => {
        const attribute = attributeOf(facet);
        const selected = selectedOf(draft, facet);
        return (
          <Accordion.Item key={facet.slug} value={facet.slug} className="border-b border-stone-200">
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
  );
}
