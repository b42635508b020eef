// Real answers of every documented route, checked against the response schemas of the served
// /api/openapi.json with a JSON Schema validator: the document describes what the API sends.
import { randomBytes, randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse as Response } from 'fastify';
import { eq, sql } from 'drizzle-orm';

import { generateSync } from 'otplib';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { variations } from '#db/schema/index.ts';
import { londonDay } from '#domain/dashboard.ts';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';
import {
  startFakeIdealPostcodes,
  type FakeIdealPostcodes,
} from '#tests/fakes/ideal-postcodes-api.ts';
import { startFakeStripeApi, type FakeStripeApi } from '#tests/fakes/stripe-api.ts';
import { checkoutInput } from '#tests/setup/api-shopper.ts';
import { catalogueAnswers, importAnswers } from './openapi-answers-catalogue.ts';
import { returnAnswers } from './openapi-answers-returns.ts';
import { orderTaskAnswers } from './openapi-answers-order-tasks.ts';
import { discountAnswers } from './openapi-answers-discounts.ts';
import { settingsAnswers } from './openapi-answers-settings.ts';
import { tradeAccountAnswers } from './openapi-answers-trade-accounts.ts';
import { tradeAnswers } from './openapi-answers-trade.ts';
import { customerAnswers } from './openapi-answers-customers.ts';
import { contentAnswers } from './openapi-answers-content.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_tessera_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_tessera_test',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_tessera_fake',
};
const OWNER = { email: 'owner@tessera.test', password: 'Portland-limestone-1' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type JsonSchema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

let t: TestApp;
let fake: FakeStripeApi;
let paf: FakeIdealPostcodes;
let doc: Document;
const ajv = new Ajv2020({ allErrors: true });
// An answer's email addresses are checked by the rule the API validates them with.
ajv.addFormat('email', (value: string) => z.email().safeParse(value).success);
/** "METHOD /path/{param}" of every answer validated so far. */
const validated = new Set<string>();

/** A client with a cookie jar (shopper session and staff cookies alike). */
class Client {
  private cookies = new Map<string, string>();
  async call(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await t.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    for (const set of response.cookies) {
      if (set.value) this.cookies.set(set.name, set.value);
      else this.cookies.delete(set.name);
    }
    return response;
  }
}

/** The documented route a URL was answered by, e.g. 'GET /api/orders/{number}'. */
function documentedKey(method: Method, url: string): string {
  const path = url.split('?')[0]!;
  // A fixed path before a template it also fits ('/orders/documents.pdf', '/orders/{number}').
  if (doc.paths[path]?.[method.toLowerCase()]) return `${method} ${path}`;
  for (const [template, operations] of Object.entries(doc.paths)) {
    if (!operations[method.toLowerCase()]) continue;
    const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);
    if (pattern.test(path)) return `${method} ${template}`;
  }
  throw new Error(`${method} ${path} is not in /api/openapi.json`);
}

/** Shared schemas live under components/schemas; the validator knows them as its own. */
const toValidator = (schema: JsonSchema): JsonSchema =>
  JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components.json#/$defs/'),
  ) as JsonSchema;
// The first line of each CSV the API sends: catalogue export, import report, VAT documents, orders.
const CSV_HEADERS = /^(ID,Type,SKU|Row,SKU|Type,Number,Date|Order,Placed)/;
/** Checks a successful answer against its route's documented response. */
function expectDocumented(method: Method, url: string, response: Response) {
  const key = documentedKey(method, url);
  const [verb, path] = key.split(' ') as [string, string];
  const operation = doc.paths[path]![verb.toLowerCase()]!;
  const status = response.statusCode;
  expect(status, `${key} answered ${status}: ${response.body.slice(0, 300)}`).toBeLessThan(300);
  const documented = operation.responses[String(status)];
  expect(documented, `${key} answered ${status}, which it does not document`).toBeDefined();
  const [type, media] = Object.entries(documented!.content ?? {})[0] ?? [];
  expect(type, `${key} documents no answer body`).toBeDefined();
  expect(String(response.headers['content-type'])).toContain(type!.replace(/\*$/, ''));
  if (type === 'application/json') {
    expect(media?.schema, `${key} has no response schema`).toBeDefined();
    const validate = ajv.compile(toValidator(media!.schema!));
    if (!validate(response.json())) {
      throw new Error(`${key}: the answer does not match its schema: ${ajv.errorsText(validate.errors)}
${response.body.slice(0, 500)}`);
    }
  } else if (type === 'text/csv') {
    expect(response.body.split('\n')[0]).toMatch(CSV_HEADERS);
  } else if (type!.startsWith('image/')) {
    expect(String(response.headers['content-type'])).toMatch(/^image\//);
  } else {
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }
  validated.add(key);
  return response;
}

/** Calls and checks the answer against the document; the answer for the next steps. */
async function checked(
  client: Client,
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) {
  return expectDocumented(method, url, await client.call(method, url, payload, headers));
}

function mailsTo(address: string) {
  return outboxMails(t.config.dataDir, address);
}

function tokenIn(address: string, pattern: RegExp): string {
  const match = pattern.exec(mailsTo(address).at(-1)?.text ?? '');
  expect(match, `no mail to ${address} matching ${pattern}`).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

beforeAll(async () => {
  fake = await startFakeStripeApi({ secretKey: STRIPE.STRIPE_SECRET_KEY });
  paf = await startFakeIdealPostcodes();
  t = await createTestApp({
    config: {
      ...STRIPE,
      STRIPE_API_URL: fake.url,
      POSTCODE_LOOKUP_API_KEY: paf.key,
      POSTCODE_LOOKUP_URL: paf.url,
    },
  });
  await createFirstOwner(t.app.services.db, {
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
  const response = await t.app.inject('/api/openapi.json');
  expect(response.statusCode).toBe(200);
  doc = response.json() as Document;
  ajv.addSchema({ $id: 'components.json', $defs: toValidator(doc.components.schemas) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await paf?.stop();
});

const visitor = new Client();
const customer = new Client();
const guest = new Client();
const staff = new Client();
const email = `answers-${randomBytes(4).toString('hex')}@example.com`;
const password = 'Honed-travertine-7';
/** A tile size with stock to spare, and the product's free sample. */
let size: { productId: number; id: number };
let orderNumber = '';
let cardOrder = { number: '', token: '' };

describe('every documented route answers as its schema says', () => {
  it('the catalogue', async () => {
    const listing = await checked(visitor, 'GET', '/api/products?per_page=3&facets=true');
    const first = listing.json().data[0] as { slug: string; id: number };
    await checked(visitor, 'GET', '/api/products/by-category?category=marble-tiles&facets=true');
    await checked(visitor, 'GET', '/api/products/new-arrivals?per_page=2');
    await checked(visitor, 'GET', '/api/filtered-products?stone_colour=white&per_page=2');
    await checked(visitor, 'GET', `/api/products/slug/${first.slug}`);
    await checked(visitor, 'GET', `/api/product/${first.id}/variations`);
    await checked(visitor, 'GET', '/api/clearance');
    await checked(visitor, 'GET', '/api/megamenu');
    await checked(visitor, 'GET', '/api/attributes');
    await checked(visitor, 'GET', '/api/attribute/6/terms');
    await checked(visitor, 'GET', '/api/posts');
    await checked(visitor, 'GET', '/api/home');
    await checked(visitor, 'GET', '/api/shop');
  });

  it('the basket', async () => {
    const [variation] = await t.database.handle.db
      .select({ id: variations.id, productId: variations.productId })
      .from(variations)
      .where(sql`${variations.option} ~ '^\\d+ ?x ?\\d+' AND ${variations.stockQuantity} > 0`)
      .limit(1);
    await t.database.handle.db
      .update(variations)
      .set({ stockQuantity: 10_000 })
      .where(eq(variations.id, variation!.id));
    size = variation!;
    await checked(visitor, 'GET', '/api/buyer');
    await checked(visitor, 'GET', '/api/cart');
    const added = await checked(visitor, 'POST', '/api/cart/add', {
      product_id: size.productId,
      variation_id: size.id,
      quantity: 2,
    });
    const line = added.json().data.line_items[0] as { id: number };
    await checked(visitor, 'PUT', `/api/cart/${line.id}`, { quantity: 3 });
    await checked(visitor, 'DELETE', `/api/cart/${line.id}`);
  });

  it('the newsletter, enquiries, the postcode lookup and the sample rules', async () => {
    const reader = `reader-${randomBytes(4).toString('hex')}@example.com`;
    await checked(visitor, 'POST', '/api/newsletter/subscribe', { email: reader });
    await checked(visitor, 'POST', '/api/newsletter/confirm', {
      token: tokenIn(reader, /\/newsletter\/confirm\?token=([\w-]+)/),
    });
    const token = tokenIn(reader, /\/newsletter\/unsubscribe\?token=([\w-]+)/);
    await checked(visitor, 'POST', '/api/newsletter/unsubscribe', { token });
    await checked(visitor, 'POST', '/api/enquiries', {
      kind: 'quote',
      name: 'Ann Mason',
      email: 'ann@example.com',
      phone: '0117 496 0000',
      message: 'Honed limestone for a 24 m² kitchen floor, please.',
    });
    await checked(visitor, 'GET', '/api/postcode-lookup?postcode=IV2%203JH');
    await checked(visitor, 'GET', '/api/samples/rules');
  });

  it('accounts', async () => {
    await checked(customer, 'POST', '/api/auth/register', { email, password });
    await checked(customer, 'POST', '/api/auth/login', { email, password });
    await checked(customer, 'GET', '/api/verify');
    const address = checkoutInput('0.00').shipping as Record<string, string>;
    await checked(customer, 'PUT', '/api/auth/update-profile', {
      first_name: 'Ada',
      billing: address,
    });
    await checked(customer, 'GET', '/api/auth/addresses/billing');
    await checked(customer, 'POST', '/api/auth/lost-password', { email });
    const token = tokenIn(email, /\/my-account\/reset-password\?token=(\S+)/);
    await checked(customer, 'POST', '/api/auth/reset-password', { token, password });
    await checked(customer, 'POST', '/api/auth/login', { email, password });
    await checked(customer, 'POST', '/api/account/verify-email');
    await checked(customer, 'POST', '/api/account/verify-email/confirm', {
      token: tokenIn(email, /\/my-account\/verify-email\?token=(\S+)/),
    });
    await checked(customer, 'GET', '/api/account/orders/claimable');
    await checked(customer, 'GET', '/api/account/export');
    await checked(customer, 'POST', '/api/account/orders/claim', {});
  });

  it('checkout and orders', async () => {
    await customer.call('POST', '/api/cart/add', {
      product_id: size.productId,
      variation_id: size.id,
      quantity: 4,
    });
    const quote = await checked(customer, 'GET', '/api/checkout?country=GB&postcode=BS2%200UX');
    await checked(customer, 'POST', '/api/delivery/estimate', { postcode: 'IV2 3JH' });
    await checked(customer, 'GET', '/api/delivery/areas');
    const total = quote.json().data.totals.total.gross as string;
    const placed = await checked(
      customer,
      'POST',
      '/api/checkout/orders',
      checkoutInput(total, { email }),
      { 'idempotency-key': randomUUID() },
    );
    orderNumber = placed.json().data.number as string;
    await checked(customer, 'GET', '/api/orders');
    await checked(customer, 'GET', `/api/orders/${orderNumber}`);
  });

  it('card payments, the invoice, and a guest account', async () => {
    await guest.call('POST', '/api/cart/add', {
      product_id: size.productId,
      variation_id: size.id,
      quantity: 2,
    });
    const quote = (await guest.call('GET', '/api/checkout?country=GB&postcode=BS2%200UX')).json();
    const guestEmail = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const placed = await guest.call(
      'POST',
      '/api/checkout/orders',
      checkoutInput(quote.data.totals.total.gross, { email: guestEmail, payment_method: 'card' }),
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.statusCode).toBe(201);
    cardOrder = { number: placed.json().data.number, token: placed.json().token };
    const query = `?token=${cardOrder.token}`;
    const started = await checked(guest, 'POST', `/api/orders/${cardOrder.number}/payment${query}`);
    const intent = fake.intents().find((i) => i.client_secret === started.json().client_secret)!;
    const succeeded = fake.setStatus(intent.id, 'succeeded');
    await checked(guest, 'POST', `/api/orders/${cardOrder.number}/payment/sync${query}`);
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: Math.floor(Date.now() / 1000),
      data: { object: succeeded },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'payment_intent.succeeded',
    });
    await checked(visitor, 'POST', '/api/payments/stripe/webhook', payload, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE.STRIPE_WEBHOOK_SECRET,
      }),
    });
    await checked(guest, 'GET', `/api/orders/${cardOrder.number}/invoice.pdf${query}`);
    await checked(guest, 'POST', `/api/orders/${cardOrder.number}/account`, {
      token: cardOrder.token,
      password: 'Riven-slate-88',
    });
  });

  it('the back office', async () => {
    const first = await checked(staff, 'POST', '/api/admin/auth/sign-in', OWNER);
    const { challenge, enrol } = first.json() as { challenge: string; enrol: { secret: string } };
    await checked(staff, 'POST', '/api/admin/auth/code', {
      challenge,
      code: generateSync({ secret: enrol.secret }),
    });
    await checked(staff, 'GET', '/api/admin/auth/me');
    await checked(staff, 'GET', '/api/admin/staff');
    const added = await checked(staff, 'POST', '/api/admin/staff', {
      email: 'editor@tessera.test',
      name: 'Eddie Tor',
      role: 'editor',
    });
    const editorId = added.json().data.id as number;
    const invitation = mailsTo('editor@tessera.test').at(-1)?.text ?? '';
    const token = /\/admin\/invitation#([\w-]+)/.exec(invitation)![1]!;
    const invitee = new Client();
    const opened = await checked(invitee, 'POST', '/api/admin/invitations/open', { token });
    await checked(invitee, 'POST', '/api/admin/invitations/accept', {
      token,
      password: 'Carrara-marble-12',
      code: generateSync({ secret: opened.json().enrol.secret }),
    });
    await checked(invitee, 'POST', '/api/admin/auth/password', {
      current_password: 'Carrara-marble-12',
      new_password: 'Kilkenny-limestone-44',
    });
    await checked(staff, 'POST', `/api/admin/staff/${editorId}/role`, { role: 'manager' });
    await checked(staff, 'POST', `/api/admin/staff/${editorId}/reset-second-factor`);
    await checked(staff, 'POST', `/api/admin/staff/${editorId}/disable`);
    await checked(staff, 'POST', `/api/admin/staff/${editorId}/enable`);
    await checked(staff, 'POST', `/api/admin/staff/${editorId}/disable`);
    await checked(staff, 'GET', '/api/admin/audit');
    await discountAnswers({ checked, staff, visitor, size });
    await checked(staff, 'GET', '/api/admin/orders');
    await checked(staff, 'GET', '/api/admin/dashboard');
    const order = await checked(staff, 'GET', `/api/admin/orders/${orderNumber}`);
    await orderTaskAnswers({
      checked,
      customer,
      staff,
      orderNumber,
      variationId: size.id,
      productId: size.productId,
      shipping: order.json().data.shipping_address,
    });
    await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/move`, {
      status: 'processing',
    });
    await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/dispatch`, {
      carrier: 'Palletways',
      tracking_number: 'PW-1',
      tracking_url: 'https://track.example/PW-1',
      delivery_date: '2026-12-03',
    });
    const mails = await checked(staff, 'GET', `/api/admin/orders/${orderNumber}/mails`);
    await checked(
      staff,
      'POST',
      `/api/admin/orders/${orderNumber}/mails/${mails.json().data[0].id}/resend`,
    );
    for (const type of ['pages', 'posts']) {
      const list = await checked(staff, 'GET', `/api/admin/content/${type}`);
      const item = await checked(
        staff,
        'GET',
        `/api/admin/content/${type}/${list.json().data[0].id}`,
      );
      const { title, slug, status, content, excerpt, featured_image, featured_image_alt } =
        item.json().data;
      await checked(staff, 'PUT', `/api/admin/content/${type}/${item.json().data.id}`, {
        title,
        slug,
        status,
        content,
        excerpt,
        featured_image,
        featured_image_alt,
      });
      await checked(staff, 'POST', `/api/admin/content/${type}`, {
        title: 'Caring for honed limestone',
        slug: 'caring-for-honed-limestone',
        status: 'draft',
        content: '<p>Seal it once a year.</p>',
        featured_image: '/media/stone/marble-white-644-640.webp',
      });
    }
    await checked(staff, 'GET', '/api/admin/media');
    await contentAnswers(checked, staff);
    const home = await checked(staff, 'GET', '/api/admin/home');
    await checked(staff, 'PUT', '/api/admin/home', home.json().data);
    await settingsAnswers({ checked, staff });
    const refunded = await checked(staff, 'POST', `/api/admin/orders/${orderNumber}/refund`, {
      amount: '1.00',
      reason: 'Goodwill gesture',
    });
    await checked(staff, 'GET', refunded.json().data.credit_notes[0].url);
    await checked(
      customer,
      'GET',
      `/api/orders/${orderNumber}/credit-notes/${refunded.json().credit_note}.pdf`,
    );
    await checked(staff, 'GET', `/api/admin/orders/${orderNumber}/invoice.pdf`);
    // The order paid and refunded just now, in today's reports.
    const today = londonDay(new Date());
    for (const path of ['sales?group=product&', 'vat?', 'vat.csv?', 'orders.csv?']) {
      await checked(staff, 'GET', `/api/admin/reports/${path}from=${today}&to=${today}`);
    }
    for (const kind of ['packing-slip', 'delivery-note']) {
      await checked(staff, 'GET', `/api/admin/orders/${orderNumber}/${kind}.pdf`);
      const batch = `documents.pdf?kind=${kind}&numbers=${orderNumber}`;
      await checked(staff, 'GET', `/api/admin/orders/${batch}`);
    }
    await returnAnswers({ db: t.app.services.db, checked, customer, staff, orderNumber });
    await tradeAnswers({ checked, staff, customer });
    await customerAnswers(t.app.services.db, checked, staff);
    await tradeAccountAnswers({ db: t.app.services.db, checked, trade: new Client(), staff });
    await checked(staff, 'POST', '/api/admin/cache/refresh');
    await catalogueAnswers(checked, staff);
    await importAnswers(checked, staff);
    await checked(staff, 'POST', '/api/admin/auth/sign-out');
  });

  it('the WordPress-compatible content API and this document', async () => {
    await checked(visitor, 'GET', '/api/openapi.json');
    await checked(visitor, 'GET', '/wp-json/');
    const pages = await checked(visitor, 'GET', '/wp-json/wp/v2/pages?_embed');
    await checked(visitor, 'GET', `/wp-json/wp/v2/pages/${pages.json()[0].id}`);
    const posts = await checked(visitor, 'GET', '/wp-json/wp/v2/posts?_embed&per_page=3');
    await checked(visitor, 'GET', `/wp-json/wp/v2/posts/${posts.json()[0].id}?_embed`);
    await checked(visitor, 'GET', '/wp-json/wp/v2/categories');
  });

  it('signing out and deleting the account', async () => {
    await checked(customer, 'DELETE', '/api/auth/account');
    await checked(guest, 'POST', '/api/auth/logout');
  });

  it('left no documented route unchecked, and none without a response schema', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const key of documented) {
      const [method, path] = key.split(' ') as [string, string];
      const success = Object.entries(doc.paths[path]![method.toLowerCase()]!.responses).filter(
        ([status]) => /^2\d\d$/.test(status),
      );
      expect(success.length, `${key} documents no successful answer`).toBeGreaterThan(0);
      for (const [status, answer] of success) {
        const media = Object.entries(answer.content ?? {});
        expect(media.length, `${key} ${status} has no content`).toBeGreaterThan(0);
        for (const [type, { schema }] of media) {
          expect(schema, `${key} ${status} ${type} has no schema`).toBeDefined();
        }
      }
    }
    expect(documented.filter((key) => !validated.has(key))).toEqual([]);
  });
});
