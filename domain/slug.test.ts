import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSlug, slugify, titleCase } from './slug.ts';

describe('slugify: "lower-cased and hyphenated, with ampersands and brackets removed"', () => {
  it.each([
    ['Off-Cut Granite & Quartz', 'off-cut-granite-quartz'],
    ['Beige & Browns', 'beige-browns'],
    ['Mouldings (and) Skirtings', 'mouldings-and-skirtings'],
    ['Marble Tiles', 'marble-tiles'],
    ['Polished (Shiny & Smooth)', 'polished-shiny-smooth'],
    ['Octagon & Cabochon Tiles', 'octagon-cabochon-tiles'],
    ['Beige&Brown', 'beige-brown'],
    ['[Sale] {Slabs}', 'sale-slabs'],
    ['Crème Marfil', 'creme-marfil'],
    ["Children's Room", 'childrens-room'],
    ['Children’s Room', 'childrens-room'],
    ['  --Hello--  ', 'hello'],
    ['600x400x20 Tiles', '600x400x20-tiles'],
    ['A  /  B', 'a-b'],
    ['&&&', ''],
    ['', ''],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('property: gives a well-formed slug or nothing, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (text) => {
        const slug = slugify(text);
        expect(slug === '' || isSlug(slug)).toBe(true);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('titleCase: "title-cased words otherwise"', () => {
  it.each([
    ['marble-tiles', 'Marble Tiles'],
    ['wet-room', 'Wet Room'],
    ['whites', 'Whites'],
    ['a--b', 'A B'],
    ['snake_case words', 'Snake Case Words'],
    ['', ''],
  ])('%j → %j', (slug, title) => {
    expect(titleCase(slug)).toBe(title);
  });
});

describe('isSlug', () => {
  it('accepts only well-formed slugs', () => {
    expect(isSlug('marble-tiles')).toBe(true);
    expect(isSlug('600x400')).toBe(true);
    for (const text of ['Marble', 'a--b', '-a', 'a-', '', 'a b', 'a_b', '<script>']) {
      expect(isSlug(text), text).toBe(false);
    }
  });
});
