import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let editor: StaffBrowser;
let tile: { id: number; product_id: number };
let other: { id: number; product_id: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);
const stockOf = async (id: number) =>
  (await rows<{ s: number }>(sql`SELECT stock_quantity AS s FROM variations WHERE id = ${id}`))[0]!
    .s;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, editor } = await staffOfEveryRole(t.app));
  [tile, other] = (await tileSizes(t.app.services.db, 2)) as [typeof tile, typeof other];
  // 0.24 m² a piece at £250.00 a m², sold in packs of 4: a pack is £240.00.
  await workedPrices(t.app.services.db, [tile], { stock: 40, piecesPerPack: 4 });
  await run(sql`UPDATE variations SET stock_quantity = 40 WHERE id = ${other.id}`);
  t.app.services.invalidateCatalogue();
});
afterAll(async () => {
  await t?.close();
});

/** Two packs of the tile and two pieces of another size cut to measure, paid and delivered. */
async function deliveredOrder() {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(tile.product_id, tile.id, 8)).status).toBe(200);
  expect((await shopper.add(other.product_id, other.id, 2)).status).toBe(200);
  const quote: CheckoutQuoteJson = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  const order = placed.body.data as OrderJson;
  expect(order.lines[0]).toMatchObject({ pieces: 8, total: { gross: '480.00' } });
  const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
    amount: order.totals.total.gross,
  });
  expect(paid.status).toBe(200);
  await run(sql`UPDATE order_lines SET is_bespoke = true WHERE position = 1
    AND order_id = (SELECT id FROM orders WHERE number = ${order.number})`);
  await deliveredHoursAgo(order.number, 24);
  return { shopper, number: order.number, token: placed.body.token as string };
}

const deliveredHoursAgo = (number: string, hours: number) =>
  run(sql`UPDATE orders SET status = 'delivered',
    delivered_at = now() - make_interval(hours => ${hours}) WHERE number = ${number}`);

const fourPieces = { lines: [{ line: 0, pieces: 4 }], reason: 'ordered_too_many' };

describe('a return from request to refund with stock back and a credit note', () => {
  it('shows the figures, takes the request, and staff approve, book, receive and refund it', async () => {
    const { shopper, number } = await deliveredOrder();
    const options = await shopper.call('GET', `/api/orders/${number}/returns`);
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({
      closed: null,
      damage_claim_open: true,
      rules: { window_days: 30, restocking_fee_percent: 20, collection_price: '60.00' },
      lines: [
        { line: 0, pieces: 8, pieces_per_pack: 4, returnable_pieces: 8, why_not: null },
        { line: 1, returnable_pieces: 0, why_not: 'Made-to-measure pieces cannot be returned' },
      ],
      returns: [],
    });

    // £240.00 of goods, 20 % fee £48.00, collection £60.00: £132.00 back (net £110.00).
    const preview = await shopper.call('POST', `/api/orders/${number}/returns/preview`, fourPieces);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual({
      goods: { net: '200.00', vat: '40.00', gross: '240.00' },
      restocking_fee: { net: '40.00', vat: '8.00', gross: '48.00' },
      collection: { net: '50.00', vat: '10.00', gross: '60.00' },
      refund: { net: '110.00', vat: '22.00', gross: '132.00' },
    });
    expect(await stockOf(tile.id)).toBe(32);

    const asked = await shopper.call('POST', `/api/orders/${number}/returns`, fourPieces);
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({
      number: `${number}-R1`,
      status: 'requested',
      status_label: 'Requested',
      reason_label: 'I ordered too many',
      lines: [{ line: 0, pieces: 4, pieces_per_pack: 4, packs: 1, gross: '240.00' }],
      figures: { refund: { gross: '132.00' } },
      version: 1,
    });
    const ret = `/api/admin/returns/${number}-R1`;

    expect((await editor.call('POST', `${ret}/approve`, { version: 1 })).status).toBe(403);
    const listed = await manager.call('GET', '/api/admin/returns?status=requested');
    expect(listed.body.data.map((r: { number: string }) => r.number)).toContain(`${number}-R1`);

    const approved = await manager.call('POST', `${ret}/approve`, { version: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', version: 2 });
    const stale = await manager.call('POST', `${ret}/book`, { version: 1, date: '2026-12-01' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const early = await manager.call('POST', `${ret}/refund`, { version: 2 });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This return is approved: it cannot be refunded now');
    expect(
      (await manager.call('POST', `${ret}/book`, { version: 2, date: '1-12-2026' })).status,
    ).toBe(400);

    const booked = await manager.call('POST', `${ret}/book`, { version: 2, date: '2026-12-01' });
    expect(booked.body.data).toMatchObject({
      status: 'collection_booked',
      collection_date: '2026-12-01',
    });
    const received = await manager.call('POST', `${ret}/receive`, { version: 3 });
    expect(received.body.data.status).toBe('received');
    expect(await stockOf(tile.id)).toBe(36);
    const ledger = await rows<{ delta: number; stock_after: number; reason: string; ref: string }>(
      sql`SELECT delta, stock_after, reason, ref FROM stock_ledger
          WHERE variation_id = ${tile.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(ledger).toEqual([{ delta: 4, stock_after: 36, reason: 'return', ref: `${number}-R1` }]);
    // The same step again from the same page changes nothing.
    expect((await manager.call('POST', `${ret}/receive`, { version: 3 })).status).toBe(409);
    expect(await stockOf(tile.id)).toBe(36);

    const refunded = await manager.call('POST', `${ret}/refund`, { version: 4 });
    expect(refunded.status).toBe(200);
    expect(refunded.body.data).toMatchObject({ status: 'refunded', version: 5 });
    const creditNote = refunded.body.data.credit_note as string;
    expect(creditNote).toMatch(/^CN-\d{6}$/);
    const order = await manager.call('GET', `/api/admin/orders/${number}`);
    expect(order.body.data.credit_notes).toEqual([
      expect.objectContaining({
        number: creditNote,
        amount: '132.00',
        reason: `Return ${number}-R1`,
        refund_ref: 'manual',
      }),
    ]);
    expect(order.body.data.payment.refunded).toBe('132.00');
    expect(order.body.data.payment_status).toBe('partially_refunded');
    const pdf = await manager.call(
      'GET',
      `/api/admin/orders/${number}/credit-notes/${creditNote}.pdf`,
    );
    expect(pdf.status).toBe(200);

    const seen = await shopper.call('GET', `/api/orders/${number}/returns`);
    expect(seen.body.data.returns).toMatchObject([
      { number: `${number}-R1`, status: 'refunded', credit_note: creditNote },
    ]);
    expect(seen.body.data.lines[0].returnable_pieces).toBe(4);
    const history = await rows<{ to_state: string; note: string }>(
      sql`SELECT e.to_state, e.note FROM order_events e JOIN orders o ON o.id = e.order_id
          WHERE o.number = ${number} AND e.to_state LIKE 'return_%' ORDER BY e.id`,
    );
    expect(history.map((h) => h.to_state)).toEqual([
      'return_requested',
      'return_approved',
      'return_collection_booked',
      'return_received',
      'return_refunded',
    ]);
    expect(history.at(-1)!.note).toBe(
      `Return ${number}-R1 refunded with credit note ${creditNote}: £132.00`,
    );
  });
});

describe('returns refused', () => {
  it('refuses part packs, bespoke lines, more than bought, and a stranger', async () => {
    const { shopper, number, token } = await deliveredOrder();
    const url = `/api/orders/${number}/returns`;
    const partPack = await shopper.call('POST', url, {
      ...fourPieces,
      lines: [{ line: 0, pieces: 3 }],
    });
    expect(partPack.status).toBe(400);
    expect(partPack.body.fields).toEqual({
      'lines.0.pieces': 'Return whole packs only: a multiple of 4 pieces',
    });
    const bespoke = await shopper.call('POST', url, {
      ...fourPieces,
      lines: [{ line: 1, pieces: 1 }],
    });
    expect(bespoke.status).toBe(400);
    expect(bespoke.body.message).toBe('Made-to-measure pieces cannot be returned');
    const tooMany = await shopper.call('POST', url, {
      ...fourPieces,
      lines: [{ line: 0, pieces: 12 }],
    });
    expect(tooMany.body.message).toBe('At most 8 pieces can be returned');
    expect((await shopper.call('POST', url, { ...fourPieces, reason: 'bored' })).status).toBe(400);
    expect((await shopper.call('POST', url, { reason: 'changed_mind', lines: [] })).status).toBe(
      400,
    );
    const stranger = new ApiShopper(t.app);
    expect((await stranger.call('POST', url, fourPieces)).status).toBe(404);
    // The guest's secret link works for anyone holding it.
    const guest = await stranger.call('POST', `${url}/preview?token=${token}`, fourPieces);
    expect(guest.status).toBe(200);
    const none = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM returns r
      JOIN orders o ON o.id = r.order_id WHERE o.number = ${number}`);
    expect(none).toEqual([{ n: 0 }]);
  });

  it('refuses a return outside the window, before delivery, and damage after 48 hours', async () => {
    const { shopper, number } = await deliveredOrder();
    const url = `/api/orders/${number}/returns`;
    await deliveredHoursAgo(number, 30 * 24 + 1);
    const late = await shopper.call('POST', url, fourPieces);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Returns must be asked for within 30 days of delivery');
    await run(sql`UPDATE orders SET delivered_at = NULL WHERE number = ${number}`);
    const undelivered = await shopper.call('POST', `${url}/preview`, fourPieces);
    expect(undelivered.status).toBe(409);
    expect(undelivered.body.message).toBe(
      'Items can be returned once the order has been delivered',
    );
    await deliveredHoursAgo(number, 49);
    const damage = await shopper.call('POST', url, {
      ...fourPieces,
      reason: 'damaged',
      damage_on_delivery_note: true,
      photos: [1],
    });
    expect(damage.status).toBe(400);
    expect(damage.body.fields).toEqual({
      reason: 'Damage must be reported within 48 hours of delivery; please contact us',
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#999' } })
      .png()
      .toBuffer();
    const photo = await shopper.call('POST', `${url}/photos`, png, {
      'content-type': 'image/png',
    });
    expect(photo.status).toBe(409);
    expect(photo.body.message).toBe(
      'Damage must be reported within 48 hours of delivery; please contact us',
    );
  });

  it('takes a damage claim within 48 hours with a photo, and refunds it in full', async () => {
    const { shopper, number } = await deliveredOrder();
    const url = `/api/orders/${number}/returns`;
    const damaged = { ...fourPieces, reason: 'damaged' };
    const bare = await shopper.call('POST', url, damaged);
    expect(bare.status).toBe(400);
    expect(bare.body.fields).toEqual({
      damage_on_delivery_note: 'Damage must be noted on the delivery note when it arrives',
      photos: 'Add at least one photo of the damage',
    });
    const notAnImage = await shopper.call('POST', `${url}/photos`, Buffer.from('hello'), {
      'content-type': 'image/png',
    });
    expect(notAnImage.status).toBe(415);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#a08060' },
    })
      .png()
      .toBuffer();
    const photo = await shopper.call('POST', `${url}/photos`, png, { 'content-type': 'image/png' });
    expect(photo.status).toBe(201);
    const asked = await shopper.call('POST', url, {
      ...damaged,
      damage_on_delivery_note: true,
      photos: [photo.body.data.id],
    });
    expect(asked.status).toBe(201);
    expect(asked.body.data).toMatchObject({
      damage: true,
      photos: 1,
      figures: {
        restocking_fee: { gross: '0.00' },
        collection: { gross: '0.00' },
        refund: { net: '200.00', vat: '40.00', gross: '240.00' },
      },
    });
    const seen = await manager.call('GET', `/api/admin/returns/${number}-R1/photos/1`);
    expect(seen.status).toBe(200);
    expect(seen.response.headers['content-type']).toBe('image/png');
    expect(seen.response.rawPayload.equals(png)).toBe(true);
    const refused = await manager.call('POST', `/api/admin/returns/${number}-R1/refuse`, {
      version: 1,
      reason: 'The photo shows no damage',
    });
    expect(refused.body.data).toMatchObject({
      status: 'refused',
      refusal: 'The photo shows no damage',
    });
    // A refused return gives its packs back to what can be returned.
    const options = await shopper.call('GET', url);
    expect(options.body.data.lines[0].returnable_pieces).toBe(8);
  });
});
