// Mega-menu link rules (spec section 2). A link is built from the group title and the item title;
// groups are matched by their slug, so case, spacing and '&' do not matter.
import { slugify } from './slug.ts';

export const MENU_CLOSE_DELAY_MS = 300;
export const VIEW_ALL_COLLECTIONS_PATH = '/collections';
export const GET_QUOTE_PATH = '/contact';
/** The first two top-level entries sit left of the logo, the rest right. */
export const MENU_ENTRIES_LEFT_OF_LOGO = 2;

/** Top-menu entries used when the menu tree is not available (spec section 2). */
export const TOP_MENU_FALLBACKS: readonly { title: string; path: string }[] = [
  { title: 'Stone Collection', path: '/stone-collection' },
  { title: 'Custom Stonework', path: '/custom-stonework' },
  { title: 'Design & Pattern Collection', path: '/design-pattern' },
  { title: 'Stone Project', path: '/stone-project' },
];

/** Group slug → path prefix the item slug is appended to. */
export const MENU_GROUP_PREFIXES: Readonly<Record<string, string>> = {
  'natural-stone-tiles': '/collections/stone-collection/',
  'stone-slabs': '/collections/',
  'stone-colours': '/colour/',
  'usage-areas': '/room-type-usage/',
  'stone-finishes': '/finish/',
  'custom-stonework': '/collections/custom-stonework/',
  'design-pattern-collection': '/collections/design-pattern-collection/',
  'stock-clearance': '/stone-collection/',
};

export const MOULDINGS_SKIRTINGS_PATH = '/collections/stone-collection/mouldings-skirtings';
// 'Mouldings and Skirtings', 'Mouldings & Skirtings' and 'Mouldings (and) Skirtings' alike.
const MOULDINGS_SKIRTINGS_ITEMS = new Set(['mouldings-and-skirtings', 'mouldings-skirtings']);

/**
 * The link of a mega-menu item, or null for a group without links (or an empty item title).
 *
 * menuLink('Natural Stone Tiles', 'Marble Tiles') → '/collections/stone-collection/marble-tiles'
 * menuLink('Stone Slabs', 'Off-Cut Granite & Quartz') → '/collections/off-cut-granite-quartz'
 * menuLink('Stone Colours', 'Beige & Browns') → '/colour/beige-browns'
 * menuLink('USAGE AREAS', 'Wet Room') → '/room-type-usage/wet-room'
 * menuLink('Stone Finishes', 'Split Face') → '/finish/split-face'
 * menuLink('Custom Stonework', 'Stone Sinks') → '/collections/custom-stonework/stone-sinks'
 * menuLink('Custom Stonework', 'Mouldings and Skirtings')
 *   → '/collections/stone-collection/mouldings-skirtings'
 * menuLink('Design Pattern Collection', 'Herringbone Tiles')
 *   → '/collections/design-pattern-collection/herringbone-tiles'
 * menuLink('Stock Clearance', 'Stock Clearance') → '/stone-collection/stock-clearance'
 * menuLink('Brands', 'Anything') → null
 */
export function menuLink(groupTitle: string, itemTitle: string): string | null {
  const group = slugify(groupTitle);
  if (!Object.hasOwn(MENU_GROUP_PREFIXES, group)) return null;
  const item = slugify(itemTitle);
  if (item === '') return null;
  if (group === 'custom-stonework' && MOULDINGS_SKIRTINGS_ITEMS.has(item)) {
    return MOULDINGS_SKIRTINGS_PATH;
  }
  return `${MENU_GROUP_PREFIXES[group]}${item}`;
}

/**
 * Splits the top-level entries around the logo: the first two left, the rest right.
 *
 * splitAroundLogo(['A', 'B', 'C', 'D']) → { left: ['A', 'B'], right: ['C', 'D'] }
 * splitAroundLogo(['A']) → { left: ['A'], right: [] }
 */
export function splitAroundLogo<T>(entries: readonly T[]): { left: T[]; right: T[] } {
  return {
    left: entries.slice(0, MENU_ENTRIES_LEFT_OF_LOGO),
    right: entries.slice(MENU_ENTRIES_LEFT_OF_LOGO),
  };
}
