import { useState } from 'react';
import { hiddenTermCount, VISIBLE_TERMS } from '#domain/catalogue.ts';
import type { FacetJson } from '#domain/api-types.ts';

export interface TermListProps {
  facet: FacetJson;
  selected: readonly string[];
  onToggle(slug: string): void;
}

/**
 * One attribute's terms as checkboxes with their product counts. Above seven terms the rest
 * hide behind a '+N more' button (spec section 2).
 */
export function TermList({ facet, selected, onToggle }: TermListProps) {
  const [expanded, setExpanded] = useState(false);
  const hidden = hiddenTermCount(facet.terms.length);
  const shown = expanded ? facet.terms : facet.terms.slice(0, VISIBLE_TERMS);
  return (
    <div>
      <ul className="flex flex-col gap-1" aria-label={`${facet.name} options`}>
        {shown.map((term) => (
          <li key={term.slug}>
            <label className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="checkbox"
                checked={selected.includes(term.slug)}
                onChange={() => onToggle(term.slug)}
                className="size-4"
              />
              <span className="flex-1">{term.name}</span>
              <span className="text-sm text-stone-600">({term.count})</span>
            </label>
          </li>
        ))}
      </ul>
      {hidden > 0 && !expanded ? (
        <button
          type="button"
          className="mt-1 text-sm underline underline-offset-2"
          onClick={() => setExpanded(true)}
        >
          +{hidden} more
        </button>
      ) : null}
    </div>
  );
}
