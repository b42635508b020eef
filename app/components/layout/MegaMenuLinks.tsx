import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { GET_QUOTE_PATH, VIEW_ALL_COLLECTIONS_PATH } from '#domain/menu.ts';
import type { MenuGroupView } from './menu-tree.ts';

/**
 * A menu link: a plain anchor that React Router follows without a page load. The menus render
 * some seventy links on every page, and each <Link> resolves its path and wires its handlers
 * when rendered (a fifth of a page's server render, and as much again when the browser
 * hydrates); menu paths are absolute, so there is nothing to resolve. A click with a modifier
 * key or another button is the browser's (a new tab, a download).
 */
function MenuLink({
  to,
  onChoose,
  className,
  children,
}: {
  to: string;
  onChoose?: () => void;
  className: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onChoose?.();
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    event.preventDefault();
    void navigate(to);
  };
  return (
    <a href={to} onClick={follow} className={className}>
      {children}
    </a>
  );
}

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
                  <MenuLink to={item.href} onChoose={onChoose} className="text-sm hover:underline">
                    {item.title}
                  </MenuLink>
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
      <MenuLink
        to={VIEW_ALL_COLLECTIONS_PATH}
        onChoose={onChoose}
        className="rounded-full border border-stone-ink px-5 py-2 text-sm font-medium hover:bg-stone-100"
      >
        View All Collections
      </MenuLink>
      <MenuLink
        to={GET_QUOTE_PATH}
        onChoose={onChoose}
        className="rounded-full bg-stone-ink px-5 py-2 text-sm font-medium text-white hover:bg-stone-700"
      >
        Get Quote
      </MenuLink>
    </div>
  );
}
