import { Link } from 'react-router';
import { GET_QUOTE_PATH, VIEW_ALL_COLLECTIONS_PATH } from '#domain/menu.ts';
import type { MenuGroupView } from './menu-tree.ts';

/** The groups of one top-level entry as columns of links; items without a link show as text. */
export function MenuGroupColumns({
  groups,
  onChoose,
  headingLevel: Heading = 'h2',
}: {
  groups: MenuGroupView[];
  onChoose?: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-5">
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <Heading className="mb-2 text-xs font-semibold tracking-widest text-stone-600 uppercase">
            {group.title}
          </Heading>
          <ul className="space-y-1.5">
            {group.items.map((item) => (
              <li key={item.title}>
                {item.href ? (
                  <Link to={item.href} onClick={onChoose} className="text-sm hover:underline">
                    {item.title}
                  </Link>
                ) : (
                  <span className="text-sm text-stone-600">{item.title}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** 'View All Collections' and 'Get Quote', under every menu panel. */
export function MenuActions({ onChoose }: { onChoose?: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Link
        to={VIEW_ALL_COLLECTIONS_PATH}
        onClick={onChoose}
        className="rounded-full border border-stone-ink px-5 py-2 text-sm font-medium hover:bg-stone-100"
      >
        View All Collections
      </Link>
      <Link
        to={GET_QUOTE_PATH}
        onClick={onChoose}
        className="rounded-full bg-stone-ink px-5 py-2 text-sm font-medium text-white hover:bg-stone-700"
      >
        Get Quote
      </Link>
    </div>
  );
}
