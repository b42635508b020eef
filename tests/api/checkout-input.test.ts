import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutInput } from '#tests/setup/api-shopper.ts';
import { orderCount, shopperWith, stock, useCheckoutApp } from '#tests/setup/checkout-app.ts';

useCheckoutApp();

describe('POST /api/checkout/orders with input it refuses', () => {
  const shipping = checkoutInput('0').shipping as Record<string, unknown>;
  const badInputs: [string, Record<string, unknown>, string, string][] = [
    ['no email', { email: '' }, 'email', 'Email is required'],
    ['a bad email', { email: 'ada@' }, 'email', 'Please enter a valid email address'],
    [
      'no first name',
      { shipping: { ...shipping, first_name: ' ' } },
      'shipping.first_name',
      'First name is required',
    ],
    [
      'no last name',
      { shipping: { ...shipping, last_name: '' } },
      'shipping.last_name',
      'Last name is required',
    ],
    [
      'no phone',
      { shipping: { ...shipping, phone: '' } },
      'shipping.phone',
      'Phone number is required',
    ],
    [
      'a bad phone',
      { shipping: { ...shipping, phone: 'call me' } },
      'shipping.phone',
      'Please enter a valid phone number',
    ],
    [
      'no address email',
      { shipping: { ...shipping, email: '' } },
      'shipping.email',
      'Email address is required',
    ],
    [
      'no country',
      { shipping: { ...shipping, country: '' } },
      'shipping.country',
      'Country is required',
    ],
    [
      'no address line',
      { shipping: { ...shipping, address_1: '' } },
      'shipping.address_1',
      'Address Line 1 is required',
    ],
    ['no town', { shipping: { ...shipping, city: '' } }, 'shipping.city', 'Town/City is required'],
    [
      'no postcode',
      { shipping: { ...shipping, postcode: '' } },
      'shipping.postcode',
      'Postcode is required',
    ],
    [
      'a bad UK postcode',
      { shipping: { ...shipping, postcode: '12345' } },
      'shipping.postcode',
      'Please enter a valid UK postcode',
    ],
    [
      'no billing when not the same',
      { billing_same_as_shipping: false },
      'billing',
      'Billing address is required',
    ],
    [
      'a bad billing postcode',
      { billing_same_as_shipping: false, billing: { ...shipping, postcode: 'nope' } },
      'billing.postcode',
      'Please enter a valid UK postcode',
    ],
    [
      'an unknown delivery option',
      { delivery_option: 'drone' },
      'delivery_option',
      'Please choose a delivery option',
    ],
    [
      'an unknown payment method',
      { payment_method: 'cheque' },
      'payment_method',
      'Please choose a payment method',
    ],
    [
      'card while card payments are off',
      { payment_method: 'card' },
      'payment_method',
      'Card payments are not available: please choose bank transfer',
    ],
    [
      'terms not accepted',
      { accept_terms: false },
      'accept_terms',
      'Please read and accept the terms and conditions to place your order',
    ],
    [
      'a total that is not money',
      { expected_total: 'lots' },
      'expected_total',
      'expected_total must be the total shown at checkout, e.g. "123.45"',
    ],
  ];

  it.each(badInputs)(
    'refuses %s with 400 and the field message, storing nothing',
    async (_name, override, field, message) => {
      const shopper = await shopperWith(2);
      const quote = await shopper.quote();
      const ordersBefore = await orderCount();
      const stockBefore = await stock();
      const { status, body } = await shopper.placeOrder(
        checkoutInput(quote.totals.total.gross, override),
        randomUUID(),
      );
      expect(status).toBe(400);
      expect(body.fields?.[field] ?? body.message).toBe(message);
      expect(await orderCount()).toBe(ordersBefore);
      expect(await stock()).toBe(stockBefore);
      expect((await shopper.call('GET', '/api/cart')).body.data.line_items).toHaveLength(1);
    },
  );

  it('refuses a missing or unusable Idempotency-Key with 400', async () => {
    const shopper = await shopperWith(1);
    const quote = await shopper.quote();
    for (const key of [null, '', 'x'.repeat(101), 'two words']) {
      const { status, body } = await shopper.placeOrder(
        checkoutInput(quote.totals.total.gross),
        key,
      );
      expect(status).toBe(400);
      expect(body.message).toMatch(/Idempotency-Key/);
    }
  });
});
