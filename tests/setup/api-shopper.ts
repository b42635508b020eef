import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { CheckoutInput, CheckoutQuoteJson } from '#domain/checkout.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A shopper talking to the app through `inject`: a cookie jar holding one session cookie. */
export class ApiShopper {
  cookie = '';
  constructor(
    private readonly app: FastifyInstance,
    /** The address the shopper's requests come from (rate limits count per address). */
    readonly ip = '127.0.0.1',
  ) {}

  async call(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const setCookie = response.cookies.find((c) => c.name === 'tessera_session');
    if (setCookie) this.cookie = setCookie.value ? `tessera_session=${setCookie.value}` : '';
    const json = response.headers['content-type']?.toString().includes('json');
    return { status: response.statusCode, body: json ? response.json() : undefined, response };
  }

  add(productId: number, variationId: number, quantity: number, isSample = false) {
    return this.call('POST', '/api/cart/add', {
      product_id: productId,
      variation_id: variationId,
      quantity,
      is_sample: isSample,
    });
  }

  async quote(query = 'country=GB&postcode=BS2%200UX'): Promise<CheckoutQuoteJson> {
    const { status, body } = await this.call('GET', `/api/checkout?${query}`);
    if (status !== 200) throw new Error(`quote answered ${status}: ${JSON.stringify(body)}`);
    return body.data;
  }

  placeOrder(input: Partial<CheckoutInput> & Record<string, unknown>, key: string | null) {
    return this.call(
      'POST',
      '/api/checkout/orders',
      input,
      key === null ? {} : { 'idempotency-key': key },
    );
  }
}

/** A complete, valid checkout for a GB address; tests override the parts they try. */
export function checkoutInput(
  expectedTotal: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    email: 'ada@example.co.uk',
    shipping: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: '',
      phone: '0117 496 0000',
      email: 'ada@example.co.uk',
      country: 'GB',
      address_1: '12 Harbour Road',
      address_2: '',
      city: 'Bristol',
      county: '',
      postcode: 'BS2 0UX',
    },
    billing_same_as_shipping: true,
    delivery_option: 'standard',
    payment_method: 'bank_transfer',
    accept_terms: true,
    expected_total: expectedTotal,
    ...overrides,
  };
}

/**
 * A guest's bank-transfer order of two pieces of a tile with stock (the `offset`-th such size,
 * so orders can differ); answers its number.
 */
export async function placeGuestOrder(app: FastifyInstance, offset = 0): Promise<string> {
  const [size] = await queryRows<{ product_id: number; id: number }>(
    app.services.db,
    sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.stock_quantity > 10 AND v.option ~ '^\\d+x\\d+'
        ORDER BY v.id OFFSET ${offset} LIMIT 1`,
  );
  if (!size) throw new Error('no tile with stock to order');
  const shopper = new ApiShopper(app);
  const added = await shopper.add(size.product_id, size.id, 2);
  if (added.status !== 200) throw new Error(`adding to the basket answered ${added.status}`);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  if (placed.status !== 201) {
    throw new Error(`placing the order answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  }
  return placed.body.data.number as string;
}
