// The owner's shop rules (VAT rates, samples, returns, limits) reaching what they govern. Figures
// worked by hand: a 600x400 tile is 0.24 m² a piece at £250.00 a m² (£60.00 a piece); 8 pieces
// are £480.00 with delivery free. At 20 % that is £400.00 + £80.00; at 22.5 % net is
// 48000 / 1.225 = 39183.67 → £391.84 and VAT £88.16. A £120.00 refund at 22.5 % is £97.96 + £22.04.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { LIMITS_MESSAGES } from '#domain/api-schemas-settings-limits.ts';
import { SHOP_RULES_MESSAGES } from '#domain/api-schemas-settings-rules.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { londonDay } from '#domain/dashboard.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { vatTile } from '#tests/setup/vat-tile.ts';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import type { FastifyInstance } from 'fastify';

const URL = '/api/admin/settings';
const DAY_MS = 86_400_000;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Section {
  version: number;
  value: Record<string, unknown>;
}

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };

const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await staffOfEveryRole(t.app));
  tile = await vatTile(t);
});
afterAll(async () => {
  await t?.close();
});

async function load(): Promise<Record<string, Section>> {
  const answer = await owner.call('GET', URL);
  expect(answer.status).toBe(200);
  return (answer.body as { data: Record<string, Section> }).data;
}

async function save(key: string, value: unknown) {
  return owner.call('PUT', URL, { [key]: { value } });
}

/** A shopper's order of `pieces` of the tile, placed (and paid when `pay`). */
async function order(pieces: number, pay: boolean, app: FastifyInstance = t.app) {
  const shopper = new ApiShopper(app, `10.9.${Math.floor(Math.random() * 250)}.1`);
  expect((await shopper.add(tile.product_id, tile.id, pieces)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  if (!pay) return { shopper, placed };
  expect(placed.status).toBe(201);
  const number = (placed.body.data as OrderJson).number;
  const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
    amount: (placed.body.data as OrderJson).totals.total.gross,
  });
  expect(paid.status).toBe(200);
  return { shopper, placed, number, paid: paid.body.data as OrderJson };
}

describe('the shop rules before the owner changes anything', () => {
  it('answer the seeded rules: 20 % VAT since 2011, the sample and return rules, the environment limits', async () => {
    const settings = await load();
    expect(settings.vat!.value).toEqual({ rates: [{ effective_from: '2011-01-04', percent: 20 }] });
    expect(settings.samples!.value).toEqual({
      max_free_per_order: 5,
      max_free_per_product: 1,
      post_max_kg: expect.any(Number),
    });
    expect(settings.returns!.value).toEqual({
      window_days: 30,
      restocking_fee_percent: 20,
      collection_paid_by: 'customer',
      collection_price: '60.00',
      damage_claim_hours: 48,
    });
    const { holding, rateLimits } = {
      holding: t.config.holdingLimits,
      rateLimits: t.config.rateLimits,
    };
    expect(settings.limits!.value).toMatchObject({
      holding: { order_max_pieces_per_size: holding.orderMaxPiecesPerSize },
      rates: { orders_per_ip: rateLimits.ordersPerIp.limit },
    });
  });

  it('refuse a manager (403) and name each bad field with the form message', async () => {
    const { vat, samples } = await load();
    expect((await manager.call('PUT', URL, { samples: { value: samples!.value } })).status).toBe(
      403,
    );
    const percent = await save('vat', {
      rates: [
        ...(vat!.value.rates as unknown[]),
        { effective_from: '2099-01-01', percent: '12.345' },
      ],
    });
    expect(percent.status).toBe(400);
    expect(percent.body.fields).toMatchObject({
      'vat.value.rates.1.percent': SHOP_RULES_MESSAGES.percent,
    });
    const past = await save('vat', {
      rates: [
        { effective_from: '2011-01-04', percent: 20 },
        { effective_from: '2020-01-01', percent: 5 },
      ],
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({
      'vat.value.rates.1.effective_from': SHOP_RULES_MESSAGES.notScheduled,
    });
    const edited = await save('vat', { rates: [{ effective_from: '2011-01-04', percent: 17.5 }] });
    expect(edited.status).toBe(400);
    expect(edited.body.fields).toEqual({ 'vat.value.rates': SHOP_RULES_MESSAGES.inForce });
    const returns = await save('returns', {
      window_days: -1,
      restocking_fee_percent: 20,
      collection_paid_by: 'nobody',
      collection_price: '60',
      damage_claim_hours: 48,
    });
    expect(returns.status).toBe(400);
    expect(returns.body.fields).toMatchObject({
      'returns.value.window_days': SHOP_RULES_MESSAGES.windowDays,
      'returns.value.collection_paid_by': SHOP_RULES_MESSAGES.collectionPaidBy,
    });
    const ceiling = t.config.holdingLimits.orderMaxPiecesPerSize;
    const { limits } = await load();
    const value = limits!.value as { holding: Record<string, unknown> };
    const above = await save('limits', {
      ...value,
      holding: { ...value.holding, order_max_pieces_per_size: ceiling + 1 },
    });
    expect(above.status).toBe(400);
    expect(above.body.fields).toEqual({
      'limits.value.holding.order_max_pieces_per_size': LIMITS_MESSAGES.aboveCeiling(
        String(ceiling),
        'HOLD_LIMIT_ORDER_MAX_PIECES_PER_SIZE',
      ),
    });
    expect((await load()).vat!.version).toBe(1);
  });
});

describe('a VAT rate by the tax point', () => {
  it('scheduled from tomorrow leaves today’s invoice at 20 %; paid once it is in force, the invoice and its credit note split at 22.5 %', async () => {
    const tomorrow = londonDay(new Date(Date.now() + DAY_MS));
    const scheduled = await save('vat', {
      rates: [
        { effective_from: '2011-01-04', percent: 20 },
        { effective_from: tomorrow, percent: '22.5' },
      ],
    });
    expect(scheduled.status).toBe(200);

    const today = await order(8, true);
    expect(today.paid!.lines[0]).toMatchObject({ vat_rate: 20 });
    expect(today.paid!.totals.total).toEqual({ net: '400.00', vat: '80.00', gross: '480.00' });

    // Placed today at 20 %; the rate comes into force (its day moved back, as time passing
    // would) before the payment arrives: the tax point decides.
    const later = await order(8, false);
    expect(later.placed.status).toBe(201);
    const placed = later.placed.body.data as OrderJson;
    expect(placed.totals.total.vat).toBe('80.00');
    await run(sql`UPDATE vat_rates SET effective_from = current_date - 1 WHERE percent = 22.5`);
    const paid = await manager.call('POST', `/api/admin/orders/${placed.number}/mark-paid`, {
      amount: '480.00',
    });
    expect(paid.status).toBe(200);
    const invoiced = paid.body.data as OrderJson;
    expect(invoiced.lines[0]).toMatchObject({
      vat_rate: 22.5,
      total: { net: '391.84', vat: '88.16', gross: '480.00' },
    });
    expect(invoiced.totals.total).toEqual({ net: '391.84', vat: '88.16', gross: '480.00' });

    const refunded = await manager.call('POST', `/api/admin/orders/${placed.number}/refund`, {
      amount: '120.00',
      reason: 'Goodwill gesture',
    });
    expect(refunded.status).toBe(200);
    const admin = await manager.call('GET', `/api/admin/orders/${placed.number}`);
    expect(admin.body.data.credit_notes).toEqual([
      expect.objectContaining({ amount: '120.00', vat_percent: 22.5 }),
    ]);

    // The VAT report sums what the documents say: £80.00 + £88.16 invoiced, £22.04 credited.
    const day = londonDay(new Date());
    const report = await manager.call('GET', `/api/admin/reports/vat?from=${day}&to=${day}`);
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({
      invoices: { count: 2, net: '791.84', vat: '168.16', gross: '960.00' },
      credit_notes: { count: 1, net: '97.96', vat: '22.04', gross: '120.00' },
    });

    // In force now: it stays as it is, and the settings say so.
    const { vat } = await load();
    expect(vat!.value.rates).toHaveLength(2);
    const changed = await save('vat', { rates: [{ effective_from: '2011-01-04', percent: 20 }] });
    expect(changed.status).toBe(400);
  });
});

describe('samples, returns and limits saved reach the shop at once', () => {
  const catalogue = buildCatalogue();
  const slugs = catalogue.products
    .filter((p) => p.variations.some((v) => /free sample/i.test(v.option) && v.inStock))
    .map((p) => p.slug);

  async function freeSample(app: FastifyInstance, slug: string) {
    const body = (await app.inject({ url: `/api/products/slug/${slug}` })).json() as {
      data: { id: number };
      variations: { id: number; instock: boolean; attributes: { option: string }[] }[];
    };
    const sample = body.variations.find(
      (v) => /free sample/i.test(v.attributes[0]!.option) && v.instock,
    )!;
    return { productId: body.data.id, variationId: sample.id };
  }

  async function thirdSampleRefusal(app: FastifyInstance) {
    const shopper = new ApiShopper(app);
    const samples = await Promise.all(slugs.slice(0, 3).map((s) => freeSample(app, s)));
    for (const sample of samples.slice(0, 2)) {
      expect((await shopper.add(sample.productId, sample.variationId, 1, true)).status).toBe(200);
    }
    const third = await shopper.add(samples[2]!.productId, samples[2]!.variationId, 1, true);
    return third.body.message as string | undefined;
  }

  it('a free-sample limit of 2 refuses the third sample', async () => {
    const { samples } = await load();
    expect((await save('samples', { ...samples!.value, max_free_per_order: 2 })).status).toBe(200);
    expect(await thirdSampleRefusal(t.app)).toBe('You can order up to 2 free samples per order');
    expect((await save('samples', samples!.value)).status).toBe(200);
    expect(await thirdSampleRefusal(t.app)).toBeUndefined();
  });

  it('a returns window and collection price show in the shopper’s return options', async () => {
    const { returns } = await load();
    const value = { ...returns!.value, window_days: 14, collection_price: '75' };
    expect((await save('returns', value)).status).toBe(200);
    const { shopper, number, placed } = await order(4, true);
    const options = await shopper.call('GET', `/api/orders/${number}/returns`);
    expect(options.body.data.rules).toMatchObject({ window_days: 14, collection_price: '75.00' });
    // The confirmation mail states the same collection price, then none once the shop pays it.
    const confirmation = async (orderNumber: string) => {
      const [mail] = await queryRows<{ text: string }>(
        t.app.services.db,
        sql`SELECT m.text FROM mail_outbox m JOIN orders o ON o.id = m.order_id
            WHERE o.number = ${orderNumber} AND m.kind = 'order_confirmation'`,
      );
      return mail!.text;
    };
    expect((placed.body.data as OrderJson).delivery.method).toBe('pallet');
    expect(await confirmation(number!)).toContain(
      'we collect it from a mainland UK address for £75.00 a pallet (including VAT), taken off your refund;',
    );
    expect((await save('returns', { ...value, collection_paid_by: 'shop' })).status).toBe(200);
    const free = await order(4, false);
    const freeNumber = (free.placed.body.data as OrderJson).number;
    expect(await confirmation(freeNumber)).toContain(
      'we collect it from a mainland UK address at no charge to you;',
    );
    expect((await save('returns', returns!.value)).status).toBe(200);
  });

  it('a lower holding cap refuses an unpaid order above it', async () => {
    const { limits } = await load();
    const value = limits!.value as { holding: Record<string, unknown> };
    const lowered = { ...value, holding: { ...value.holding, order_max_pieces_per_size: 6 } };
    const saved = await save('limits', lowered);
    expect(saved.body).toMatchObject({ data: { limits: { value: lowered } } });
    expect((await load()).limits!.value).toEqual(lowered);
    const { placed } = await order(8, false);
    expect(placed.status).toBe(422);
    expect(placed.body.message).toBe(
      'An unpaid order can hold at most 6 pieces of one size. For a larger quantity please contact us for a quote.',
    );
    expect((await save('limits', value)).status).toBe(200);
    expect((await order(8, false)).placed.status).toBe(201);
  });

  it.skipIf(!onPostgres)('on a sibling instance too, without a restart', async () => {
    const sibling = await createSiblingApp(t);
    try {
      const { samples } = await load();
      expect(await thirdSampleRefusal(sibling)).toBeUndefined();
      expect((await save('samples', { ...samples!.value, max_free_per_order: 2 })).status).toBe(
        200,
      );
      expect(await thirdSampleRefusal(sibling)).toBe(
        'You can order up to 2 free samples per order',
      );
      expect((await save('samples', samples!.value)).status).toBe(200);
    } finally {
      await sibling.close();
    }
  });
});
