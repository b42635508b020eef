import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { PaymentMethod } from '#domain/checkout.ts';
import type { OrderStatus, PaymentStatus } from '#domain/order-states.ts';
import { stockContext } from '../stock.ts';
import type { PricedLine } from './pricing.ts';

export interface OrderHead {
  id: number;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  totalPence: number;
  email: string;
  customerId: number | null;
}

export type Tx = Database;

export interface HeadRow {
  id: number;
  number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  total_pence: number;
  email: string;
  customer_id: number | null;
  access_token_hash?: string;
  session_token_hash?: string;
}

export const headOf = (row: HeadRow): OrderHead => ({
  id: row.id,
  number: row.number,
  status: row.status,
  paymentStatus: row.payment_status,
  paymentMethod: row.payment_method,
  totalPence: row.total_pence,
  email: row.email,
  customerId: row.customer_id,
});

/** Adds a line to an order's history. */
export function recordEvent(
  tx: Tx,
  orderId: number,
  event: {
    kind: 'status' | 'payment' | 'note';
    from: string | null;
    to: string;
    actor: string;
    note?: string | null;
  },
) {
  return tx.execute(sql`INSERT INTO order_events (order_id, kind, from_state, to_state, actor, note)
    VALUES (${orderId}, ${event.kind}, ${event.from}, ${event.to}, ${event.actor}, ${event.note ?? null})`);
}

/**
 * Records a provider's event (when the change comes from one): true the first time its id is
 * seen, false for a redelivery, which must change nothing.
 */
export async function firstDelivery(
  tx: Tx,
  input: { provider: string; orderNumber: string; event?: { id: string; type: string } },
): Promise<boolean> {
  if (!input.event) return true;
  const fresh = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO payment_events (provider, event_id, type, order_id)
        VALUES (${input.provider}, ${input.event.id}, ${input.event.type},
          (SELECT id FROM orders WHERE number = ${input.orderNumber}))
        ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
  );
  return fresh.length > 0;
}

/**
 * Whether a provider's payment is the order's own. A payment a provider reports by reference
 * counts only for the reference the shop stored when the order's own payment started (a card
 * event for a bank-transfer order has none): a validly signed event for any other payment is
 * someone else's, whatever its metadata says. A payment without a reference is recorded by
 * staff, who see the money arrive.
 */
export async function isOwnPayment(
  tx: Tx,
  order: OrderHead,
  input: { provider: string; providerRef: string | null },
): Promise<boolean> {
  if (input.providerRef === null) return true;
  const [row] = await queryRows<{ provider_ref: string | null }>(
    tx,
    sql`SELECT provider_ref FROM payments
        WHERE order_id = ${order.id} AND provider = ${input.provider}`,
  );
  return row?.provider_ref === input.providerRef;
}

/** What an order's first payment must be: the deposit it asks first, or else its total. */
export const FIRST_PAYMENT_PENCE = sql`coalesce(first_payment_pence, total_pence)`;

/** The amount an order's first payment must be (FIRST_PAYMENT_PENCE). */
export async function firstPaymentPence(db: Database, orderId: number): Promise<number> {
  const [row] = await queryRows<{ due: number }>(
    db,
    sql`SELECT ${FIRST_PAYMENT_PENCE} AS due FROM orders WHERE id = ${orderId}`,
  );
  if (!row) throw new Error(`Order ${orderId} is gone`);
  return row.due;
}

export async function lockOrder(tx: Tx, number: string): Promise<OrderHead | null> {
  const [row] = await queryRows<HeadRow>(
    tx,
    sql`SELECT id, number, status, payment_status, payment_method, total_pence, email,
          customer_id, access_token_hash
        FROM orders WHERE number = ${number} FOR UPDATE`,
  );
  return row ? headOf(row) : null;
}

/** Gives back the pieces an order took, once: its lines stop holding stock. */
export async function releaseStock(
  tx: Tx,
  order: { id: number; number: string },
  why: { reason: 'cancel' | 'expiry'; actor: string },
): Promise<void> {
  await stockContext(tx, { ...why, orderId: order.id, ref: order.number });
  await tx.execute(sql`
    WITH released AS (
      UPDATE order_lines SET stock_taken = false
      WHERE order_id = ${order.id} AND stock_taken
      RETURNING variation_id, pieces
    ), per_variation AS (
      SELECT variation_id, sum(pieces)::int AS pieces FROM released GROUP BY variation_id
    )
    UPDATE variations v SET stock_quantity = v.stock_quantity + p.pieces
    FROM per_variation p WHERE v.id = p.variation_id AND v.stock_quantity IS NOT NULL`);
}

/**
 * A priced line's snapshot as order_lines' columns, as charged: net, VAT and gross after its
 * share of a discount code. Checkout and an order edit both write lines through this, so an
 * edited order keeps its discount on every line.
 */
export function orderLineColumns(line: PricedLine) {
  return {
    product_id: line.productId,
    variation_id: line.variationId,
    name: line.name,
    size: line.option,
    kind: line.priced.kind,
    is_bespoke: line.isBespoke,
    pieces: line.pieces,
    m2: line.m2,
    weight_kg: line.weightKg,
    unit: line.priced.unit,
    unit_price_pence: line.priced.unitPricePence,
    unit_net_pence: line.priced.unitNetPence,
    vat_rate: line.priced.vatRate,
    discount_pence: line.discountPence,
    net_pence: line.charged.netPence,
    vat_pence: line.charged.vatPence,
    gross_pence: line.charged.grossPence,
  };
}
