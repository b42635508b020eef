import { describe, expect, it } from 'vitest';
import { menuLinkHref, menuLinkSchema } from './menu-links.ts';

describe('menuLinkHref', () => {
  it('gives each kind of target its storefront address', () => {
    expect(menuLinkHref({ type: 'page', id: 3 }, { slug: 'about-us' })).toBe('/about-us');
    expect(menuLinkHref({ type: 'category', id: 5 }, { slug: 'marble-tiles' })).toBe(
      '/collections/marble-tiles',
    );
    expect(menuLinkHref({ type: 'product', id: 9 }, { slug: 'carrara-600x400' })).toBe(
      '/product/carrara-600x400',
    );
    expect(
      menuLinkHref({ type: 'listing', category_id: null, filter: 'material', term: 'marble' }, {}),
    ).toBe('/stone-collection/all-products?material=marble');
    expect(
      menuLinkHref(
        { type: 'listing', category_id: 4, filter: 'stone_colour', term: 'black' },
        { slug: 'granite-tiles' },
      ),
    ).toBe('/collections/granite-tiles?stone_colour=black');
  });

  it('refuses a malformed target with the message the menu editor shows', () => {
    const bad = menuLinkSchema.safeParse({
      type: 'listing',
      category_id: null,
      filter: 'x',
      term: 'a',
    });
    expect(bad.success).toBe(false);
    expect(menuLinkSchema.safeParse({ type: 'page', id: -1 }).error?.issues[0]?.message).toBe(
      'Choose what the entry links to',
    );
  });
});
