import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FORM_ERROR_KEY,
  addToCartSchema,
  addressSchema,
  emailSchema,
  errorList,
  fieldErrors,
  loginSchema,
  updateCartSchema,
} from './validation.ts';
import type { z } from 'zod';
import { CART_QUANTITY_MAX } from './cart.ts';

/** The messages a schema gives for an input, in order ([] when valid). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function errorsOf(schema: z.ZodType, input: unknown): z.ZodError {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be invalid');
  return result.error;
}

describe('addToCartSchema: spec section 5 "Add to cart"', () => {
  it('"product_id and variation_id (if present) sent as numbers"; "quantity defaults to 1"', () => {
    expect(addToCartSchema.parse({ product_id: '12', variation_id: '34' })).toEqual({
      product_id: 12,
      variation_id: 34,
      quantity: 1,
      is_sample: false,
    });
    expect(addToCartSchema.parse({ product_id: 12 })).toEqual({
      product_id: 12,
      quantity: 1,
      is_sample: false,
    });
  });

  it('rejects ids that are not positive whole numbers', () => {
    for (const id of [0, -1, 1.5, '1.5', 'abc', '', null, true]) {
      expect(messages(addToCartSchema, { product_id: id }), String(id)).toEqual([
        'product_id must be a positive integer',
      ]);
    }
    expect(messages(addToCartSchema, { product_id: 1, variation_id: 0 })).toEqual([
      'variation_id must be a positive integer',
    ]);
  });

  it(`takes a whole quantity from 1 to ${CART_QUANTITY_MAX}`, () => {
    expect(addToCartSchema.parse({ product_id: 1, quantity: '3' }).quantity).toBe(3);
    expect(messages(addToCartSchema, { product_id: 1, quantity: 0 })).toEqual([
      'quantity must be a whole number from 1',
    ]);
    expect(messages(addToCartSchema, { product_id: 1, quantity: 2.5 })).toEqual([
      'quantity must be a whole number from 1',
    ]);
    expect(messages(addToCartSchema, { product_id: 1, quantity: CART_QUANTITY_MAX + 1 })).toEqual([
      'quantity must be at most 10000',
    ]);
  });

  it('"m2_quantity only if given", "rounded to 3 decimals"', () => {
    expect(
      addToCartSchema.parse({ product_id: 1, quantity: 2, m2_quantity: 0.4805 }).m2_quantity,
    ).toBe(0.481);
    expect(addToCartSchema.parse({ product_id: 1, m2_quantity: '0.48' }).m2_quantity).toBe(0.48);
    expect(addToCartSchema.parse({ product_id: 1, m2_quantity: null })).not.toHaveProperty(
      'm2_quantity',
    );
    expect(messages(addToCartSchema, { product_id: 1, m2_quantity: 0 })).toEqual([
      'm2_quantity must be a number above 0',
    ]);
    expect(messages(addToCartSchema, { product_id: 1, m2_quantity: 0.0004 })).toEqual([
      'm2_quantity must be at least 0.001',
    ]);
  });

  it('"is_sample coerced to boolean"; "omitted for samples"', () => {
    for (const [value, expected] of [
      [true, true],
      ['true', true],
      [1, true],
      ['1', true],
      [false, false],
      ['false', false],
      [0, false],
      ['0', false],
    ] as const) {
      expect(
        addToCartSchema.parse({ product_id: 1, is_sample: value }).is_sample,
        String(value),
      ).toBe(expected);
    }
    expect(messages(addToCartSchema, { product_id: 1, is_sample: 'yes' })).toEqual([
      'is_sample must be true or false',
    ]);
    expect(
      addToCartSchema.parse({ product_id: 1, is_sample: 'true', m2_quantity: 0.48 }),
    ).not.toHaveProperty('m2_quantity');
  });

  it('"a duplicate check is always requested (check_duplicates)"', () => {
    expect(addToCartSchema.parse({ product_id: 1, check_duplicates: true }).check_duplicates).toBe(
      true,
    );
    expect(
      addToCartSchema.parse({ product_id: 1, check_duplicates: 'false' }).check_duplicates,
    ).toBe(false);
  });

  it('takes the quick-view add payload as the storefront sends it', () => {
    expect(
      addToCartSchema.parse({
        product_id: 101,
        variation_id: 2002,
        is_sample: false,
        quantity: 3,
        m2_quantity: 0.72,
        check_duplicates: true,
      }),
    ).toEqual({
      product_id: 101,
      variation_id: 2002,
      is_sample: false,
      quantity: 3,
      m2_quantity: 0.72,
      check_duplicates: true,
    });
  });

  it('property: any m² above 0.0005 comes out with at most 3 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.0005, max: 100_000, noNaN: true }), (m2) => {
        const out = addToCartSchema.parse({ product_id: 1, m2_quantity: m2 }).m2_quantity ?? 0;
        expect(Math.abs(out * 1000 - Math.round(out * 1000))).toBeLessThan(1e-6);
        expect(Math.abs(out - m2)).toBeLessThanOrEqual(0.0005 + 1e-9);
      }),
    );
  });
});

describe('updateCartSchema: PUT /cart/{itemId} quantity, m2_quantity', () => {
  it('takes a quantity and an optional m²', () => {
    expect(updateCartSchema.parse({ quantity: 2 })).toEqual({ quantity: 2 });
    expect(updateCartSchema.parse({ quantity: '2', m2_quantity: 0.4799 })).toEqual({
      quantity: 2,
      m2_quantity: 0.48,
    });
    expect(messages(updateCartSchema, {})).toEqual(['quantity must be a whole number from 1']);
    expect(messages(updateCartSchema, { quantity: 1, m2_quantity: -1 })).toEqual([
      'm2_quantity must be a number above 0',
    ]);
  });
});

describe('fieldErrors and errorList: "Errors are shown as a list and cleared on edit"', () => {
  it('gives the first message per field', () => {
    expect(fieldErrors(errorsOf(loginSchema, { email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('keys whole-input problems under _form and nested fields by dotted path', () => {
    expect(FORM_ERROR_KEY).toBe('_form');
    expect(Object.keys(fieldErrors(errorsOf(loginSchema, null)))).toEqual(['_form']);
    const nested = errorsOf((addressSchema as z.ZodType).array(), [{ first_name: 'Jo' }]);
    expect(fieldErrors(nested)['0.last_name']).toBe('Last name is required');
  });

  it('lists each message once, in order', () => {
    expect(errorList(errorsOf(loginSchema, { email: 'x', password: '' }))).toEqual([
      'Please enter a valid email address',
      'Password is required',
    ]);
    const twice = errorsOf(emailSchema.array(), ['x', 'y']);
    expect(twice.issues).toHaveLength(2);
    expect(errorList(twice)).toEqual(['Please enter a valid email address']);
  });
});
