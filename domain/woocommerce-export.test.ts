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
    name: 'Jura Limestone',
    status: 'publish',
    unit: 'm2',
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
