import type { MenuNodeJson } from '#domain/api-types.ts';
import { TOP_MENU_FALLBACKS, menuLink } from '#domain/menu.ts';
import { slugify } from '#domain/slug.ts';

export interface MenuItemView {
  title: string;
  /** Null for a group whose items the link rules do not link. */
  href: string | null;
}

export interface MenuGroupView {
  title: string;
  items: MenuItemView[];
}

export interface MenuEntryView {
  title: string;
  /** The entry's own page: its fallback path of spec section 2, if it has one. */
  href: string | null;
  groups: MenuGroupView[];
}

/**
 * The menu tree as the header shows it: each entry and item linked to the target chosen for it
 * in the back office, else by the rules of domain/menu.ts. Without
 * a tree (the menu failed to load) the top-menu fallback entries stand in, linking their pages.
 */
export function menuEntries(tree: readonly MenuNodeJson[]): MenuEntryView[] {
  if (tree.length === 0) {
    return TOP_MENU_FALLBACKS.map((entry) => ({ ...entry, href: entry.path, groups: [] }));
  }
  return tree.map((entry) => ({
    title: entry.title,
    href:
      entry.href ??
      TOP_MENU_FALLBACKS.find((f) => slugify(f.title) === slugify(entry.title))?.path ??
      null,
    groups: entry.children.map((group) => ({
      title: group.title,
      items: group.children.map((item) => ({
        title: item.title,
        href: item.href ?? menuLink(group.title, item.title),
      })),
    })),
  }));
}
