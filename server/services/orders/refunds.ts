import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { formatPoundsPlain, toPence } from '#domain/money.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { isEditable } from '#domain/order-states.ts';
import { VAT_PERCENT } from '#domain/vat.ts';
import { canMovePayment, type PaymentStatus } from '#domain/order-states.ts';
import {
  formatCreditNoteNumber,
  REFUND_MESSAGES,
  type AdminOrderJson,
  type CreditNoteJson,
} from '#domain/refunds.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import type { OrderService } from './orders.ts';
import { recordEvent } from './order-rows.ts';
import { orderNotes } from './order-notes.ts';
import { refundedMail } from './order-mails.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import { mailShop } from '../shop-signature.ts';
import type { PaymentRegistry } from '../payments/registry.ts';

/** Gives money back through the provider that took it (the payment registry). */
export type RefundGateway = Pick<PaymentRegistry, 'byName'>;

export interface RefundRequest {
  orderNumber: string;
  amountPence: number;
  reason: string;
  who: AuditActor;
}

interface PaymentRow {
  id: number;
  provider: string;
  provider_ref: string | null;
  amount_pence: number;
  refunded_pence: number;
  status: PaymentStatus;
}

const CREDIT_NOTE_ACTION = 'order.refund';

/** Payment statuses of money taken, which a refund may give back. */
const TAKEN: readonly PaymentStatus[] = ['succeeded', 'partially_refunded', 'refunded'];

/**
 * Refunds for staff. One transaction holds the order's row lock: the refundable amount is read,
 * the payment's provider refunds (a card through Stripe's Refunds API under an idempotency key;
 * a bank transfer is paid back by hand by staff), then the payment, the order's payment status, its
 * history and a numbered credit note are written together; a provider's refusal changes nothing
 * and takes no number.
 */
export class RefundService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrderService,
    /** Null where refunds are never made (credit notes read for a shopper or a mail). */
    private readonly gateway: RefundGateway | null,
  ) {}

  async refund(input: RefundRequest): Promise<{ creditNote: string; status: PaymentStatus }> {
    const done = await this.db.transaction((tx) => this.refundIn(tx, input));
    announceMail();
    return done;
  }

  /**
   * The refund inside a transaction of the caller's (a return's refund writes with it); its
   * mail is written with it, and the caller announces it once committed.
   */
  async refundIn(
    tx: Database,
    input: RefundRequest,
  ): Promise<{ creditNote: string; status: PaymentStatus }> {
    const [order] = await queryRows<{
      id: number;
      email: string;
      total_pence: number;
      payment_status: PaymentStatus;
      needs_refund: boolean;
    }>(
      tx,
      sql`SELECT id, email, total_pence, payment_status, needs_refund FROM orders
          WHERE number = ${input.orderNumber} FOR UPDATE`,
    );
    if (!order) throw notFound('Order not found');
    if (!this.gateway) throw conflict('Refunds are made from the back office');
    const payment = await this.refundablePayment(tx, order.id);
    if (!payment || payment.status === 'refunded') {
      throw conflict(payment ? REFUND_MESSAGES.tooMuch('0.00') : REFUND_MESSAGES.nothingPaid);
    }
    const refundable = payment.amount_pence - payment.refunded_pence;
    if (input.amountPence > refundable) {
      throw badRequest(REFUND_MESSAGES.tooMuch(formatPoundsPlain(refundable)), {
        amount: REFUND_MESSAGES.tooMuch(formatPoundsPlain(refundable)),
      });
    }
    const refunded = payment.refunded_pence + input.amountPence;
    // Part of an invoice on account credited before it is paid: the rest is still owed on it.
    const to: PaymentStatus =
      refunded === payment.amount_pence
        ? 'refunded'
        : order.payment_status === 'on_account'
          ? 'on_account'
          : 'partially_refunded';
    if (!canMovePayment(order.payment_status, to)) {
      throw conflict(`A payment that is ${order.payment_status} cannot be refunded`);
    }
    // Same order, same refunded-before and amount: a retry after a lost answer refunds once.
    const provider = this.gateway.byName(payment.provider);
    const refund = await provider.refund(
      payment.provider_ref,
      input.amountPence,
      `refund-${input.orderNumber}-${payment.refunded_pence}-${input.amountPence}`,
    );
    const refundRef = refund.ref;
    // The credit note's number only now, under its counter's row lock: no gaps.
    const [counter] = await queryRows<{ value: number }>(
      tx,
      sql`UPDATE counters SET value = value + 1 WHERE name = 'credit_note' RETURNING value`,
    );
    const number = counter!.value;
    await tx.execute(sql`INSERT INTO credit_notes
        (order_id, number, amount_pence, reason, refund_ref, actor, vat_percent)
      VALUES (${order.id}, ${number}, ${input.amountPence}, ${input.reason}, ${refundRef},
        ${input.who.actor}, (SELECT coalesce(max(vat_rate), ${VAT_PERCENT}) FROM order_lines
          WHERE order_id = ${order.id}))`);
    const printed = formatCreditNoteNumber(number);
    await tx.execute(sql`UPDATE payments SET refunded_pence = ${refunded},
        status = ${to === 'on_account' ? payment.status : to}, updated_at = now()
        WHERE id = ${payment.id}`);
    await tx.execute(sql`UPDATE orders SET payment_status = ${to},
        needs_refund = needs_refund AND ${to !== 'refunded'}, updated_at = now()
        WHERE id = ${order.id}`);
    await recordEvent(tx, order.id, {
      kind: 'payment',
      from: order.payment_status,
      to,
      actor: `staff:${input.who.actor}`,
      note: `Refund of £${formatPoundsPlain(input.amountPence)} (${refund.note}), credit note ${printed}: ${input.reason}`,
    });
    await audit(tx, input.who, {
      action: CREDIT_NOTE_ACTION,
      entity: 'credit_note',
      entityId: printed,
      before: {
        order: input.orderNumber,
        payment_status: order.payment_status,
        refunded: formatPoundsPlain(payment.refunded_pence),
      },
      after: {
        order: input.orderNumber,
        credit_note: printed,
        amount: formatPoundsPlain(input.amountPence),
        reason: input.reason,
        refund_ref: refundRef,
        payment_status: to,
        refunded: formatPoundsPlain(refunded),
      },
    });
    await writeMail(tx, {
      kind: 'refunded',
      orderId: order.id,
      eventKey: printed,
      message: refundedMail(
        {
          id: order.id,
          number: input.orderNumber,
          email: order.email,
          totalPence: order.total_pence,
          origin: this.orders.mailOrigin,
          shop: await mailShop(tx),
        },
        {
          amountPence: input.amountPence,
          creditNote: number,
          reason: input.reason,
          onAccount: provider.onCredit === true,
          reaches: provider.refundReaches,
        },
      ),
      attachments: [{ kind: 'credit_note', number }],
    });
    return { creditNote: printed, status: to };
  }

  /**
   * The payment a refund comes out of, under its row lock: money taken, or what an order placed
   * on credit owes (its provider's row stands for the debt until it is paid).
   */
  private async refundablePayment(tx: Database, orderId: number): Promise<PaymentRow | null> {
    const rows = await queryRows<PaymentRow>(
      tx,
      sql`SELECT id, provider, provider_ref, amount_pence, refunded_pence, status FROM payments
          WHERE order_id = ${orderId} AND status <> 'failed' ORDER BY id FOR UPDATE`,
    );
    return rows.find((row) => TAKEN.includes(row.status) || this.onCredit(row.provider)) ?? null;
  }

  private onCredit(provider: string): boolean {
    return this.gateway?.byName(provider).onCredit === true;
  }

  /**
   * Cancelling an order invoiced on account and not yet paid credits what it still owes, in the
   * cancellation's transaction: its invoice was issued when it was placed, so the debt must come
   * off the account's ledger. Answers the credit note, or null when nothing was owed on account.
   */
  async creditCancelled(tx: Database, orderNumber: string, who: AuditActor) {
    const [order] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM orders WHERE number = ${orderNumber} AND payment_status = 'on_account'`,
    );
    const payment = order ? await this.refundablePayment(tx, order.id) : null;
    if (!payment || payment.amount_pence === payment.refunded_pence) return null;
    return this.refundIn(tx, {
      orderNumber,
      amountPence: payment.amount_pence - payment.refunded_pence,
      reason: 'Order cancelled',
      who,
    });
  }

  /** The credit notes of an order, oldest first. */
  async creditNotes(orderNumber: string): Promise<CreditNoteJson[]> {
    const rows = await queryRows<{
      number: number;
      issued_at: string | Date;
      amount_pence: number;
      reason: string;
      refund_ref: string;
      actor: string;
      invoice_number: number | null;
      vat_percent: string;
    }>(
      this.db,
      sql`SELECT c.number, c.issued_at, c.amount_pence, c.reason, c.refund_ref, c.actor,
            c.invoice_number, c.vat_percent
          FROM credit_notes c JOIN orders o ON o.id = c.order_id
          WHERE o.number = ${orderNumber} ORDER BY c.number`,
    );
    return rows.map((row) => ({
      number: formatCreditNoteNumber(row.number),
      issued_at: new Date(row.issued_at).toISOString(),
      amount: formatPoundsPlain(row.amount_pence),
      reason: row.reason,
      refund_ref: row.refund_ref,
      actor: row.actor,
      url: `/api/admin/orders/${orderNumber}/credit-notes/${formatCreditNoteNumber(row.number)}.pdf`,
      cancels_invoice: row.invoice_number === null ? null : formatInvoiceNumber(row.invoice_number),
      vat_percent: Number(row.vat_percent),
    }));
  }

  /** The order as staff see it: with its payment, what may still be refunded, and credit notes. */
  async adminJson(orderId: number): Promise<AdminOrderJson> {
    const order = await this.orders.json(orderId);
    const [payments, [flags], creditNotes, notes] = await Promise.all([
      queryRows<PaymentRow>(
        this.db,
        sql`SELECT id, provider, provider_ref, amount_pence, refunded_pence, status FROM payments
            WHERE order_id = ${orderId} ORDER BY id`,
      ),
      queryRows<{ needs_refund: boolean; version: number }>(
        this.db,
        sql`SELECT needs_refund, version FROM orders WHERE id = ${orderId}`,
      ),
      this.creditNotes(order.number),
      orderNotes(this.db, orderId),
    ]);
    // An order on credit shows what it owes on account as its payment; a link pays no balance.
    const payment = payments.find((p) => p.status !== 'pending' || this.onCredit(p.provider));
    const held = payment ? payment.amount_pence - payment.refunded_pence : 0;
    const owed =
      payment && payment.status !== 'failed' && !this.onCredit(payment.provider)
        ? toPence(order.totals.total.gross) - held
        : 0;
    const paid = payment && payment.status !== 'failed';
    return {
      ...order,
      // Staff open the invoice through the back office's own route (the shopper's needs their link).
      invoice: order.invoice
        ? { ...order.invoice, url: `/api/admin/orders/${order.number}/invoice.pdf` }
        : null,
      documents: order.documents.map((document) => ({
        ...document,
        url: document.url.replace(/^\/api\/orders\//, '/api/admin/orders/'),
      })),
      needs_refund: flags?.needs_refund ?? false,
      payment: paid
        ? {
            provider: payment.provider,
            ...this.providerWords(payment.provider),
            provider_ref: payment.provider_ref,
            amount: formatPoundsPlain(payment.amount_pence),
            refunded: formatPoundsPlain(payment.refunded_pence),
            refundable: formatPoundsPlain(payment.amount_pence - payment.refunded_pence),
          }
        : null,
      credit_notes: creditNotes,
      version: flags?.version ?? 1,
      notes,
      balance_due: formatPoundsPlain(Math.max(0, owed)),
      editable: isEditable(order.status),
    };
  }

  private providerWords(name: string): { provider_label: string; refunds_how: string } {
    const provider = this.gateway?.byName(name);
    return {
      provider_label: provider?.label ?? name,
      refunds_how: provider?.refundsHow ?? '',
    };
  }
}
