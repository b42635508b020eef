import type { CheckoutQuoteJson } from '#domain/checkout.ts';
import { checkoutInput } from '#tests/setup/api-shopper.ts';

/** A shopper with a cookie jar of one cookie, talking to a running server over loopback. */
export class Shopper {
  cookie = '';

  constructor(public baseUrl: string) {}

  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.includes('tessera_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return (await response.json()) as T;
  }
}

export interface CartLine {
  id: number;
  variation_id: number;
  quantity: number;
}

export async function cartLines(shopper: Shopper): Promise<CartLine[]> {
  const cart = await shopper.json<{ data: { line_items: CartLine[] } }>('GET', '/api/cart');
  return cart.data.line_items;
}

/** In-stock size variations (not samples) of the first products, for cart writes. */
export async function purchasableVariations(baseUrl: string, count: number) {
  const shopper = new Shopper(baseUrl);
  const list = await shopper.json<{ data: { id: number }[] }>('GET', '/api/products?per_page=40');
  const found: { product_id: number; variation_id: number }[] = [];
  for (const product of list.data) {
    const variations = await shopper.json<
      { id: number; instock: boolean; attributes: { option: string }[] }[]
    >('GET', `/api/product/${product.id}/variations`);
    const size = variations.find((v) => v.instock && !/sample/i.test(v.attributes[0]!.option));
    if (size) found.push({ product_id: product.id, variation_id: size.id });
    if (found.length >= count) break;
  }
  return found;
}

/** The address every shopper here checks out to (a mainland postcode: always deliverable). */
export const CHECKOUT_QUERY = 'country=GB&postcode=BS2%200UX';

/** The basket priced for the checkout address: GET /api/checkout. */
export async function quoteBasket(shopper: Shopper): Promise<CheckoutQuoteJson> {
  const quote = await shopper.json<{ data: CheckoutQuoteJson }>(
    'GET',
    `/api/checkout?${CHECKOUT_QUERY}`,
  );
  return quote.data;
}

/** Places the basket as quoted, by bank transfer, under `key` (one key per order). */
export function placeOrder(shopper: Shopper, quote: CheckoutQuoteJson, key: string) {
  return shopper.request('POST', '/api/checkout/orders', checkoutInput(quote.totals.total.gross), {
    'idempotency-key': key,
  });
}
