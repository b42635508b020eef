// The order's tracking (timeline and documents), for its owner and for a guest holding its link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { storeOrderAwaitingPayment, type StoredOrder } from '#tests/factories/stored-orders.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ manager } = await staffOfEveryRole(t.app));
});
afterAll(() => t?.close());

const guestOrder = () =>
  storeOrderAwaitingPayment(t.database.handle.db, { paymentMethod: 'bank_transfer' });

async function staff(order: StoredOrder, action: 'mark-paid' | 'move', body: object) {
  const answer = await manager.call('POST', `/api/admin/orders/${order.number}/${action}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** The dispatch details staff record as the order leaves, written as the dispatch action does. */
async function dispatch(order: StoredOrder) {
  await staff(order, 'move', { status: 'dispatched' });
  await t.app.services.db.execute(sql`UPDATE orders SET carrier = 'Palletways',
      tracking_number = 'PW123456789', tracking_url = 'https://track.example.com/PW123456789',
      dispatched_at = '2026-12-02T08:30:00Z' WHERE id = ${order.id}`);
}

async function asGuest(order: StoredOrder, token = order.token) {
  return new ApiShopper(t.app).call('GET', `/api/orders/${order.number}?token=${token}`);
}

const steps = (timeline: { key: string; label: string; done: boolean; current: boolean }[]) =>
  timeline.map((s) => `${s.key}: ${s.label}${s.done ? ' ✓' : ''}${s.current ? ' ←' : ''}`);

describe('the order timeline', () => {
  it('follows the order from placed to delivered, with the dates, the booked day and the tracking', async () => {
    const order = await guestOrder();
    const placed = await asGuest(order);
    expect(placed.status).toBe(200);
    expect(steps(placed.body.data.timeline)).toEqual([
      'placed: Order placed ✓ ←',
      'paid: Awaiting payment',
      'booked: Delivery day',
      'dispatched: Dispatched',
      'delivered: Delivered',
    ]);
    expect(placed.body.data.timeline[2].detail).toBe(
      'We will be in touch to book the day with you',
    );
    expect(placed.body.data.documents).toEqual([]);
    expect(placed.body.data.guest).toBe(true);

    await staff(order, 'mark-paid', { amount: '120.00' });
    await staff(order, 'move', { status: 'processing' });
    await t.app.services.db.execute(
      sql`UPDATE orders SET delivery_date = '2026-12-03', delivery_slot = 'am' WHERE id = ${order.id}`,
    );
    await dispatch(order);
    await staff(order, 'move', { status: 'delivered' });
    await t.app.services.db.execute(
      sql`UPDATE orders SET delivered_at = '2026-12-03T10:45:00Z' WHERE id = ${order.id}`,
    );

    const delivered = await asGuest(order);
    const timeline = delivered.body.data.timeline;
    expect(steps(timeline)).toEqual([
      'placed: Order placed ✓',
      'paid: Payment received ✓',
      'booked: Delivery day booked ✓',
      'dispatched: Dispatched ✓',
      'delivered: Delivered ✓ ←',
    ]);
    expect(timeline[1].at).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
    expect(timeline[2]).toMatchObject({ day: '2026-12-03', detail: 'Morning (AM)', at: null });
    expect(timeline[3]).toMatchObject({
      at: '2026-12-02T08:30:00.000Z',
      detail: 'Palletways',
      tracking: {
        carrier: 'Palletways',
        number: 'PW123456789',
        url: 'https://track.example.com/PW123456789',
      },
    });
    expect(timeline[4].at).toBe('2026-12-03T10:45:00.000Z');
  });

  it('ends at the cancellation of an order cancelled before it left', async () => {
    const order = await guestOrder();
    await staff(order, 'move', { status: 'cancelled' });
    const answer = await asGuest(order);
    expect(steps(answer.body.data.timeline)).toEqual([
      'placed: Order placed ✓',
      'paid: Awaiting payment',
      'cancelled: Cancelled ✓ ←',
    ]);
  });

  it('says there is nothing to pay for a free order', async () => {
    const order = await guestOrder();
    await t.app.services.db.execute(
      sql`UPDATE orders SET payment_status = 'not_required', status = 'processing' WHERE id = ${order.id}`,
    );
    const answer = await asGuest(order);
    expect(steps(answer.body.data.timeline).slice(0, 3)).toEqual([
      'placed: Order placed ✓',
      'paid: Nothing to pay ✓ ←',
      'booked: Delivery day',
    ]);
  });
});

describe("the guest's documents", () => {
  it('downloads the invoice and credit note with the right token; a wrong or another order’s token gets 404', async () => {
    const order = await guestOrder();
    const other = await guestOrder();
    await staff(order, 'mark-paid', { amount: '120.00' });
    const refund = await manager.call('POST', `/api/admin/orders/${order.number}/refund`, {
      amount: '20.00',
      reason: 'One cracked tile',
    });
    expect(refund.status).toBe(200);
    const note = refund.body.credit_note as string;

    const answer = await asGuest(order);
    const documents = answer.body.data.documents as { kind: string; label: string; url: string }[];
    const query = `?token=${encodeURIComponent(order.token)}`;
    expect(documents.map((d) => [d.kind, d.url])).toEqual([
      ['invoice', `/api/orders/${order.number}/invoice.pdf${query}`],
      ['credit_note', `/api/orders/${order.number}/credit-notes/${note}.pdf${query}`],
    ]);
    expect(documents[1]!.label).toBe(`Credit note ${note}`);
    expect(answer.body.data.invoice.url).toBe(documents[0]!.url);
    expect(steps(answer.body.data.timeline).at(-1)).toBe('refunded: Partly refunded ✓ ←');

    const guest = new ApiShopper(t.app);
    for (const document of documents) {
      const pdf = await guest.call('GET', document.url);
      expect(pdf.status).toBe(200);
      expect(pdf.response.headers['content-type']).toBe('application/pdf');
      expect(pdf.response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const wrong = await guest.call('GET', document.url.replace(query, '?token=not-the-token'));
      expect(wrong.status).toBe(404);
      const borrowed = await guest.call(
        'GET',
        document.url.replace(query, `?token=${encodeURIComponent(other.token)}`),
      );
      expect(borrowed.status).toBe(404);
      const none = await guest.call('GET', document.url.replace(query, ''));
      expect(none.status).toBe(404);
    }
    const missing = await guest.call(
      'GET',
      `/api/orders/${order.number}/credit-notes/CN-999999.pdf${query}`,
    );
    expect(missing.status).toBe(404);
    expect((await asGuest(order, 'not-the-token')).status).toBe(404);
  });
});
