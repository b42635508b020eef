// Issue 27, "Delivery booked, not guessed": the days checkout offers, and the day, slot, site
// access and instructions an order is booked with. The clock is Wednesday 25 November 2026, the
// issue's example: the estimate says 30 Nov–2 Dec while a bank transfer is due 2 December.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { parseTileSize } from '#domain/area.ts';
import { BOOKING_MESSAGES } from '#domain/booking.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { buildCatalogue, type SeedProduct } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const TODAY = new Date('2026-11-25T10:00:00Z');
const YARD = 'Unit 4, Riverside Trading Estate, Feeder Road, Bristol BS2 0UX';

const catalogue = buildCatalogue();
const sized = (option: string) =>
  /^\d+x\d+x\d+$/.test(option) && (parseTileSize(option)?.thicknessMm ?? 0) > 0;
const marble = catalogue.products.find(
  (p) =>
    p.terms.some((term) => term.slug === 'marble') &&
    !p.categories.includes('stock-clearance') &&
    p.variations.some((v) => sized(v.option) && v.inStock),
) as SeedProduct;

let t: TestApp;
let productId: number;
let size: VariationJson;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: TODAY });
  t = await createTestApp();
  // The owner offers collection from the yard, ready two working days after the order.
  await t.app.services.db.execute(
    sql`UPDATE delivery_settings SET collection_offered = true WHERE id = 1`,
  );
  const answer = await t.app.inject({ url: `/api/products/slug/${marble.slug}` });
  const body = answer.json() as { data: { id: number }; variations: VariationJson[] };
  productId = body.data.id;
  size = body.variations.find((v) => sized(v.attributes[0]!.option) && v.instock)!;
  await t.app.services.db.execute(
    sql`UPDATE variations SET stock_quantity = 10000 WHERE id = ${size.id}`,
  );
});
afterAll(async () => {
  vi.useRealTimers();
  await t?.close();
});

/** A shopper with 40 pieces (a pallet) or 1 piece (a parcel) of the marble size. */
async function shopperWith(pieces: number): Promise<ApiShopper> {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(productId, size.id, pieces)).status).toBe(200);
  return shopper;
}

const option = (quote: CheckoutQuoteJson, id: string) =>
  quote.delivery.options.find((o) => o.id === id)!;

async function place(
  shopper: ApiShopper,
  overrides: Record<string, unknown>,
  query = 'country=GB&postcode=BS2%200UX',
) {
  const chosen = overrides.delivery_option as string | undefined;
  const quote = await shopper.quote(chosen ? `${query}&delivery_option=${chosen}` : query);
  return shopper.placeOrder(checkoutInput(quote.totals.total.gross, overrides), randomUUID());
}

async function orderCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.db,
    sql`SELECT count(*)::int AS n FROM orders`,
  );
  return row!.n;
}

describe('GET /api/checkout: the days a delivery can be booked for', () => {
  it('offers a pallet from the lead time by card, and from payment due + lead time by bank transfer', async () => {
    const quote = await (await shopperWith(40)).quote();
    expect(quote.delivery.method).toBe('pallet');
    const standard = option(quote, 'standard');
    expect(standard.estimate).toMatchObject({ earliest: '2026-11-30', latest: '2026-12-02' });
    expect(standard.days!.card.slice(0, 5)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    // Payment due Wednesday 2 December; three working days after it: Monday 7 December.
    expect(standard.days!.bank_transfer.slice(0, 3)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
    expect(standard.days!.bank_transfer).toHaveLength(20);
    // Christmas Day and the Boxing Day substitute are never offered, nor weekends.
    expect(standard.days!.bank_transfer).not.toContain('2026-12-25');
    expect(standard.days!.bank_transfer).not.toContain('2026-12-28');
    expect(standard.days!.bank_transfer).not.toContain('2026-12-12');
    // A timed slot applies to the same days, at its own price.
    expect(option(quote, 'timed_am').days).toEqual(standard.days);
    expect(Number(option(quote, 'timed_am').price) - Number(standard.price)).toBe(25);
  });

  it('gives a parcel an estimate only, and offers collection at £0 from the yard', async () => {
    const quote = await (await shopperWith(1)).quote();
    expect(quote.delivery.method).toBe('parcel');
    expect(option(quote, 'standard').days).toBeNull();
    expect(option(quote, 'timed_pm').days).toBeNull();
    const collection = option(quote, 'collection');
    expect(collection).toMatchObject({ label: 'Collect from our yard', price: '0.00' });
    expect(collection.days!.card[0]).toBe('2026-11-27');
    expect(collection.days!.bank_transfer[0]).toBe('2026-12-04');
    expect(quote.delivery.collection_address).toBe(YARD);
  });
});

describe('POST /api/checkout/orders: the booked day respects lead time and payment', () => {
  it('refuses a bank-transfer pallet on a day before payment due + lead time, and a weekend', async () => {
    const shopper = await shopperWith(40);
    const before = await orderCount();
    for (const day of ['2026-12-04', '2026-12-12', '2026-11-25']) {
      const refused = await place(shopper, { delivery_date: day });
      expect(refused.status, day).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'invalid_request',
        message: BOOKING_MESSAGES.dayNotOffered,
        fields: { delivery_date: BOOKING_MESSAGES.dayNotOffered },
      });
    }
    const malformed = await place(shopper, { delivery_date: '7/12/2026' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields).toEqual({
      delivery_date: 'A delivery day looks like 2026-12-07',
    });
    expect(await orderCount()).toBe(before);
  });

  it('books a pallet for a day and slot with site access and instructions, stored and returned', async () => {
    const shopper = await shopperWith(40);
    const placed = await place(shopper, {
      delivery_option: 'timed_am',
      delivery_date: '2026-12-07',
      delivery_slot: 'am',
      site_access: { crane: true, kerbside: true, tail_lift: false },
      delivery_instructions: '  Gate code 4921; please ring on arrival.  ',
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data as OrderJson;
    expect(order.booking).toEqual({
      fulfilment: 'delivery',
      date: '2026-12-07',
      slot: 'am',
      slot_label: 'Morning, 9am–1pm',
      site_access: [
        {
          id: 'kerbside',
          label: 'Leaving the pallet at the kerb is fine',
          note: 'Kerbside is fine',
        },
        {
          id: 'crane',
          label: 'A crane offload is needed (over a wall or onto a drive)',
          note: 'Crane offload (HIAB lorry)',
        },
      ],
      phone_to_confirm: true,
      instructions: 'Gate code 4921; please ring on arrival.',
      collection_address: null,
    });
    const [row] = await queryRows<Record<string, unknown>>(
      t.app.services.db,
      sql`SELECT fulfilment, to_char(delivery_date, 'YYYY-MM-DD') AS day, delivery_slot,
            site_access, delivery_instructions FROM orders WHERE number = ${order.number}`,
    );
    expect(row).toEqual({
      fulfilment: 'delivery',
      day: '2026-12-07',
      delivery_slot: 'am',
      site_access: { crane: true, kerbside: true },
      delivery_instructions: 'Gate code 4921; please ring on arrival.',
    });
    const stored = await shopper.call('GET', `/api/orders/${order.number}`);
    expect(stored.body.data).toEqual(order);
    await expect
      .poll(() => outboxMails(t.config.dataDir).some((m) => m.subject.includes(order.number)))
      .toBe(true);
    const mail = outboxMails(t.config.dataDir).find((m) => m.subject.includes(order.number))!;
    expect(mail.text).toContain('Monday 7 December 2026, Morning, 9am–1pm');
    expect(mail.text).toContain('Kerbside is fine; Crane offload (HIAB lorry)');
    expect(mail.text).toContain('Gate code 4921; please ring on arrival.');
    expect(mail.text).toContain(BOOKING_MESSAGES.phoneToConfirm);
  });

  it('books a pallet sent with no day for the first day offered', async () => {
    const placed = await place(await shopperWith(40), {});
    expect(placed.status).toBe(201);
    expect(placed.body.data.booking).toMatchObject({ date: '2026-12-07', slot: 'all_day' });
  });

  it('refuses a day for a parcel, site access off a pallet, crane with tail-lift, long instructions', async () => {
    const parcel = await shopperWith(1);
    const day = await place(parcel, { delivery_date: '2026-12-07' });
    expect(day.status).toBe(400);
    expect(day.body.fields).toEqual({ delivery_date: BOOKING_MESSAGES.dayNotBooked });
    const access = await place(parcel, { site_access: { gravel_drive: true } });
    expect(access.status).toBe(400);
    expect(access.body.fields).toEqual({ site_access: BOOKING_MESSAGES.siteAccessPalletOnly });

    const pallet = await shopperWith(40);
    const both = await place(pallet, { site_access: { crane: true, tail_lift: true } });
    expect(both.status).toBe(400);
    expect(both.body.fields).toEqual({ site_access: BOOKING_MESSAGES.craneAndTailLift });
    const long = await place(pallet, { delivery_instructions: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({
      delivery_instructions: BOOKING_MESSAGES.instructionsTooLong,
    });
    const slot = await place(pallet, { delivery_option: 'standard', delivery_slot: 'pm' });
    expect(slot.status).toBe(400);
    expect(slot.body.fields).toEqual({ delivery_slot: BOOKING_MESSAGES.slotMismatch });
  });

  it('books a collection from the yard at £0 for a day it can be ready', async () => {
    const shopper = await shopperWith(40);
    const mismatch = await place(shopper, {
      delivery_option: 'standard',
      fulfilment: 'collection',
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ fulfilment: BOOKING_MESSAGES.fulfilmentMismatch });
    const early = await place(shopper, {
      delivery_option: 'collection',
      delivery_date: '2026-12-03',
    });
    expect(early.status).toBe(400);
    expect(early.body.fields).toEqual({
      delivery_date: BOOKING_MESSAGES.collectionDayNotOffered,
    });

    const placed = await place(shopper, {
      delivery_option: 'collection',
      fulfilment: 'collection',
      delivery_date: '2026-12-04',
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data as OrderJson;
    expect(order.totals.delivery.gross).toBe('0.00');
    expect(order.delivery).toMatchObject({ option: 'collection', note: null });
    expect(order.booking).toMatchObject({
      fulfilment: 'collection',
      date: '2026-12-04',
      slot: null,
      site_access: [],
      collection_address: YARD,
    });
    expect((await shopper.call('GET', `/api/orders/${order.number}`)).body.data).toEqual(order);
  });
});
