import { describe, expect, it } from 'vitest';
import { documentFileName, isPdf } from './product-documents.ts';
import { htmlText, productFactsJsonLd } from './product-json-ld.ts';
import {
  knownKgPerM2,
  productSpecifications,
  sizeSpecifications,
} from './product-specifications.ts';

const NOTHING = { frost_resistance: '', slip_rating: '', sealing_advice: '' };

describe('productSpecifications', () => {
  it('reads material, finish, colour and uses from the terms, then the facts entered', () => {
    const rows = productSpecifications(
      [
        { id: 8, options: ['White', 'Grey'] },
        { id: 6, options: ['Marble'] },
        { id: 7, options: ['Bathroom', 'Kitchen'] },
        { id: 2, options: ['Honed'] },
      ],
      { frost_resistance: 'Frost resistant', slip_rating: 'R10', sealing_advice: '' },
    );
    expect(rows.map((row) => [row.name, row.value])).toEqual([
      ['Material', 'Marble'],
      ['Finish', 'Honed'],
      ['Colour', 'White, Grey'],
      ['Suitable for', 'Bathroom, Kitchen'],
      ['Frost resistance', 'Frost resistant'],
      ['Slip rating', 'R10'],
    ]);
  });

  it('leaves out every row nobody knows', () => {
    expect(productSpecifications([], { ...NOTHING, slip_rating: '  ' })).toEqual([]);
  });
});

describe('sizeSpecifications', () => {
  it('gives pieces and weight per m² of each size, and nothing for samples or tubs', () => {
    const sizes = sizeSpecifications(
      [
        { id: 1, option: 'Free Sample' },
        { id: 2, option: '600x400x20' },
        { id: 3, option: '305x305' },
        { id: 4, option: '1200x600x30 Full Size Sample' },
        { id: 5, option: '5 Litre' },
      ],
      'Granite',
    );
    expect(sizes).toEqual([
      {
        variation_id: 2,
        option: '600x400x20',
        width_mm: 600,
        length_mm: 400,
        thickness_mm: 20,
        pieces_per_m2: 4.17,
        weight_kg_per_m2: 55,
      },
      // No thickness named: no weight (delivery assumes 20 mm; a specification does not).
      {
        variation_id: 3,
        option: '305x305',
        width_mm: 305,
        length_mm: 305,
        thickness_mm: null,
        pieces_per_m2: 10.75,
        weight_kg_per_m2: null,
      },
    ]);
  });

  it('knows a weight only for a material of known density', () => {
    expect(knownKgPerM2('Sandstone', 30)).toBe(69);
    expect(knownKgPerM2('Mystery stone', 20)).toBeNull();
    expect(knownKgPerM2(null, 20)).toBeNull();
  });
});

describe('documents', () => {
  it('takes only what starts as a PDF', () => {
    expect(isPdf(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(new TextEncoder().encode('%PDF'))).toBe(false);
    expect(isPdf(new TextEncoder().encode('<html>%PDF-1.7'))).toBe(false);
  });

  it('names the file from its title, safe in a path and a header', () => {
    expect(documentFileName('Declaration of Performance — Jura Beige')).toBe(
      'declaration-of-performance-jura-beige.pdf',
    );
    expect(documentFileName('../../etc/passwd"')).toBe('etc-passwd.pdf');
    expect(documentFileName('"";')).toBe('document.pdf');
    expect(documentFileName('x'.repeat(300))).toBe(`${'x'.repeat(80)}.pdf`);
  });
});

describe('productFactsJsonLd', () => {
  it('carries the description as text, material, properties and documents', () => {
    const ld = productFactsJsonLd(
      {
        short_description: 'Short',
        description: '<p>Cut from <b>Jura</b> limestone.</p><p>Seal &amp; grout.</p>',
        specifications: [
          { key: 'material', name: 'Material', value: 'Limestone' },
          { key: 'slip_rating', name: 'Slip rating', value: 'R11' },
        ],
        size_specifications: [
          {
            variation_id: 1,
            option: '600x400x20',
            width_mm: 600,
            length_mm: 400,
            thickness_mm: 20,
            pieces_per_m2: 4.17,
            weight_kg_per_m2: 54,
          },
        ],
        documents: [
          {
            id: 3,
            title: 'DoP',
            kind: 'dop',
            url: '/api/product-documents/3/dop.pdf',
            file_name: 'dop.pdf',
            size_bytes: 10,
          },
        ],
      },
      'https://shop.example',
    );
    expect(ld).toEqual({
      description: 'Cut from Jura limestone. Seal & grout.',
      material: 'Limestone',
      additionalProperty: [
        { '@type': 'PropertyValue', name: 'Slip rating', value: 'R11' },
        { '@type': 'PropertyValue', name: 'Thickness (600x400x20)', value: 20, unitText: 'mm' },
        { '@type': 'PropertyValue', name: 'Pieces per m² (600x400x20)', value: 4.17 },
        {
          '@type': 'PropertyValue',
          name: 'Weight per m² (600x400x20)',
          value: 54,
          unitText: 'kg/m²',
        },
      ],
      subjectOf: [
        {
          '@type': 'DigitalDocument',
          name: 'DoP',
          url: 'https://shop.example/api/product-documents/3/dop.pdf',
          encodingFormat: 'application/pdf',
        },
      ],
    });
  });

  it('falls back to the short description and leaves out what is unknown', () => {
    expect(
      productFactsJsonLd({ short_description: 'Short', description: '' }, 'https://x'),
    ).toEqual({ description: 'Short' });
    expect(htmlText('<p>a&nbsp;b</p>\n<p>c</p>')).toBe('a b c');
  });
});
