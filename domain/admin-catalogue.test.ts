import { describe, expect, it } from 'vitest';
import { storedPrices } from './sale-price.ts';
import { bulkEditSchema, changedPrice, percentChange } from './admin-bulk-edits.ts';
import {
  categoryEditSchema,
  categoryFormSchema,
  TAXONOMY_MESSAGES,
  termEditSchema,
  termFormSchema,
} from './admin-taxonomy.ts';
import {
  CATALOGUE_MESSAGES,
  priceUnit,
  productEditSchema,
  variationsGridSchema,
} from './admin-catalogue.ts';

const fields = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const product = {
  name: 'Carrara Marble',
  slug: 'carrara-marble',
  status: 'publish',
  short_description: '',
  description: '<p>White marble.</p>',
  category_ids: [1],
  term_ids: [2, 3],
  featured: false,
  is_new_arrival: true,
  on_sale: false,
};

describe('productEditSchema', () => {
  it('takes a valid product and trims the name', () => {
    expect(productEditSchema.parse({ ...product, name: '  Carrara Marble ' }).name).toBe(
      'Carrara Marble',
    );
  });
  it('answers each bad field with its message', () => {
    const result = productEditSchema.safeParse({
      ...product,
      name: ' ',
      slug: 'Carrara Marble',
      status: 'withdrawn',
      category_ids: ['x'],
    });
    expect(fields(result)).toMatchObject({
      name: CATALOGUE_MESSAGES.nameRequired,
      slug: CATALOGUE_MESSAGES.slugInvalid,
      status: CATALOGUE_MESSAGES.statusRequired,
      'category_ids.0': CATALOGUE_MESSAGES.unknownCategory,
    });
    expect(fields(productEditSchema.safeParse({ ...product, slug: 'a--b' }))).toEqual({
      slug: CATALOGUE_MESSAGES.slugInvalid,
    });
  });
});

const row = { option: '600x400x20', sku: '', price: '45.00', sale_price: '', stock: '' };

describe('variationsGridSchema', () => {
  it('turns pounds into pence and empty fields into null', () => {
    const grid = variationsGridSchema.parse({
      variations: [
        {
          ...row,
          id: 3,
          price: '£1,234.5',
          sale_price: '999.99',
          stock: '12',
          stock_seen: 10,
          sku: 'CAR-600',
        },
        { ...row, option: 'Free Sample', price: '0' },
      ],
    });
    expect(grid.variations[0]).toEqual({
      id: 3,
      option: '600x400x20',
      sku: 'CAR-600',
      price: 123450,
      sale_price: 99999,
      stock: 12,
      stock_seen: 10,
    });
    expect(grid.variations[1]).toMatchObject({
      price: 0,
      sale_price: null,
      stock: null,
      sku: null,
    });
  });
  it('refuses a changed stock of a size that exists without the figure the editor saw', () => {
    const result = variationsGridSchema.safeParse({ variations: [{ id: 3, stock: '12' }] });
    expect(fields(result)).toEqual({ 'variations.0.stock': CATALOGUE_MESSAGES.stockUnseen });
    expect(variationsGridSchema.parse({ variations: [{ id: 3, price: '40' }] }).variations).toEqual(
      [{ id: 3, price: 4000 }],
    );
  });
  it('answers each bad cell with its message', () => {
    const result = variationsGridSchema.safeParse({
      variations: [
        { ...row, price: 'abc', stock: '-1' },
        { ...row, option: '600X400X20', sale_price: '45.00' },
        { ...row, option: 'Free Sample', price: '2.00', sku: 'has space' },
        { ...row, option: '' },
      ],
    });
    expect(fields(result)).toEqual({
      'variations.0.price': CATALOGUE_MESSAGES.priceInvalid,
      'variations.0.stock': CATALOGUE_MESSAGES.stockInvalid,
      'variations.1.sale_price': CATALOGUE_MESSAGES.salePriceInvalid,
      'variations.1.option': CATALOGUE_MESSAGES.optionRepeated,
      'variations.2.price': CATALOGUE_MESSAGES.freeSamplePrice,
      'variations.2.sku': CATALOGUE_MESSAGES.skuInvalid,
      'variations.3.option': CATALOGUE_MESSAGES.optionRequired,
    });
  });
});

describe('prices', () => {
  it('quotes samples per item and sizes per m²', () => {
    expect(priceUnit('600x400x20')).toBe('m2');
    expect(priceUnit('Free Sample')).toBe('item');
    expect(priceUnit('Full Size Sample (600x400)')).toBe('item');
  });
  it('keeps the regular price only while on sale', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    expect(storedPrices({ price: 4500, sale_price: null }, now)).toEqual({
      pricePence: 4500,
      regularPricePence: null,
      scheduledSalePricePence: null,
    });
    expect(storedPrices({ price: 4500, sale_price: 3900 }, now)).toEqual({
      pricePence: 3900,
      regularPricePence: 4500,
      scheduledSalePricePence: null,
    });
    const tomorrow = new Date('2026-11-27T10:00:00Z');
    expect(storedPrices({ price: 4500, sale_price: 3900, sale_from: tomorrow }, now)).toEqual({
      pricePence: 4500,
      regularPricePence: null,
      scheduledSalePricePence: 3900,
    });
  });
  it('refuses a sale that ends before it starts, and sale dates without a sale price', () => {
    const grid = (row: Record<string, string>) =>
      fields(
        variationsGridSchema.safeParse({
          variations: [{ option: '600x400x20', sku: '', price: '62.50', stock: '', ...row }],
        }),
      );
    expect(
      grid({ sale_price: '58.00', sale_from: '2026-12-08T09:00', sale_to: '2026-12-01T09:00' }),
    ).toEqual({ 'variations.0.sale_to': CATALOGUE_MESSAGES.saleEndsBeforeStart });
    expect(grid({ sale_price: '', sale_from: '2026-12-01T09:00', sale_to: '' })).toEqual({
      'variations.0.sale_price': CATALOGUE_MESSAGES.saleDatesWithoutPrice,
    });
    expect(grid({ sale_price: '62.50', sale_from: '', sale_to: '' })).toEqual({
      'variations.0.sale_price': CATALOGUE_MESSAGES.salePriceInvalid,
    });
    expect(grid({ sale_price: '58.00', sale_from: 'soon', sale_to: '' })).toEqual({
      'variations.0.sale_from': CATALOGUE_MESSAGES.saleDateInvalid,
    });
  });
  it('rounds a percentage change by the one rule (half up)', () => {
    expect(percentChange(4500, 10)).toBe(4950);
    expect(percentChange(1999, -15)).toBe(1699);
    expect(percentChange(333, 50)).toBe(500);
    expect(percentChange(1, 50)).toBe(2);
    expect(percentChange(4500, 0)).toBe(4500);
  });
  it('adds a fixed amount and refuses to go below zero', () => {
    expect(changedPrice(4500, 'price_amount', '-2.50')).toBe(4250);
    expect(changedPrice(4500, 'price_amount', '£3')).toBe(4800);
    expect(changedPrice(100, 'price_amount', '-2')).toBeNull();
    expect(changedPrice(4500, 'price_percent', '-90')).toBe(450);
  });
});

describe('bulkEditSchema', () => {
  it('needs a selection and a value that fits the action', () => {
    expect(fields(bulkEditSchema.safeParse({ action: 'publish' }))).toEqual({
      ids: CATALOGUE_MESSAGES.bulkNothingSelected,
    });
    expect(bulkEditSchema.safeParse({ all: true, action: 'publish' }).success).toBe(true);
    expect(
      fields(bulkEditSchema.safeParse({ ids: [1], action: 'price_percent', value: '-95' })),
    ).toEqual({ value: CATALOGUE_MESSAGES.bulkPercentInvalid });
    expect(
      fields(bulkEditSchema.safeParse({ ids: [1], action: 'price_amount', value: 'two' })),
    ).toEqual({ value: CATALOGUE_MESSAGES.bulkAmountInvalid });
    expect(
      fields(bulkEditSchema.safeParse({ ids: [1], action: 'set_stock', value: '1.5' })),
    ).toEqual({ value: CATALOGUE_MESSAGES.bulkStockInvalid });
    expect(fields(bulkEditSchema.safeParse({ ids: [1], action: 'delete' }))).toEqual({
      action: CATALOGUE_MESSAGES.bulkActionRequired,
    });
  });
});

describe('categoryEditSchema and termEditSchema', () => {
  it('takes a name, a slug and a section, position 0 unless told', () => {
    expect(
      categoryEditSchema.parse({
        name: ' Terrazzo ',
        slug: 'terrazzo',
        section: 'stone-collection',
      }),
    ).toEqual({ name: 'Terrazzo', slug: 'terrazzo', section: 'stone-collection', position: 0 });
  });
  it('answers each bad field with its message', () => {
    expect(fields(termEditSchema.safeParse({ name: '', slug: 'Sea Green', position: -1 }))).toEqual(
      {
        name: TAXONOMY_MESSAGES.nameRequired,
        slug: TAXONOMY_MESSAGES.slugInvalid,
        position: TAXONOMY_MESSAGES.positionInvalid,
      },
    );
  });
  it("reads the forms' position text: blank is 0, digits a number, anything else the message", () => {
    const term = (position: string) =>
      termFormSchema.safeParse({ name: 'Sea Green', slug: 'sea-green', position });
    expect(term('').data?.position).toBe(0);
    expect(term(' 12 ').data?.position).toBe(12);
    expect(fields(term('first'))).toEqual({ position: TAXONOMY_MESSAGES.positionInvalid });
    expect(
      categoryFormSchema.parse({ name: 'Slate', slug: 'slate', section: 'stone', position: '4' }),
    ).toEqual({ name: 'Slate', slug: 'slate', section: 'stone', position: 4 });
  });
});
