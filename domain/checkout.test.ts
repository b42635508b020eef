import { describe, expect, it } from 'vitest';
import { checkoutSchema, CHECKOUT_MESSAGES, ORDER_NUMBER_PATTERN } from './checkout.ts';
import { fieldErrors } from './validation.ts';

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '0117 496 0000',
  email: 'ada@example.co.uk',
  country: 'GB',
  address_1: '12 Harbour Road',
  city: 'Bristol',
  postcode: 'bs2 0ux',
};
const valid = {
  email: 'ada@example.co.uk',
  shipping: address,
  delivery_option: 'standard',
  payment_method: 'bank_transfer',
  accept_terms: true,
  expected_total: '1,050.15',
};

describe('checkoutSchema: one schema for the checkout form and POST /api/checkout/orders', () => {
  it('accepts a complete checkout: billing as delivery by default, the total in pence, the postcode tidied', () => {
    const parsed = checkoutSchema.parse(valid);
    expect(parsed.billing_same_as_shipping).toBe(true);
    expect(parsed.expected_total).toBe(105015);
    expect(parsed.shipping.postcode).toBe('BS2 0UX');
  });

  it('names each missing part with the message the form shows', () => {
    const result = checkoutSchema.safeParse({
      shipping: { ...address, postcode: '' },
      accept_terms: false,
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toMatchObject({
      email: 'Email is required',
      'shipping.postcode': 'Postcode is required',
      delivery_option: CHECKOUT_MESSAGES.deliveryOptionRequired,
      payment_method: CHECKOUT_MESSAGES.paymentMethodRequired,
      accept_terms: CHECKOUT_MESSAGES.termsRequired,
      expected_total: CHECKOUT_MESSAGES.expectedTotalInvalid,
    });
  });

  it('asks for a billing address only when it is not the delivery address', () => {
    const result = checkoutSchema.safeParse({ ...valid, billing_same_as_shipping: false });
    expect(fieldErrors(result.error!)).toEqual({ billing: CHECKOUT_MESSAGES.billingRequired });
    expect(
      checkoutSchema.safeParse({ ...valid, billing_same_as_shipping: 'false', billing: address })
        .success,
    ).toBe(true);
  });

  it('refuses a negative or non-money total', () => {
    for (const expected_total of ['-1.00', 'lots', '']) {
      expect(fieldErrors(checkoutSchema.safeParse({ ...valid, expected_total }).error!)).toEqual({
        expected_total: CHECKOUT_MESSAGES.expectedTotalInvalid,
      });
    }
  });
});

describe('ORDER_NUMBER_PATTERN', () => {
  it('reads TS- and six to twelve digits', () => {
    expect(ORDER_NUMBER_PATTERN.test('TS-100001')).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test('TS-1')).toBe(false);
    expect(ORDER_NUMBER_PATTERN.test('ts-100001')).toBe(false);
  });
});
