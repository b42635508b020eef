// Breadcrumbs from the URL path (spec section 2): Home first, then one crumb per path segment,
// named from FRIENDLY_NAMES or title-cased; in the three collection sections the generic
// 'Collection(s)' crumb is dropped because the section crumb already says it.
import {
  COLOUR_TERMS,
  FINISH_TERMS,
  MATERIAL_TERMS,
  STONE_COLLECTION_CATEGORIES,
  USAGE_TERMS,
} from './catalogue.ts';
import { titleCase } from './slug.ts';

export interface Crumb {
  name: string;
  href: string;
}

const EXPLICIT_NAMES: Readonly<Record<string, string>> = {
  'stone-collection': 'Stone Collection',
  'custom-stonework': 'Custom Stonework',
  'design-pattern-collection': 'Design Pattern Collection',
  'room-type-usage': 'Room Type Usage',
  colour: 'Colour',
  finish: 'Finish',
  collections: 'Collections',
  'new-arrivals': 'New Arrivals',
  'all-products': 'All Products',
  'stock-clearance': 'Stock Clearance',
  product: 'Products',
  'my-account': 'My Account',
  'account-details': 'Account Details',
  'lost-password': 'Lost Password',
  'adhevise-grout-advise': 'Adhesive & Grout Advice',
  'mouldings-skirtings': 'Mouldings & Skirtings',
  faq: 'FAQ',
  'return-refund-policy': 'Return & Refund Policy',
  'terms-and-conditions': 'Terms & Conditions',
  'sealing-and-maintenance': 'Sealing & Maintenance',
  // The colour routes of the menu ('Beige & Browns' → /colour/beige-browns).
  'beige-browns': 'Beige & Browns',
  'cream-yellows': 'Cream & Yellows',
  'blue-greens': 'Blue & Greens',
  'red-pinks': 'Red & Pinks',
};

/**
 * Friendly names of known slugs: the explicit ones above plus every catalogue term whose name is
 * not simply its title-cased slug ('off-cut-granite-quartz' → 'Off-Cut Granite & Quartz').
 */
export const FRIENDLY_NAMES: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(
    [
      ...STONE_COLLECTION_CATEGORIES,
      ...COLOUR_TERMS,
      ...USAGE_TERMS,
      ...FINISH_TERMS,
      ...MATERIAL_TERMS,
    ]
      .filter((term) => term.name !== titleCase(term.slug))
      .map((term) => [term.slug, term.name]),
  ),
  ...EXPLICIT_NAMES,
});

/**
 * The display name of a slug: its friendly name if known, its title-cased words otherwise.
 *
 * friendlyName('adhevise-grout-advise') → 'Adhesive & Grout Advice'
 * friendlyName('faq') → 'FAQ'
 * friendlyName('marble-tiles') → 'Marble Tiles'
 * friendlyName('constructor') → 'Constructor'
 */
export function friendlyName(slug: string): string {
  const key = slug.toLowerCase();
  // hasOwn, so that slugs like 'constructor' never pick up Object.prototype members.
  return Object.hasOwn(FRIENDLY_NAMES, key) ? (FRIENDLY_NAMES[key] as string) : titleCase(slug);
}

/** Sections whose paths make the 'Collection' and 'Collections' crumbs redundant. */
export const COLLECTION_SECTIONS: readonly string[] = [
  'stone-collection',
  'custom-stonework',
  'design-pattern-collection',
];
const DROPPED_IN_SECTIONS = new Set(['Collection', 'Collections']);

/**
 * Where crumbs go whose own path is not a page: to the page that lists what they group.
 */
export const CRUMB_HREF_OVERRIDES: Readonly<Record<string, string>> = {
  '/collections/stone-collection': '/collections',
  '/collections/custom-stonework': '/collections',
  '/collections/design-pattern-collection': '/collections',
  '/stone-collection': '/collections',
  '/colour': '/collections',
  '/room-type-usage': '/collections',
  '/finish': '/collections',
  '/product': '/stone-collection/all-products',
};

/**
 * The path's segments, without query, hash, empty segments or percent-encoding.
 *
 * pathSegments('/colour/whites/?page=2#top') → ['colour', 'whites']
 * pathSegments('/product/caf%C3%A9-tile') → ['product', 'café-tile']
 * pathSegments('/') → []
 */
export function pathSegments(pathname: string): string[] {
  return rawSegments(pathname).map(decodeSegment);
}

function rawSegments(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the page.
    return segment;
  }
}

/**
 * The breadcrumb trail of a path. For /product/{slug} the caller may pass the product's name.
 *
 * breadcrumb('/') → [{ name: 'Home', href: '/' }]
 * breadcrumb('/collections/stone-collection/marble-tiles') → [
 *   { name: 'Home', href: '/' },
 *   { name: 'Stone Collection', href: '/collections' },
 *   { name: 'Marble Tiles', href: '/collections/stone-collection/marble-tiles' },
 * ]
 * breadcrumb('/collections/slabs') → [Home, { name: 'Collections', href: '/collections' },
 *   { name: 'Slabs', href: '/collections/slabs' }]
 * breadcrumb('/product/carrara-600x400', { productName: 'Carrara Marble' }) → [Home,
 *   { name: 'Products', href: '/stone-collection/all-products' },
 *   { name: 'Carrara Marble', href: '/product/carrara-600x400' }]
 */
export function breadcrumb(pathname: string, options: { productName?: string } = {}): Crumb[] {
  const segments = rawSegments(pathname);
  const decoded = segments.map(decodeSegment);
  const lowered = decoded.map((segment) => segment.toLowerCase());
  const inSection = lowered.some((segment) => COLLECTION_SECTIONS.includes(segment));
  const productName = options.productName?.trim();

  const crumbs: Crumb[] = [{ name: 'Home', href: '/' }];
  let href = '';
  segments.forEach((segment, index) => {
    href += `/${segment}`;
    const isProductSlug = lowered[0] === 'product' && index === 1;
    const name =
      isProductSlug && productName ? productName : friendlyName(decoded[index] ?? segment);
    if (inSection && DROPPED_IN_SECTIONS.has(name)) return;
    const target = Object.hasOwn(CRUMB_HREF_OVERRIDES, href.toLowerCase())
      ? (CRUMB_HREF_OVERRIDES[href.toLowerCase()] as string)
      : href;
    crumbs.push({ name, href: target });
  });
  return crumbs;
}
