import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bankSection } from '../settings/identity-section.ts';
import type { ShopDetailsCache } from '../settings/shop-details.ts';
import { queryRows, type Database } from '#db/client.ts';
import type { OrderJson, OrderSummaryJson, PaymentMethod } from '#domain/checkout.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import {
  canMoveOrder,
  holdsStock,
  type OrderStatus,
  type PaymentStatus,
} from '#domain/order-states.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { hashToken } from '../sessions.ts';
import type { Dispatch } from '#domain/order-mail.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import {
  presentOrder,
  type CreditNoteRow,
  type EventRow,
  type LineRow,
  type OrderRow,
  type SummaryRow,
} from './order-json.ts';
import {
  firstDelivery,
  headOf,
  isOwnPayment,
  firstPaymentPence,
  lockOrder,
  recordEvent,
  releaseStock,
  type HeadRow,
  type OrderHead,
  type Tx,
} from './order-rows.ts';
import { dispatchNote, fulfil } from './fulfilment.ts';
import { paymentReceivedMail } from './order-mails.ts';
import { expireOverdue } from './order-expiry.ts';
import { splitOrderAtTaxPoint } from './vat-rates.ts';
import { mailShop } from '../shop-signature.ts';

export interface OrderAccess {
  customerId: number | null;
  token: string | null;
  /** The caller's session: the one that placed an order may see it without the link. */
  sessionTokenHash?: string | null;
}

export interface OrderSearch {
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
  page: number;
  perPage: number;
}

/** One row of the staff's order list. */
export interface StaffOrderRow {
  number: string;
  placed_at: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  email: string;
  name: string;
  postcode: string;
  total_gross: string;
  needs_refund: boolean;
}

export type MarkPaidResult =
  | 'paid'
  | 'already_paid'
  | 'duplicate_event'
  | 'flagged_for_refund'
  | 'amount_mismatch'
  | 'not_own_payment'
  | 'not_found';

export interface MarkPaidInput {
  orderNumber: string;
  /** The provider's name (payments.provider). */
  provider: string;
  providerRef: string | null;
  amountPence: number;
  currency: string;
  actor: string;
  event?: { id: string; type: string };
  /** Staff's audit row, written in the payment's transaction (it rolls back with it). */
  audited?: (tx: Tx, result: MarkPaidResult) => Promise<void>;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Orders after placement: who may see them, their answers, payment and the status changes of
 * the order's life. Every change runs in a transaction holding the order's row lock, so a
 * webhook, a return page and a member of staff acting at once apply each change once.
 */
export class OrderService {
  constructor(
    private readonly db: Database,
    private readonly options: {
      paymentDays: number;
      publicOrigin?: string | undefined;
      shop?: ShopDetailsCache | undefined;
    },
  ) {}

  /** The shop's public origin for links in the mails of an order's life, when configured. */
  get mailOrigin(): string | undefined {
    return this.options.publicOrigin;
  }

  /** A guest's order joins the account they made from its link. */
  async joinCustomer(orderId: number, customerId: number): Promise<void> {
    await this.db.execute(sql`UPDATE orders SET customer_id = ${customerId}, updated_at = now()
        WHERE id = ${orderId} AND customer_id IS NULL`);
  }

  /** The order's invoice, once it is paid. */
  async invoice(
    orderId: number,
  ): Promise<{ number: number; issuedAt: Date; taxPoint: Date } | null> {
    const [row] = await queryRows<{ number: number; issued_at: Date; tax_point: Date }>(
      this.db,
      sql`SELECT number, issued_at, tax_point FROM invoices
        WHERE order_id = ${orderId} AND superseded_at IS NULL`,
    );
    return row
      ? { number: row.number, issuedAt: new Date(row.issued_at), taxPoint: new Date(row.tax_point) }
      : null;
  }

  /** The order when the caller owns it or holds its secret link; otherwise null (a 404). */
  async findForAccess(number: string, access: OrderAccess): Promise<OrderHead | null> {
    const [row] = await queryRows<HeadRow>(
      this.db,
      sql`SELECT id, number, status, payment_status, payment_method, total_pence, email,
            customer_id, access_token_hash, session_token_hash
          FROM orders WHERE number = ${number}`,
    );
    if (!row) return null;
    const owner =
      (access.customerId !== null && row.customer_id === access.customerId) ||
      (!!access.sessionTokenHash && row.session_token_hash === access.sessionTokenHash);
    const linked =
      access.token !== null && sameHash(hashToken(access.token), row.access_token_hash ?? '');
    return owner || linked ? headOf(row) : null;
  }

  /**
   * The order answer of GET /api/orders/{number}; opened through the order's secret link
   * (`token`), the links to its documents carry the secret too.
   */
  async json(orderId: number, access: { token?: string | null } = {}): Promise<OrderJson> {
    const [order] = await queryRows<OrderRow>(
      this.db,
      sql`SELECT o.*, to_char(o.delivery_date, 'YYYY-MM-DD') AS booked_day,
            i.number AS invoice_number, i.issued_at AS invoice_issued_at,
            EXISTS (SELECT 1 FROM trade_accounts WHERE customer_id = o.customer_id) AS trade_account,
            to_char(i.due_on, 'YYYY-MM-DD') AS invoice_due_on
          FROM orders o LEFT JOIN invoices i ON i.order_id = o.id AND i.superseded_at IS NULL
          WHERE o.id = ${orderId}`,
    );
    if (!order) throw notFound('Order not found');
    const [lines, events, creditNotes, messages, bank] = await Promise.all([
      queryRows<LineRow>(
        this.db,
        sql`SELECT * FROM order_lines WHERE order_id = ${orderId} ORDER BY position`,
      ),
      queryRows<EventRow>(
        this.db,
        sql`SELECT * FROM order_events WHERE order_id = ${orderId} ORDER BY at, id`,
      ),
      queryRows<CreditNoteRow>(
        this.db,
        sql`SELECT number, issued_at FROM credit_notes WHERE order_id = ${orderId} ORDER BY number`,
      ),
      queryRows<{ at: string | Date; text: string }>(
        this.db,
        sql`SELECT created_at AS at, text FROM order_notes
            WHERE order_id = ${orderId} AND to_customer ORDER BY id`,
      ),
      // Where transfers are paid: the kept copy, or (inside a staff edit's transaction) read.
      this.options.shop?.get().then((shop) => shop.bank) ?? bankSection.read(this.db),
    ]);
    return presentOrder(order, lines, events, {
      bank,
      creditNotes,
      token: access.token ?? null,
      messages,
    });
  }

  /** The signed-in customer's orders, newest first. */
  async list(
    customerId: number,
    page: number,
    perPage: number,
  ): Promise<{ data: OrderSummaryJson[]; total: number }> {
    const rows = await queryRows<SummaryRow>(
      this.db,
      sql`SELECT o.number, o.placed_at, o.status, o.payment_status, o.total_pence,
            (SELECT coalesce(sum(pieces), 0)::int FROM order_lines l WHERE l.order_id = o.id) AS item_count,
            count(*) OVER ()::int AS total
          FROM orders o WHERE o.customer_id = ${customerId}
          ORDER BY o.placed_at DESC, o.id DESC
          LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    );
    const total =
      rows[0]?.total ??
      (page > 1
        ? ((
            await queryRows<{ n: number }>(
              this.db,
              sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customerId}`,
            )
          )[0]?.n ?? 0)
        : 0);
    return {
      total,
      data: rows.map((row) => ({
        number: row.number,
        placed_at: new Date(row.placed_at).toISOString(),
        status: row.status,
        payment_status: row.payment_status,
        total: formatPoundsPlain(row.total_pence),
        item_count: row.item_count,
      })),
    };
  }

  /**
   * Orders for staff: by status, placed between two dates, and a search that matches the order
   * number, the email or the delivery postcode; newest first.
   */
  async search(filter: OrderSearch): Promise<{ data: StaffOrderRow[]; total: number }> {
    const conditions = [sql`true`];
    if (filter.status) conditions.push(sql`o.status = ${filter.status}`);
    if (filter.from) conditions.push(sql`o.placed_at >= ${filter.from.toISOString()}::timestamptz`);
    if (filter.to) conditions.push(sql`o.placed_at < ${filter.to.toISOString()}::timestamptz`);
    if (filter.q) {
      const q = filter.q.trim();
      const compact = q.replace(/\s+/g, '').toUpperCase();
      conditions.push(sql`(o.number = ${q.toUpperCase()} OR lower(o.email) = lower(${q})
        OR replace(upper(o.shipping_address->>'postcode'), ' ', '') = ${compact})`);
    }
    const rows = await queryRows<StaffOrderRow & { placed_at: string | Date; total: number }>(
      this.db,
      sql`SELECT o.number, o.placed_at, o.status, o.payment_status, o.payment_method, o.email,
            o.shipping_address->>'postcode' AS postcode,
            o.shipping_address->>'first_name' || ' ' || (o.shipping_address->>'last_name') AS name,
            to_char(o.total_pence / 100.0, 'FM999999990.00') AS total_gross, o.needs_refund,
            count(*) OVER ()::int AS total
          FROM orders o WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY o.placed_at DESC, o.id DESC
          LIMIT ${filter.perPage} OFFSET ${(filter.page - 1) * filter.perPage}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      data: rows.map(({ total: _total, ...row }) => ({
        ...row,
        placed_at: new Date(row.placed_at).toISOString(),
      })),
    };
  }

  /** An order's id by number, for staff (who may see every order). */
  async idOf(number: string): Promise<number | null> {
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM orders WHERE number = ${number}`,
    );
    return row?.id ?? null;
  }

  /**
   * The one way an order becomes paid, for every provider and for staff. In one transaction:
   * the provider's event is recorded once; the amount and currency must be the order's; a
   * payment for an order that has expired or was cancelled is flagged for refund and never
   * revives it; a paid order gets its invoice number and a line in its history.
   */
  async markPaid(input: MarkPaidInput): Promise<MarkPaidResult> {
    const result = await this.db.transaction(async (tx) => {
      const result = await this.payIn(tx, input);
      await input.audited?.(tx, result);
      return result;
    });
    if (result === 'paid') announceMail();
    return result;
  }

  private async payIn(tx: Tx, input: MarkPaidInput): Promise<MarkPaidResult> {
    if (!(await firstDelivery(tx, input))) return 'duplicate_event';
    const order = await lockOrder(tx, input.orderNumber);
    if (!order) return 'not_found';
    if (!(await isOwnPayment(tx, order, input))) return 'not_own_payment';
    if (order.paymentStatus === 'succeeded' || order.paymentStatus === 'refunded') {
      return 'already_paid';
    }
    const due = await firstPaymentPence(tx, order.id);
    if (input.amountPence !== due || input.currency.toUpperCase() !== 'GBP') {
      await recordEvent(tx, order.id, {
        kind: 'note',
        from: null,
        to: 'payment_mismatch',
        actor: input.actor,
        note: `A payment of ${formatPoundsPlain(input.amountPence)} ${input.currency.toUpperCase()} does not match the ${due === order.totalPence ? 'order total' : 'deposit due'} of ${formatPoundsPlain(due)} GBP: not applied`,
      });
      return 'amount_mismatch';
    }
    await this.recordPayment(tx, order, input, 'succeeded');
    if (order.status !== 'pending_payment') {
      await tx.execute(sql`UPDATE orders SET needs_refund = true, payment_status = 'succeeded',
          updated_at = now() WHERE id = ${order.id}`);
      await recordEvent(tx, order.id, {
        kind: 'payment',
        from: order.paymentStatus,
        to: 'succeeded',
        actor: input.actor,
        note: `Payment received for a ${order.status} order: to be refunded`,
      });
      return 'flagged_for_refund';
    }
    await tx.execute(sql`UPDATE orders SET status = 'paid', payment_status = 'succeeded',
        paid_at = now(), expires_at = NULL, updated_at = now() WHERE id = ${order.id}`);
    await recordEvent(tx, order.id, {
      kind: 'payment',
      from: order.paymentStatus,
      to: 'succeeded',
      actor: input.actor,
    });
    await recordEvent(tx, order.id, {
      kind: 'status',
      from: 'pending_payment',
      to: 'paid',
      actor: input.actor,
    });
    // The invoice number is taken only now, under the counter's row lock: numbers without gaps.
    const [invoice] = await queryRows<{ number: number; tax_point: string | Date }>(
      tx,
      sql`WITH next AS (
          UPDATE counters SET value = value + 1 WHERE name = 'invoice' RETURNING value
        )
        INSERT INTO invoices (order_id, number, tax_point)
        SELECT ${order.id}, value, now() FROM next RETURNING number, tax_point`,
    );
    await splitOrderAtTaxPoint(tx, order.id, new Date(invoice!.tax_point));
    await writeMail(tx, {
      kind: 'payment_received',
      orderId: order.id,
      eventKey: 'paid',
      message: paymentReceivedMail(
        { ...order, origin: this.mailOrigin, shop: await mailShop(tx) },
        invoice!.number,
      ),
      attachments: [{ kind: 'invoice' }],
    });
    if (order.customerId !== null) {
      await tx.execute(
        sql`UPDATE customers SET is_paying_customer = true WHERE id = ${order.customerId}`,
      );
    }
    return 'paid';
  }

  /** A provider says a payment attempt failed: the order keeps waiting (a retry may succeed). */
  async recordPaymentFailed(input: {
    orderNumber: string;
    provider: string;
    providerRef: string;
    actor: string;
    event?: { id: string; type: string };
  }): Promise<'failed' | 'duplicate_event' | 'ignored' | 'not_own_payment' | 'not_found'> {
    return this.db.transaction(async (tx) => {
      if (!(await firstDelivery(tx, input))) return 'duplicate_event';
      const order = await lockOrder(tx, input.orderNumber);
      if (!order) return 'not_found';
      if (!(await isOwnPayment(tx, order, input))) return 'not_own_payment';
      if (order.paymentStatus !== 'pending' && order.paymentStatus !== 'failed') return 'ignored';
      await tx.execute(sql`UPDATE orders SET payment_status = 'failed', updated_at = now()
          WHERE id = ${order.id}`);
      await tx.execute(sql`UPDATE payments SET status = 'failed', updated_at = now()
          WHERE order_id = ${order.id} AND provider = ${input.provider}`);
      await recordEvent(tx, order.id, {
        kind: 'payment',
        from: order.paymentStatus,
        to: 'failed',
        actor: input.actor,
      });
      return 'failed';
    });
  }

  /**
   * Moves an order along its life (staff, the CLI, the back office). Paying goes through
   * `markPaid`; cancelling gives back the stock the order holds.
   */
  async move(
    orderNumber: string,
    to: OrderStatus,
    actor: string,
    note?: string,
    dispatch?: Dispatch,
    /** Staff's audit row, written in the move's transaction, given the status it left. */
    audited?: (tx: Tx, from: OrderStatus) => Promise<void>,
  ): Promise<void> {
    if (to === 'paid') throw conflict('An order becomes paid through its payment (mark paid)');
    await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderNumber);
      if (!order) throw notFound('Order not found');
      if (!canMoveOrder(order.status, to)) {
        throw conflict(`An order that is ${order.status} cannot become ${to}`);
      }
      if (!holdsStock(to)) {
        await releaseStock(tx, order, { reason: 'cancel', actor });
      }
      await tx.execute(sql`UPDATE orders SET status = ${to}, updated_at = now(),
          expires_at = CASE WHEN ${to} = 'pending_payment' THEN expires_at ELSE NULL END
          WHERE id = ${order.id}`);
      await recordEvent(tx, order.id, {
        kind: 'status',
        from: order.status,
        to,
        actor,
        note: note ?? (dispatch ? dispatchNote(dispatch) : null),
      });
      await fulfil(
        tx,
        { ...order, origin: this.mailOrigin, shop: await mailShop(tx) },
        to,
        dispatch ?? null,
      );
      await audited?.(tx, order.status);
    });
    announceMail();
  }

  /** Expires unpaid orders past their window (order-expiry.ts), noting the days now in force. */
  async expireOverdue(now = new Date()): Promise<string[]> {
    const days = this.options.shop
      ? (await this.options.shop.get()).bank.payment_days
      : this.options.paymentDays;
    return expireOverdue(this.db, days, now);
  }

  private async recordPayment(
    tx: Tx,
    order: OrderHead,
    input: MarkPaidInput,
    status: PaymentStatus,
  ): Promise<void> {
    await tx.execute(sql`INSERT INTO payments (order_id, provider, provider_ref, amount_pence, status)
        VALUES (${order.id}, ${input.provider}, ${input.providerRef}, ${input.amountPence}, ${status})
        ON CONFLICT (order_id, provider) DO UPDATE SET status = excluded.status,
          provider_ref = coalesce(excluded.provider_ref, payments.provider_ref),
          amount_pence = excluded.amount_pence, updated_at = now()`);
  }
}
