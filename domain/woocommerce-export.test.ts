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
    tradeOnly: true,
    shortDescription: 'Warm beige',
    description: '<p>Honed</p>',
    // A category renamed in the shop: its slug is no longer made from its name.
    categories: [
      { name: 'Limestone Tiles', slug: 'jura-limestone-tiles', section: 'stone-collection' },
    ],
    images: [{ src: '/media/stone/jura.webp', alt: 'Jura, honed, laid' }],
    terms: { Material: ['Limestone'], Colour: ['Beige, Brown'] },
    facts: { frost_resistance: 'Frost resistant (EN 12371)', slip_rating: '', sealing_advice: '' },
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
      tradeOnly: true,
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
      facts: {
        frost_resistance: 'Frost resistant (EN 12371)',
        slip_rating: '',
        sealing_advice: '',
      },
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

  it("writes each size's thickness, pieces and weight per m², from its size and the Material", () => {
    const rows = exportRows(product, 'https://shop.example');
    const figures = (row: string[]) =>
      ['thickness_mm', 'pieces_per_m2', 'weight_kg_per_m2'].map(
        (key) => row[EXPORT_HEADERS.indexOf(`Meta: _tessera_${key}`)],
      );
    expect(figures(rows[0]!)).toEqual(['', '', '']);
    // Limestone, 2.7 t/m³: 600x400x20 is 1 / 0.24 m² = 4.17 pieces and 54 kg per m².
    expect(figures(rows[1]!)).toEqual(['20', '4.17', '54']);
    // 1800x250x30: 1 / 0.45 m² = 2.22 pieces; 2.7 × 30 = 81 kg per m².
    expect(figures(rows[2]!)).toEqual(['30', '2.22', '81']);
  });
});
