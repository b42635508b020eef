import { describe, expect, it } from 'vitest';
import {
  categoryOfPath,
  categoryPath,
  exportedImageUrl,
  IMPORT_MESSAGES,
  joinList,
  matchHeaders,
  ownImagePath,
  parseCategoryPaths,
  parsePence,
  splitList,
} from './woocommerce-csv.ts';

describe('matchHeaders', () => {
  it('finds the columns by name in any order, with a BOM, any case and no question mark', () => {
    const map = matchHeaders(['\uFEFFsku', 'Is Featured', 'TYPE', 'Attribute 2 Value(s)', 'x']);
    expect(map.fields).toEqual({ sku: 0, featured: 1, type: 2 });
    expect(map.attributes).toEqual([{ values: 3 }]);
    expect(map.missing).toEqual([]);
  });

  it('reads meta columns by key and names the required columns a file lacks', () => {
    const map = matchHeaders(['Name', 'Meta: _tessera_slug']);
    expect(map.meta.get('_tessera_slug')).toBe(1);
    expect(map.missing).toEqual(['Type', 'SKU']);
  });
});

describe('lists', () => {
  it('splits on commas, keeping escaped ones, and joins back', () => {
    expect(splitList('Marble, Limestone ,')).toEqual(['Marble', 'Limestone']);
    expect(splitList('Tiles\\, 10mm, Slabs')).toEqual(['Tiles, 10mm', 'Slabs']);
    expect(splitList(joinList(['a, b', 'c']))).toEqual(['a, b', 'c']);
  });
});

describe('parsePence', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['1,234.56', 123456],
    ['£9.99', 999],
    ['0', 0],
    ['0.07', 7],
    ['', null],
  ])('reads %j exactly as %j pence', (text, pence) => {
    expect(parsePence(text)).toEqual({ ok: true, value: pence });
  });

  it.each(['12.345', '-1', '1,23.00', 'abc', '1.2.3', '12,5'])('refuses %j', (text) => {
    expect(parsePence(text)).toEqual({ ok: false, message: IMPORT_MESSAGES.priceInvalid });
  });

  it('refuses a price above the shop’s most', () => {
    expect(parsePence('100000.01')).toEqual({ ok: false, message: IMPORT_MESSAGES.priceTooHigh });
  });
});

describe('category paths', () => {
  it('reads paths and places the category in its section', () => {
    expect(parseCategoryPaths('Stone Collection > Marble Tiles, Sinks')).toEqual([
      ['Stone Collection', 'Marble Tiles'],
      ['Sinks'],
    ]);
    expect(categoryOfPath(['Stone Collection', 'Marble Tiles'])).toEqual({
      name: 'Marble Tiles',
      slug: 'marble-tiles',
      section: 'stone-collection',
    });
    expect(categoryOfPath(['Sinks'])).toEqual({ name: 'Sinks', slug: 'sinks', section: 'sinks' });
  });

  it('writes the path the import reads back', () => {
    for (const category of [
      { name: 'Marble Tiles', slug: 'marble-tiles', section: 'stone-collection' },
      { name: 'Sinks', slug: 'sinks', section: 'sinks' },
    ]) {
      expect(categoryOfPath(parseCategoryPaths(categoryPath(category))[0]!)).toEqual(category);
    }
  });
});

describe('ownImagePath', () => {
  const shop = 'https://shop.example';
  it('keeps the shop’s own media and refuses other sites', () => {
    expect(ownImagePath('https://shop.example/media/a.webp', shop)).toBe('/media/a.webp');
    expect(ownImagePath('/media/upload/7-640.webp', shop)).toBe('/media/upload/7-640.webp');
    // Any rendition stands for the uploaded image, as the shop stores it.
    expect(ownImagePath('https://shop.example/media/upload/7-1280.webp', shop)).toBe(
      '/media/upload/7-640.webp',
    );
    expect(ownImagePath('https://old.example/media/a.jpg', shop)).toBeNull();
    expect(ownImagePath('https://shop.example/wp-content/a.jpg', shop)).toBeNull();
  });
});

describe('exportedImageUrl', () => {
  it('writes absolute URLs, an uploaded image at its largest rendition', () => {
    const shop = 'https://shop.example';
    expect(exportedImageUrl('/media/upload/7-640.webp', shop)).toBe(
      'https://shop.example/media/upload/7-1280.webp',
    );
    expect(exportedImageUrl('/media/stone/marble-white-17-640.webp', shop)).toBe(
      'https://shop.example/media/stone/marble-white-17-640.webp',
    );
  });
});
