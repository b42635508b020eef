// Orders written straight into the tables, for tests of what happens after placing one (payment,
// staff transitions, refunds) without going through the basket and checkout each time.
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '#db/client.ts';
import { orders } from '#db/schema/index.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let sequence = 0;

export interface StoredOrder {
  id: number;
  number: string;
  /** The secret of the order's link (`?token=`). */
  token: string;
  email: string;
}

/**
 * An order of £120.00 awaiting payment; its figures add up as the checkout writes them
 * (net + VAT = total, goods + delivery = total).
 */
export async function storeOrderAwaitingPayment(
  db: Database,
  options: { paymentMethod?: 'card' | 'bank_transfer'; status?: string; email?: string } = {},
): Promise<StoredOrder> {
  sequence += 1;
  const token = randomBytes(24).toString('base64url');
  const address = {
    first_name: 'Ada',
    last_name: 'Stone',
    address_1: '1 Quarry Lane',
    city: 'Bath',
    postcode: 'BA1 1AA',
    country: 'GB',
  };
  const [row] = await db
    .insert(orders)
    .values({
      number: `TS-${900000 + sequence}`,
      accessTokenHash: sha256(token),
      cartId: 900000 + sequence,
      idempotencyKey: `stored-order-${sequence}`,
      sessionTokenHash: sha256(randomBytes(24).toString('base64url')),
      email: options.email ?? `buyer${sequence}@example.com`,
      status: options.status ?? 'pending_payment',
      paymentMethod: options.paymentMethod ?? 'card',
      shippingAddress: address,
      billingAddress: address,
      delivery: {
        option: 'standard',
        label: 'Standard delivery',
        zone: { code: 'mainland', name: 'UK mainland' },
      },
      goodsNetPence: 9_000,
      goodsVatPence: 1_800,
      goodsGrossPence: 10_800,
      deliveryNetPence: 1_000,
      deliveryVatPence: 200,
      deliveryGrossPence: 1_200,
      totalNetPence: 10_000,
      totalVatPence: 2_000,
      totalPence: 12_000,
      termsVersion: '2026-11',
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning();
  return { id: row!.id, number: row!.number, token, email: row!.email };
}
