import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from './admin-catalogue.ts';
import {
  categoryOfPath,
  categoryPath,
  EXPORT_HEADERS,
  exportRows,
  IMPORT_MESSAGES,
  joinList,
  matchHeaders,
  ownImagePath,
  parseCategoryPaths,
  parsePence,
  parseWooRow,
  splitList,
  type ExportProduct,
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
    expect(ownImagePath('https://old.example/media/a.jpg', shop)).toBeNull();
    expect(ownImagePath('https://shop.example/wp-content/a.jpg', shop)).toBeNull();
  });
});

describe('parseWooRow', () => {
  const headers = [
    'ID',
    'Type',
    'SKU',
    'Name',
    'Published',
    'Regular price',
    'Sale price',
    'Stock',
    'In stock?',
    'Parent',
    'Categories',
    'Attribute 1 name',
    'Attribute 1 value(s)',
    'Attribute 2 name',
    'Attribute 2 value(s)',
  ];
  const columns = matchHeaders(headers);
  const row = (values: Record<string, string>) => headers.map((h) => values[h] ?? '');

  it('reads a variable product with its terms and categories', () => {
    const { parsed, problems } = parseWooRow(
      row({
        ID: '10',
        Type: 'variable',
        SKU: 'CARRARA',
        Name: 'Carrara Marble',
        Published: '1',
        Categories: 'Stone Collection > Marble Tiles',
        'Attribute 1 name': 'Sizemm',
        'Attribute 1 value(s)': '600x400x20, Free Sample',
        'Attribute 2 name': 'pa_colour',
        'Attribute 2 value(s)': 'White, Grey',
      }),
      columns,
      2,
    );
    expect(problems).toEqual([]);
    expect(parsed).toMatchObject({
      kind: 'product',
      type: 'variable',
      sku: 'CARRARA',
      fileId: '10',
      status: 'publish',
      categories: [{ slug: 'marble-tiles', section: 'stone-collection' }],
      terms: [{ attributeId: 8, names: ['White', 'Grey'] }],
    });
  });

  it('reads a variation on sale, its parent by id, and stock', () => {
    const { parsed } = parseWooRow(
      row({
        Type: 'variation',
        SKU: 'CARRARA-1',
        Parent: 'id:10',
        'Regular price': '45',
        'Sale price': '39.5',
        Stock: '12',
        'Attribute 1 name': 'Sizemm',
        'Attribute 1 value(s)': '600x400x20',
      }),
      columns,
      3,
    );
    expect(parsed).toEqual({
      kind: 'variation',
      row: 3,
      sku: 'CARRARA-1',
      parent: { fileId: '10' },
      option: '600x400x20',
      pricePence: 3950,
      regularPricePence: 4500,
      stock: 12,
    });
  });

  it('counts an empty stock marked out of stock as none left', () => {
    const { parsed } = parseWooRow(
      row({
        Type: 'variation',
        Parent: 'CARRARA',
        'Regular price': '45',
        'In stock?': '0',
        'Attribute 1 name': 'Sizemm',
        'Attribute 1 value(s)': '600x400x20',
      }),
      columns,
      3,
    );
    expect(parsed).toMatchObject({ sku: null, parent: { sku: 'CARRARA' }, stock: 0 });
  });

  it('reports every bad field with its column and message', () => {
    const { parsed, problems } = parseWooRow(
      row({
        Type: 'variation',
        SKU: 'BAD-1',
        'Regular price': '12.345',
        'Sale price': 'cheap',
        Stock: '-3',
        'Attribute 1 name': 'Sizemm',
      }),
      columns,
      7,
    );
    expect(parsed).toBeNull();
    expect(problems.map((p) => [p.row, p.sku, p.field, p.message])).toEqual([
      [7, 'BAD-1', 'Parent', IMPORT_MESSAGES.parentRequired],
      [7, 'BAD-1', 'Regular price', IMPORT_MESSAGES.priceInvalid],
      [7, 'BAD-1', 'Sale price', IMPORT_MESSAGES.priceInvalid],
      [7, 'BAD-1', 'Stock', IMPORT_MESSAGES.stockInvalid],
      [7, 'BAD-1', 'Attribute 1 value(s)', IMPORT_MESSAGES.optionRequired],
    ]);
  });

  it('refuses a product without SKU or name, a sale price not below, a priced free sample', () => {
    expect(
      parseWooRow(row({ Type: 'variable' }), columns, 2).problems.map((p) => p.message),
    ).toEqual([IMPORT_MESSAGES.skuRequired, CATALOGUE_MESSAGES.nameRequired]);
    const sale = parseWooRow(
      row({
        Type: 'simple',
        SKU: 'S',
        Name: 'S',
        'Regular price': '10',
        'Sale price': '10',
      }),
      columns,
      2,
    );
    expect(sale.problems.map((p) => p.message)).toEqual([IMPORT_MESSAGES.saleNotBelow]);
    const sample = parseWooRow(
      row({
        Type: 'variation',
        Parent: 'S',
        'Regular price': '1',
        'Attribute 1 name': 'Sizemm',
        'Attribute 1 value(s)': 'Free Sample',
      }),
      columns,
      2,
    );
    expect(sample.problems.map((p) => p.message)).toEqual([CATALOGUE_MESSAGES.freeSamplePrice]);
  });

  it('warns of an attribute the shop does not have, and still reads the row', () => {
    const { parsed, problems } = parseWooRow(
      row({
        Type: 'simple',
        SKU: 'S',
        Name: 'Sealer',
        'Regular price': '9.99',
        'Attribute 1 name': 'Volume',
        'Attribute 1 value(s)': '1 Litre',
      }),
      columns,
      2,
    );
    expect(problems).toEqual([
      {
        row: 2,
        sku: 'S',
        field: 'Attribute Volume',
        message: IMPORT_MESSAGES.attributeIgnored,
        severity: 'warning',
      },
    ]);
    expect(parsed).toMatchObject({ single: { option: 'Each', pricePence: 999, stock: null } });
  });
});

describe('exportRows', () => {
  const product: ExportProduct = {
    id: 5,
    type: 'variable',
    sku: 'JURA',
    slug: 'jura-limestone',
    name: 'Jura Limestone',
    status: 'publish',
    featured: true,
    clearance: false,
    newArrival: true,
    shortDescription: 'Warm beige',
    description: '<p>Honed</p>',
    categories: [{ name: 'Limestone Tiles', slug: 'limestone-tiles', section: 'stone-collection' }],
    images: ['/media/stone/jura.webp'],
    terms: { Material: ['Limestone'], Colour: ['Beige, Brown'] },
    variations: [
      {
        id: 9,
        option: '600x400x20',
        sku: 'JURA-1',
        pricePence: 3950,
        regularPricePence: 4500,
        stock: 0,
      },
    ],
  };

  it('writes rows the import reads back as the same product and size', () => {
    const rows = exportRows(product, 'https://shop.example');
    const columns = matchHeaders(EXPORT_HEADERS);
    const parent = parseWooRow(rows[0]!, columns, 2);
    expect(parent.problems).toEqual([]);
    expect(parent.parsed).toMatchObject({
      type: 'variable',
      sku: 'JURA',
      slug: 'jura-limestone',
      featured: true,
      newArrival: true,
      clearance: false,
      images: ['https://shop.example/media/stone/jura.webp'],
      terms: [
        { attributeId: 6, names: ['Limestone'] },
        { attributeId: 7, names: [] },
        { attributeId: 2, names: [] },
        { attributeId: 8, names: ['Beige, Brown'] },
      ],
    });
    const size = parseWooRow(rows[1]!, columns, 3);
    expect(size.parsed).toMatchObject({
      parent: { sku: 'JURA' },
      option: '600x400x20',
      pricePence: 3950,
      regularPricePence: 4500,
      stock: 0,
    });
  });
});
