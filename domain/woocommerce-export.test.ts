import { describe, expect, it } from 'vitest';
import { matchHeaders } from './woocommerce-csv.ts';
import { EXPORT_HEADERS, exportRows, type ExportProduct } from './woocommerce-export.ts';
import { parseWooRow } from './woocommerce-row.ts';

describe('exportRows', () => {
  const product: ExportProduct = {
    id: 5,
    type: 'variable',
    sku: 'JURA',
    slug: 'jura-limestone',
    name: '=Jura Limestone',
    status: 'publish',
    unit: 'litre',
    featured: true,
    clearance: false,
    newArrival: true,
    shortDescription: 'Warm beige',
    description: '<p>Honed</p>',
    // A category renamed in the shop: its slug is no longer made from its name.
    categories: [
      { name: 'Limestone Tiles', slug: 'jura-limestone-tiles', section: 'stone-collection' },
    ],
    images: [{ src: '/media/stone/jura.webp', alt: 'Jura, honed, laid' }],
    terms: { Material: ['Limestone'], Colour: ['Beige, Brown'] },
    variations: [
      {
        id: 9,
        option: '600x400x20',
        sku: 'JURA-1',
        pricePence: 3950,
        regularPricePence: 4500,
        stock: 0,
        madeToOrder: false,
      },
      {
        id: 10,
        option: '1800x250x30',
        sku: 'JURA-2',
        pricePence: 12900,
        regularPricePence: null,
        stock: null,
        madeToOrder: true,
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
      name: '=Jura Limestone',
      unit: 'litre',
      categories: [
        { name: 'Limestone Tiles', slug: 'jura-limestone-tiles', section: 'stone-collection' },
      ],
      images: ['https://shop.example/media/stone/jura.webp'],
      imageAlts: ['Jura, honed, laid'],
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
      madeToOrder: false,
    });
    // A size made to the customer's specification keeps its flag through the file.
    expect(parseWooRow(rows[2]!, columns, 4).parsed).toMatchObject({
      option: '1800x250x30',
      madeToOrder: true,
    });
    const header = EXPORT_HEADERS.indexOf('Meta: _tessera_made_to_order');
    expect(rows[2]![header]).toBe('1');
  });
});
