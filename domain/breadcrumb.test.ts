import { describe, expect, it } from 'vitest';
import {
  COLLECTION_SECTIONS,
  FRIENDLY_NAMES,
  breadcrumb,
  friendlyName,
  pathSegments,
} from './breadcrumb.ts';

const HOME = { name: 'Home', href: '/' };

describe('FRIENDLY_NAMES: "using friendly names for known slugs"', () => {
  it.each([
    ['stone-collection', 'Stone Collection'],
    ['custom-stonework', 'Custom Stonework'],
    ['design-pattern-collection', 'Design Pattern Collection'],
    ['room-type-usage', 'Room Type Usage'],
    ['colour', 'Colour'],
    ['finish', 'Finish'],
    ['collections', 'Collections'],
    ['new-arrivals', 'New Arrivals'],
    ['my-account', 'My Account'],
    ['adhevise-grout-advise', 'Adhesive & Grout Advice'],
    ['mouldings-skirtings', 'Mouldings & Skirtings'],
    ['faq', 'FAQ'],
    ['off-cut-granite-quartz', 'Off-Cut Granite & Quartz'],
    ['octagon-cabochon-tiles', 'Octagon & Cabochon Tiles'],
    ['beige-browns', 'Beige & Browns'],
    ['beige-brown', 'Beige & Brown'],
    ['polished-shiny-smooth', 'Polished (Shiny & Smooth)'],
    ['return-refund-policy', 'Return & Refund Policy'],
    ['terms-and-conditions', 'Terms & Conditions'],
  ])('%s → %s', (slug, name) => {
    expect(FRIENDLY_NAMES[slug]).toBe(name);
    expect(friendlyName(slug)).toBe(name);
  });

  it('title-cases unknown slugs, and never reads Object.prototype', () => {
    expect(friendlyName('marble-tiles')).toBe('Marble Tiles');
    expect(friendlyName('whites')).toBe('Whites');
    expect(friendlyName('constructor')).toBe('Constructor');
    expect(friendlyName('__proto__')).toBe('Proto');
    expect(friendlyName('FAQ')).toBe('FAQ');
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(FRIENDLY_NAMES)).toBe(true);
  });
});

describe('pathSegments', () => {
  it('drops query, hash, empty segments and percent-encoding', () => {
    expect(pathSegments('/colour/whites/?page=2#top')).toEqual(['colour', 'whites']);
    expect(pathSegments('/product/caf%C3%A9-tile')).toEqual(['product', 'café-tile']);
    expect(pathSegments('//a///b')).toEqual(['a', 'b']);
    expect(pathSegments('/')).toEqual([]);
    expect(pathSegments('')).toEqual([]);
    expect(pathSegments('/bad%E0%A4%A')).toEqual(['bad%E0%A4%A']);
  });
});

describe('breadcrumb: "Built from URL path segments starting with Home"', () => {
  it('is just Home on the home page', () => {
    expect(breadcrumb('/')).toEqual([HOME]);
    expect(breadcrumb('')).toEqual([HOME]);
  });

  it('gives one crumb per segment, with friendly or title-cased names', () => {
    expect(breadcrumb('/faq')).toEqual([HOME, { name: 'FAQ', href: '/faq' }]);
    expect(breadcrumb('/adhevise-grout-advise')).toEqual([
      HOME,
      { name: 'Adhesive & Grout Advice', href: '/adhevise-grout-advise' },
    ]);
    expect(breadcrumb('/my-account/account-details')).toEqual([
      HOME,
      { name: 'My Account', href: '/my-account' },
      { name: 'Account Details', href: '/my-account/account-details' },
    ]);
    expect(breadcrumb('/new-arrivals/')).toEqual([
      HOME,
      { name: 'New Arrivals', href: '/new-arrivals' },
    ]);
  });

  it('"When the path includes Stone Collection, Custom Stonework or Design Pattern Collection, crumbs named Collection or Collections are dropped"', () => {
    expect(COLLECTION_SECTIONS).toEqual([
      'stone-collection',
      'custom-stonework',
      'design-pattern-collection',
    ]);
    expect(breadcrumb('/collections/stone-collection/marble-tiles')).toEqual([
      HOME,
      { name: 'Stone Collection', href: '/collections' },
      { name: 'Marble Tiles', href: '/collections/stone-collection/marble-tiles' },
    ]);
    expect(breadcrumb('/collections/custom-stonework/stone-sinks')).toEqual([
      HOME,
      { name: 'Custom Stonework', href: '/collections' },
      { name: 'Stone Sinks', href: '/collections/custom-stonework/stone-sinks' },
    ]);
    expect(breadcrumb('/collections/design-pattern-collection/herringbone-tiles')).toEqual([
      HOME,
      { name: 'Design Pattern Collection', href: '/collections' },
      {
        name: 'Herringbone Tiles',
        href: '/collections/design-pattern-collection/herringbone-tiles',
      },
    ]);
    expect(breadcrumb('/collections/stone-collection/mouldings-skirtings').at(-1)).toEqual({
      name: 'Mouldings & Skirtings',
      href: '/collections/stone-collection/mouldings-skirtings',
    });
    expect(breadcrumb('/stone-collection/collection').map((c) => c.name)).toEqual([
      'Home',
      'Stone Collection',
    ]);
  });

  it('keeps the Collections crumb on other paths', () => {
    expect(breadcrumb('/collections/slabs')).toEqual([
      HOME,
      { name: 'Collections', href: '/collections' },
      { name: 'Slabs', href: '/collections/slabs' },
    ]);
    expect(breadcrumb('/collections')).toEqual([
      HOME,
      { name: 'Collections', href: '/collections' },
    ]);
  });

  it('links crumbs without a page of their own to the page that lists them', () => {
    expect(breadcrumb('/colour/whites')).toEqual([
      HOME,
      { name: 'Colour', href: '/collections' },
      { name: 'Whites', href: '/colour/whites' },
    ]);
    expect(breadcrumb('/room-type-usage/bathroom')[1]).toEqual({
      name: 'Room Type Usage',
      href: '/collections',
    });
    expect(breadcrumb('/finish/split-face')[1]).toEqual({ name: 'Finish', href: '/collections' });
    expect(breadcrumb('/stone-collection/all-products')).toEqual([
      HOME,
      { name: 'Stone Collection', href: '/collections' },
      { name: 'All Products', href: '/stone-collection/all-products' },
    ]);
  });

  it('names the product crumb after the product when the caller knows it', () => {
    expect(breadcrumb('/product/carrara-600x400', { productName: 'Carrara Marble' })).toEqual([
      HOME,
      { name: 'Products', href: '/stone-collection/all-products' },
      { name: 'Carrara Marble', href: '/product/carrara-600x400' },
    ]);
    expect(breadcrumb('/product/carrara-600x400').at(-1)).toEqual({
      name: 'Carrara 600x400',
      href: '/product/carrara-600x400',
    });
    expect(breadcrumb('/product/carrara-600x400', { productName: '  ' }).at(-1)?.name).toBe(
      'Carrara 600x400',
    );
    expect(breadcrumb('/faq', { productName: 'Ignored' }).at(-1)?.name).toBe('FAQ');
  });

  it('keeps percent-encoding in links and decodes it in names', () => {
    expect(breadcrumb('/product/caf%C3%A9-tile').at(-1)).toEqual({
      name: 'Café Tile',
      href: '/product/caf%C3%A9-tile',
    });
  });

  it('ignores query and hash', () => {
    expect(breadcrumb('/colour/whites?page=2#grid').at(-1)).toEqual({
      name: 'Whites',
      href: '/colour/whites',
    });
  });
});
