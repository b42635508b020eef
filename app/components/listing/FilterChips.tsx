import type { FacetJson } from '#domain/api-types.ts';
import { friendlyName } from '#domain/breadcrumb.ts';
import { flattenFilterSelection, type FilterSelection } from '#domain/listing.ts';

/** The selected terms as chips; clicking one removes it (spec section 4). */
export function FilterChips({
  selection,
  facets,
  onRemove,
}: {
  selection: FilterSelection;
  facets: FacetJson[];
  onRemove(slug: string): void;
}) {
  const slugs = flattenFilterSelection(selection);
  if (slugs.length === 0) return null;
  const names = new Map(facets.flatMap((facet) => facet.terms.map((t) => [t.slug, t.name])));
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Selected filters">
      {slugs.map((slug) => {
        const name = names.get(slug) ?? friendlyName(slug);
        return (
          <li key={slug}>
            <button
              type="button"
              onClick={() => onRemove(slug)}
              aria-label={`Remove filter ${name}`}
              className="flex items-center gap-2 rounded-full bg-stone-100 px-3 py-1 text-sm hover:bg-stone-200"
            >
              {name}
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
