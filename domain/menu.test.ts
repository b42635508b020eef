import { describe, expect, it } from 'vitest';
import {
  GET_QUOTE_PATH,
  MENU_CLOSE_DELAY_MS,
  MENU_ENTRIES_LEFT_OF_LOGO,
  MOULDINGS_SKIRTINGS_PATH,
  TOP_MENU_FALLBACKS,
  VIEW_ALL_COLLECTIONS_PATH,
  menuLink,
  splitAroundLogo,
} from './menu.ts';

describe('menuLink: spec section 2 "Mega-menu link rules"', () => {
  it.each([
    ['Natural Stone Tiles', 'Marble Tiles', '/collections/stone-collection/marble-tiles'],
    [
      'Natural Stone Tiles',
      'Stone Mosaic Tiles',
      '/collections/stone-collection/stone-mosaic-tiles',
    ],
    ['Stone Slabs', 'Slabs', '/collections/slabs'],
    ['Stone Slabs', 'Off-Cut Granite & Quartz', '/collections/off-cut-granite-quartz'],
    ['Stone Colours', 'Whites', '/colour/whites'],
    ['Stone Colours', 'Beige & Browns', '/colour/beige-browns'],
    ['Usage Areas', 'Bathroom', '/room-type-usage/bathroom'],
    ['Usage Areas', 'Wet Room', '/room-type-usage/wet-room'],
    ['Stone Finishes', 'Split Face', '/finish/split-face'],
    ['Stone Finishes', 'Polished (Shiny & Smooth)', '/finish/polished-shiny-smooth'],
    ['Custom Stonework', 'Stone Sinks', '/collections/custom-stonework/stone-sinks'],
    ['Custom Stonework', 'Window Sills', '/collections/custom-stonework/window-sills'],
    [
      'Design Pattern Collection',
      'Herringbone Tiles',
      '/collections/design-pattern-collection/herringbone-tiles',
    ],
    [
      'Design Pattern Collection',
      'Octagon & Cabochon Tiles',
      '/collections/design-pattern-collection/octagon-cabochon-tiles',
    ],
    ['Stock Clearance', 'Stock Clearance', '/stone-collection/stock-clearance'],
    ['Stock Clearance', 'All Products', '/stone-collection/all-products'],
  ])('%s / %s → %s', (group, item, link) => {
    expect(menuLink(group, item)).toBe(link);
  });

  it('sends Mouldings and Skirtings under Custom Stonework to the stone collection', () => {
    expect(MOULDINGS_SKIRTINGS_PATH).toBe('/collections/stone-collection/mouldings-skirtings');
    for (const item of [
      'Mouldings and Skirtings',
      'Mouldings & Skirtings',
      'Mouldings (and) Skirtings',
    ]) {
      expect(menuLink('Custom Stonework', item), item).toBe(
        '/collections/stone-collection/mouldings-skirtings',
      );
    }
  });

  it('matches group titles case-insensitively (and with "&" or extra spaces)', () => {
    expect(menuLink('USAGE AREAS', 'Wet Room')).toBe('/room-type-usage/wet-room');
    expect(menuLink('natural stone tiles', 'Slate Tiles')).toBe(
      '/collections/stone-collection/slate-tiles',
    );
    expect(menuLink('  Stone   Colours ', 'Greys')).toBe('/colour/greys');
    expect(menuLink('Design & Pattern Collection', 'Metro Tiles')).toBe(
      '/collections/design-pattern-collection/metro-tiles',
    );
  });

  it('gives no link for any other group or an empty item', () => {
    expect(menuLink('Brands', 'Anything')).toBeNull();
    expect(menuLink('', 'Marble Tiles')).toBeNull();
    expect(menuLink('constructor', 'x')).toBeNull();
    expect(menuLink('Stone Slabs', '')).toBeNull();
    expect(menuLink('Stone Slabs', ' & ')).toBeNull();
  });
});

describe('menu constants', () => {
  it('"Other top-menu fallback entries"', () => {
    expect(TOP_MENU_FALLBACKS).toEqual([
      { title: 'Stone Collection', path: '/stone-collection' },
      { title: 'Custom Stonework', path: '/custom-stonework' },
      { title: 'Design & Pattern Collection', path: '/design-pattern' },
      { title: 'Stone Project', path: '/stone-project' },
    ]);
  });

  it('"View All Collections (/collections) and Get Quote (/contact)"; "Close delay 300 ms"', () => {
    expect(VIEW_ALL_COLLECTIONS_PATH).toBe('/collections');
    expect(GET_QUOTE_PATH).toBe('/contact');
    expect(MENU_CLOSE_DELAY_MS).toBe(300);
  });
});

describe('splitAroundLogo: "The first two top-level entries sit left of the logo, the rest right"', () => {
  it('splits after two entries', () => {
    expect(MENU_ENTRIES_LEFT_OF_LOGO).toBe(2);
    expect(splitAroundLogo(['A', 'B', 'C', 'D'])).toEqual({ left: ['A', 'B'], right: ['C', 'D'] });
    expect(splitAroundLogo(['A'])).toEqual({ left: ['A'], right: [] });
    expect(splitAroundLogo([])).toEqual({ left: [], right: [] });
  });
});
