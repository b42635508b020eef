// A quote accepted with a card: the PaymentIntent asks for the deposit, not the total, and once
// Stripe says it succeeded the order is paid with the balance still to ask for. Figures: a
// 1200 × 600 mm worktop at £180.00/m² (£129.60) with 2 cut-outs at £45.00, delivery £60.00:
// £279.60; a 30 % deposit is £83.88, the balance £195.72.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { fake, t, useStripeApp } from '#tests/setup/stripe-app.ts';

useStripeApp();
let manager: StaffBrowser;
let stone: number;

beforeAll(async () => {
  ({ manager } = await staffOfEveryRole(t.app));
  const [row] = await queryRows<{ id: number }>(
    t.app.services.db,
    sql`SELECT id FROM products WHERE status = 'publish' ORDER BY id LIMIT 1`,
  );
  stone = row!.id;
});

describe('a quote accepted by card', () => {
  it('takes the deposit through Stripe and leaves the balance to pay', async () => {
    const created = await manager.call('POST', '/api/admin/quotes', {
      address: checkoutInput('0.00').shipping,
      deposit_percent: 30,
      manual_delivery: '60.00',
      lines: [
        {
          kind: 'bespoke',
          product_id: stone,
          thickness_mm: 30,
          length_mm: 1200,
          width_mm: 600,
          cutouts: 2,
          cutout_price: '45.00',
          pieces: 1,
          pricing: 'm2',
          unit_price: '180.00',
        },
      ],
    });
    const number = created.body.data.number as string;
    const sent = await manager.call('POST', `/api/admin/quotes/${number}/send`, {});
    const link = new URL(sent.body.link as string);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/quotes/${number}/accept${link.search}`,
      payload: { payment_method: 'card', accept_terms: true },
    });
    expect(accepted.statusCode).toBe(201);
    const { data: order, token, payment } = accepted.json();
    expect(order.totals.total.gross).toBe('279.60');
    const intent = fake.intents().find((i) => i.client_secret === payment.client_secret)!;
    expect(intent.amount).toBe(8_388);

    fake.setStatus(intent.id, 'succeeded');
    const synced = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.number}/payment/sync?token=${token}`,
    });
    expect(synced.json()).toMatchObject({ status: 'paid', payment_status: 'succeeded' });
    const link2 = await manager.call('POST', `/api/admin/orders/${order.number}/balance-link`);
    expect(link2.body.due).toBe('195.72');
  });
});
