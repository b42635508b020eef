import http from 'node:http';
import zlib from 'node:zlib';
import type { CheckoutQuoteJson } from '#domain/checkout.ts';
import { checkoutInput } from '#tests/setup/api-shopper.ts';

/**
 * Keep-alive connections shared by every shopper of a process: a shopper's requests cost the
 * client about what autocannon's cost, so a benchmark's ratio to the SELECT floor measures the
 * server, not the client (fetch costs several times more per request).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => zlib.brotliDecompressSync(body),
  gzip: (body) => zlib.gunzipSync(body),
  deflate: (body) => zlib.inflateSync(body),
};

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(url: string, method: string, headers: Record<string, string>, payload?: string) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** A shopper with a cookie jar of one cookie, talking to a running server over loopback. */
export class Shopper {
  cookie = '';

  constructor(public baseUrl: string) {}

  /** One request as a browser sends it (compressed answers accepted); a fetch Response back. */
  async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const answer = await send(
      `${this.baseUrl}${path}`,
      method,
      {
        'accept-encoding': 'br, gzip, deflate',
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload,
    );
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const one of Array.isArray(value) ? value : [value ?? '']) {
        responseHeaders.append(name, one);
      }
    }
    const setCookie = responseHeaders.getSetCookie().find((c) => c.includes('tessera_session='));
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    const encoding = answer.headers['content-encoding'];
    const decoded = encoding && decoders[encoding] ? decoders[encoding](answer.body) : answer.body;
    const empty = answer.status === 204 || answer.status === 304 || method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(decoded), {
      status: answer.status,
      headers: responseHeaders,
    });
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
