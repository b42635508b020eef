import { describe, expect, it } from 'vitest';
import { CATALOGUE_MESSAGES } from './admin-catalogue.ts';
import { IMPORT_MESSAGES, matchHeaders } from './woocommerce-csv.ts';
import { parseWooRow } from './woocommerce-row.ts';

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

  it('reads the trade-only flag as yes/no, true/false or 1/0, and refuses anything else', () => {
    const tradeColumns = matchHeaders(['Type', 'SKU', 'Name', 'Meta: _tessera_trade_only']);
    const read = (text: string) =>
      parseWooRow(['variable', 'JURA', 'Jura Limestone', text], tradeColumns, 7);
    const flags = ['yes', 'No', 'TRUE', 'false', '1', '0', ''].map((text) => {
      const { parsed } = read(text);
      return parsed?.kind === 'product' ? parsed.tradeOnly : 'refused';
    });
    expect(flags).toEqual([true, false, true, false, true, false, undefined]);
    expect(read('trade')).toEqual({
      parsed: null,
      problems: [
        {
          row: 7,
          sku: 'JURA',
          field: 'Meta: _tessera_trade_only',
          message: 'Enter 1 or 0 (yes or no, true or false)',
          severity: 'error',
        },
      ],
    });
  });
});
