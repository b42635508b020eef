// A trade account and invoices on its credit written straight into the tables, for tests of the
// ledger (statement, payments, overdue) without placing each order through the checkout. They
// write what placing an order on account writes: an order of the customer with payment_method
// 'account', payment_status 'on_account' and status 'processing' (dispatched before payment),
// and its invoice, numbered from the 'invoice' counter at placement, with due_on from the terms.
import { randomBytes, createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { splitGross } from '#domain/vat.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let sequence = 0;

/** A customer signed up through the API, and their session. */
export async function signedUpCustomer(app: FastifyInstance, email: string) {
  const shopper = new ApiShopper(app);
  const answer = await shopper.call('POST', '/api/auth/register', {
    email,
    password: 'Riven-slate-2026',
  });
  if (answer.status !== 201) throw new Error(`register answered ${answer.status}`);
  return { shopper, id: answer.body.customer.id as number };
}

/** Opens a trade account for a customer (approved, in the Trade group), as approval does. */
export async function openTradeAccount(
  db: Database,
  customerId: number,
  options: { company?: string; creditLimitPence?: number | null; termsDays?: number } = {},
): Promise<void> {
  await db.execute(sql`UPDATE customers SET group_id = (SELECT id FROM customer_groups
      WHERE name = 'Trade') WHERE id = ${customerId}`);
  await db.execute(sql`INSERT INTO trade_accounts
      (customer_id, company, company_number, vat_number, trade, credit_limit_pence, terms_days)
    VALUES (${customerId}, ${options.company ?? 'Ashlar Tiling Ltd'}, '01234567', 'GB123456789',
      'Tiler', ${options.creditLimitPence === undefined ? 500_000 : options.creditLimitPence},
      ${options.termsDays ?? 30})`);
}

export interface AccountInvoice {
  orderId: number;
  orderNumber: string;
  invoiceId: number;
  /** The invoice's number (printed 'INV-000012'). */
  number: number;
}

/**
 * An order on account of `totalPence` (VAT included; £12.00 of it delivery when it is larger),
 * invoiced on `issuedOn` and due on `dueOn` (London days, YYYY-MM-DD).
 */
export async function storeAccountInvoice(
  db: Database,
  customerId: number,
  spec: { totalPence: number; issuedOn: string; dueOn: string },
): Promise<AccountInvoice> {
  sequence += 1;
  const address = {
    first_name: 'Tom',
    last_name: 'Mason',
    company: 'Ashlar Tiling Ltd',
    address_1: '4 Kiln Yard',
    city: 'Frome',
    postcode: 'BA11 1AA',
    country: 'GB',
  };
  const deliveryGross = spec.totalPence > 1_200 ? 1_200 : 0;
  const goods = splitGross(spec.totalPence - deliveryGross);
  const delivery = splitGross(deliveryGross);
  const issuedAt = `${spec.issuedOn}T10:00:00Z`;
  const [order] = await queryRows<{ id: number; number: string }>(
    db,
    sql`INSERT INTO orders (number, access_token_hash, cart_id, idempotency_key,
        session_token_hash, customer_id, email, status, payment_status, payment_method,
        shipping_address, billing_address, delivery,
        goods_net_pence, goods_vat_pence, goods_gross_pence,
        delivery_net_pence, delivery_vat_pence, delivery_gross_pence,
        total_net_pence, total_vat_pence, total_pence, terms_version, placed_at)
      SELECT ${`TS-${800000 + sequence}`}, ${sha256(randomBytes(24).toString('hex'))},
        ${800000 + sequence},
        ${`account-order-${randomBytes(8).toString('hex')}`}, ${sha256(randomBytes(24).toString('hex'))},
        ${customerId}, c.email, 'processing', 'on_account', 'account',
        ${JSON.stringify(address)}::jsonb, ${JSON.stringify(address)}::jsonb,
        ${JSON.stringify({ option: 'standard', label: 'Standard delivery', zone: { code: 'mainland', name: 'UK mainland' } })}::jsonb,
        ${goods.netPence}, ${goods.vatPence}, ${goods.grossPence},
        ${delivery.netPence}, ${delivery.vatPence}, ${delivery.grossPence},
        ${goods.netPence + delivery.netPence}, ${goods.vatPence + delivery.vatPence},
        ${spec.totalPence}, '2026-11', ${issuedAt}::timestamptz
      FROM customers c WHERE c.id = ${customerId}
      RETURNING id, number`,
  );
  const [invoice] = await queryRows<{ id: number; number: number }>(
    db,
    sql`WITH next AS (UPDATE counters SET value = value + 1 WHERE name = 'invoice' RETURNING value)
      INSERT INTO invoices (order_id, number, issued_at, tax_point, due_on)
      SELECT ${order!.id}, value, ${issuedAt}::timestamptz, ${issuedAt}::timestamptz,
        ${spec.dueOn}::date FROM next
      RETURNING id, number`,
  );
  return {
    orderId: order!.id,
    orderNumber: order!.number,
    invoiceId: invoice!.id,
    number: invoice!.number,
  };
}

/**
 * A customer signed up with a trade account (its default terms and limit) and one invoice on it
 * of `totalPence`, issued and due today (London).
 */
export async function tradeAccountOwing(app: FastifyInstance, email: string, totalPence: number) {
  const { shopper, id } = await signedUpCustomer(app, email);
  await openTradeAccount(app.services.db, id);
  const today = londonDay(new Date());
  const invoice = await storeAccountInvoice(app.services.db, id, {
    totalPence,
    issuedOn: today,
    dueOn: today,
  });
  return { shopper, id, invoice };
}

/** A credit note for a refund against an order's current invoice, as the refund service writes. */
export async function storeCreditNote(
  db: Database,
  orderId: number,
  amountPence: number,
  issuedOn: string,
): Promise<number> {
  const [note] = await queryRows<{ number: number }>(
    db,
    sql`WITH next AS (UPDATE counters SET value = value + 1 WHERE name = 'credit_note'
        RETURNING value)
      INSERT INTO credit_notes (order_id, number, amount_pence, reason, refund_ref, actor,
        issued_at)
      SELECT ${orderId}, value, ${amountPence}, 'Two tiles broken in transit', 'manual',
        'owner@tessera.test', ${`${issuedOn}T11:00:00Z`}::timestamptz FROM next
      RETURNING number`,
  );
  return note!.number;
}
