import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { LIMIT_MESSAGES } from '#domain/rate-limits.ts';
import { formatGBP } from '#domain/money.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { postFrom, tally } from '#tests/setup/burst.ts';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Abuse limits on everything that mails or holds stock (issue 26, item 6), with the shop's
 * default limits: bursts from one address or session are cut at the limit, however they
 * interleave, and unpaid orders cannot hold more than the caps.
 */
let t: TestApp;
let size: { productId: number; variationId: number };
beforeAll(async () => {
  t = await createTestApp({ limits: 'defaults' });
  const [row] = await queryRows<{ id: number; product_id: number }>(
    t.app.services.db,
    sql`SELECT v.id, v.product_id FROM variations v
        WHERE v.stock_quantity IS NOT NULL AND v.option NOT ILIKE '%sample%'
          AND v.price_pence BETWEEN 2000 AND 6000
        ORDER BY v.id LIMIT 1`,
  );
  size = { productId: row!.product_id, variationId: row!.id };
  await t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = 100000 WHERE id = ${row!.id}`,
  );
});
afterAll(async () => {
  await t?.close();
});

const limits = () => t.config.rateLimits;
const BURST = 100;
let block = 0;
const freshIp = () => `10.90.${++block}.1`;

const enquiry = (i: number) => ({
  kind: 'quote',
  name: 'Ann Mason',
  email: `ann-${i}@example.com`,
  phone: '0117 496 0000',
  message: `Honed limestone for a 24 m² kitchen floor, please (${i}).`,
});

async function shopperWith(pieces: number, ip: string) {
  const shopper = new ApiShopper(t.app, ip);
  expect((await shopper.add(size.productId, size.variationId, pieces)).status).toBe(200);
  return shopper;
}

async function place(shopper: ApiShopper, email: string) {
  const quote = await shopper.quote();
  return shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, { email, payment_method: 'bank_transfer' }),
    randomUUID(),
  );
}

describe('enquiries', () => {
  it('accepts the per-address limit of a parallel burst and mails the shop no more', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => postFrom(t.app, '/api/enquiries', enquiry(i), ip)),
    );
    const limit = limits().enquiriesPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: limit, 429: BURST - limit });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe(LIMIT_MESSAGES.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const [stored] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM enquiries WHERE message LIKE 'Honed limestone%'`,
    );
    expect(stored!.n).toBe(limit);
  });

  it('counts per session too, whichever addresses it comes from', async () => {
    const shopper = await shopperWith(1, freshIp());
    expect(shopper.cookie).not.toBe('');
    const statuses: number[] = [];
    for (let i = 0; i < limits().enquiriesPerSession.limit + 2; i++) {
      const moving = new ApiShopper(t.app, freshIp());
      moving.cookie = shopper.cookie;
      statuses.push((await moving.call('POST', '/api/enquiries', enquiry(1000 + i))).status);
    }
    const limit = limits().enquiriesPerSession.limit;
    expect(tally(statuses)).toEqual({ 201: limit, 429: 2 });
  });
});

describe('newsletter', () => {
  it('mails at most the per-address limit of strangers from one burst', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(t.app, '/api/newsletter/subscribe', { email: `stranger-${i}@example.com` }, ip),
      ),
    );
    const limit = limits().newsletterPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: limit, 429: BURST - limit });
    const mailed = Array.from({ length: BURST }, (_, i) =>
      outboxMails(t.config.dataDir, `stranger-${i}@example.com`),
    ).flat();
    expect(mailed).toHaveLength(limit);
    expect(mailed.every((m) => m.subject.startsWith('Please confirm'))).toBe(true);
  });

  it('mails one address at most its own limit, from however many addresses', async () => {
    const victim = 'victim@example.com';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postFrom(t.app, '/api/newsletter/subscribe', { email: victim }, freshIp()),
      ),
    );
    const limit = limits().newsletterPerEmail.limit;
    expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
    expect(outboxMails(t.config.dataDir, victim)).toHaveLength(limit);
  });
});

describe('orders', () => {
  it('accepts the per-address limit of orders from one address, however many sessions', async () => {
    const ip = freshIp();
    const shoppers = await Promise.all(Array.from({ length: 30 }, () => shopperWith(1, ip)));
    const answers = await Promise.all(
      shoppers.map((shopper, i) => place(shopper, `buyer-${block}-${i}@example.com`)),
    );
    const limit = limits().ordersPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: limit, 429: 30 - limit });
    expect(answers.find((a) => a.status === 429)!.body.message).toBe(
      LIMIT_MESSAGES.tooManyRequests,
    );
  });

  it('refuses more pieces of one size than an unpaid order may hold (422), and says so', async () => {
    const max = t.config.holdingLimits.orderMaxPiecesPerSize;
    const answer = await place(await shopperWith(max + 1, freshIp()), 'bulk@example.com');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      code: 'holding_limit',
      message: LIMIT_MESSAGES.orderTooManyPieces(max),
    });
    expect((await place(await shopperWith(max, freshIp()), 'bulk@example.com')).status).toBe(201);
  });

  it('refuses a buyer a further unpaid order past the cap, from any address', async () => {
    const buyer = `holder-${randomUUID()}@example.com`;
    const cap = t.config.holdingLimits.unpaidOrdersPerBuyer;
    for (let i = 0; i < cap; i++) {
      expect((await place(await shopperWith(1, freshIp()), buyer)).status).toBe(201);
    }
    const refused = await place(await shopperWith(1, freshIp()), buyer.toUpperCase());
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(LIMIT_MESSAGES.tooManyUnpaid(cap));
    const [held] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE lower(email) = ${buyer}`,
    );
    expect(held!.n).toBe(cap);
  });
});

describe('holding caps by value', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      limits: 'defaults',
      config: { HOLD_LIMIT_ORDER_MAX_PENCE: '500' },
    });
  });
  afterAll(async () => {
    await capped?.close();
  });

  it('refuses an unpaid order worth more than the cap, in pounds', async () => {
    const [row] = await queryRows<{ id: number; product_id: number }>(
      capped.app.services.db,
      sql`SELECT v.id, v.product_id FROM variations v
          WHERE v.stock_quantity IS NOT NULL AND v.option NOT ILIKE '%sample%'
            AND v.price_pence BETWEEN 2000 AND 6000 ORDER BY v.id LIMIT 1`,
    );
    const shopper = new ApiShopper(capped.app, freshIp());
    await shopper.add(row!.product_id, row!.id, 5);
    const quote = await shopper.quote();
    const answer = await shopper.placeOrder(
      checkoutInput(quote.totals.total.gross, { email: 'big@example.com' }),
      randomUUID(),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(LIMIT_MESSAGES.orderTooValuable(formatGBP(500)));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let sibling: FastifyInstance;
  beforeAll(async () => {
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling?.close();
  });

  it('share the per-address counters: a burst split across both is cut at the limit', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(i % 2 === 0 ? t.app : sibling, '/api/enquiries', enquiry(2000 + i), ip),
      ),
    );
    const limit = limits().enquiriesPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: limit, 429: BURST - limit });
    const newsletter = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(
          i % 2 === 0 ? t.app : sibling,
          '/api/newsletter/subscribe',
          { email: `two-${i}@example.com` },
          ip,
        ),
      ),
    );
    const perIp = limits().newsletterPerIp.limit;
    expect(newsletter.filter((a) => a.status === 200)).toHaveLength(perIp);
  });
});
