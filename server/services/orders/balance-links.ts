// The balance of an order edited after payment: its total less what its payment holds. Staff
// mail the customer a link (like a phone order's); through it the customer sees the order and
// what is due, and chooses to transfer it; when the transfer arrives staff record it, and the
// amount joins the order's payment, so the order is paid in full. A lower total is refunded by
// the edit itself (order-edit.ts), never through here.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  ORDER_TASK_MESSAGES,
  PAYMENT_LINK_DAYS,
  type BalancePaymentJson,
  type DraftOrderJson,
} from '#domain/api-schemas-order-tasks.ts';
import type { PaymentMethod } from '#domain/checkout.ts';
import { formatPoundsPlain, toPence } from '#domain/money.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import { hashToken } from '../sessions.ts';
import { bankSection } from '../settings/identity-section.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { recordEvent } from './order-rows.ts';
import { balanceLinkMail } from './order-task-mails.ts';
import { OrderService } from './orders.ts';
import { mailShop } from '../shop-signature.ts';

const DAY_MS = 86_400_000;

interface Owing {
  order_id: number;
  number: string;
  email: string;
  payment_status: string;
  total_pence: number;
  payment_id: number | null;
  held_pence: number;
}

interface LinkRow {
  id: number;
  order_id: number;
  number: string;
  amount_pence: number;
  status: 'sent' | 'awaiting_transfer' | 'paid' | 'withdrawn';
  link_expires_at: string | Date;
}

/** What an order owes now, under its row lock (and its payment's) when given a transaction. */
async function owing(db: Database, where: ReturnType<typeof sql>, lock: boolean) {
  const [row] = await queryRows<Owing>(
    db,
    sql`SELECT o.id AS order_id, o.number, o.email, o.payment_status, o.total_pence,
          p.id AS payment_id, coalesce(p.amount_pence - p.refunded_pence, 0)::int AS held_pence
        FROM orders o
        LEFT JOIN LATERAL (
          SELECT id, amount_pence, refunded_pence FROM payments
          WHERE order_id = o.id AND status IN ('succeeded', 'partially_refunded')
          ORDER BY id LIMIT 1
        ) p ON true
        WHERE ${where} ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  return row ?? null;
}

const duePence = (row: Owing) => (row.payment_id === null ? 0 : row.total_pence - row.held_pence);

export class BalanceLinkService {
  constructor(
    private readonly db: Database,
    private readonly terms: { paymentDays: number },
  ) {}

  /**
   * Mails the customer a link for what the order owes (409 when nothing is): a new secret each
   * time, withdrawing the link sent before; it works for PAYMENT_LINK_DAYS days.
   */
  async send(
    number: string,
    who: AuditActor,
    linkTo: (token: string) => string,
  ): Promise<{ link: string; due: string; link_expires_at: string }> {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + PAYMENT_LINK_DAYS * DAY_MS);
    const link = linkTo(token);
    const due = await this.db.transaction(async (tx) => {
      const order = await owing(tx, sql`o.number = ${number}`, true);
      if (!order) throw notFound('Order not found');
      const due = duePence(order);
      if (due <= 0) throw conflict(ORDER_TASK_MESSAGES.nothingDue);
      await tx.execute(sql`UPDATE balance_links SET status = 'withdrawn'
          WHERE order_id = ${order.order_id} AND status IN ('sent', 'awaiting_transfer')`);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO balance_links (order_id, token_hash, amount_pence, link_expires_at,
              created_by)
            VALUES (${order.order_id}, ${hashToken(token)}, ${due},
              ${expiresAt.toISOString()}::timestamptz, ${who.actor})
            RETURNING id`,
      );
      const json = await new OrderService(tx, this.terms).json(order.order_id);
      await writeMail(tx, {
        kind: 'payment_link',
        orderId: order.order_id,
        eventKey: `balance:${row!.id}`,
        message: balanceLinkMail(json, due, { url: link, expiresAt }, await mailShop(tx)),
      });
      await audit(tx, who, {
        action: 'order.balance_link',
        entity: 'order',
        entityId: number,
        after: { link: row!.id, due: formatPoundsPlain(due) },
      });
      return due;
    });
    announceMail();
    return { link, due: formatPoundsPlain(due), link_expires_at: expiresAt.toISOString() };
  }

  /** The link of a token, if it is a balance link; 409 once paid, 410 withdrawn or expired. */
  async link(token: string): Promise<LinkRow | null> {
    const [row] = await queryRows<LinkRow>(
      this.db,
      sql`SELECT b.id, b.order_id, o.number, b.amount_pence, b.status, b.link_expires_at
          FROM balance_links b JOIN orders o ON o.id = b.order_id
          WHERE b.token_hash = ${hashToken(token)}`,
    );
    if (!row) return null;
    if (row.status === 'paid') {
      throw new HttpError(
        409,
        'balance_paid',
        ORDER_TASK_MESSAGES.balancePaid,
        undefined,
        undefined,
        {
          order_number: row.number,
        },
      );
    }
    if (row.status === 'withdrawn') {
      throw new HttpError(410, 'link_withdrawn', ORDER_TASK_MESSAGES.linkCancelled);
    }
    if (new Date(row.link_expires_at).getTime() <= Date.now()) {
      throw new HttpError(410, 'link_expired', ORDER_TASK_MESSAGES.linkExpired);
    }
    return row;
  }

  /** The order behind a balance link, as the pay page shows it, with what is due. */
  async present(row: LinkRow, methods: PaymentMethod[]): Promise<DraftOrderJson> {
    const order = await new OrderService(this.db, this.terms).json(row.order_id);
    return {
      id: row.id,
      status: 'sent',
      email: order.email,
      shipping_address: order.shipping_address as unknown as Record<string, unknown>,
      delivery_option: order.delivery.option,
      delivery_label: order.delivery.label,
      deliverable: true,
      lines: order.lines,
      totals: order.totals,
      link_expires_at: new Date(row.link_expires_at).toISOString(),
      order_number: order.number,
      payment_methods: methods,
      balance: {
        paid: formatPoundsPlain(toPence(order.totals.total.gross) - row.amount_pence),
        due: formatPoundsPlain(row.amount_pence),
      },
    };
  }

  /**
   * The customer chooses how to pay the balance at the amount shown (409 when it changed since
   * the link was sent). A bank transfer answers the details to pay to; choosing again answers
   * the same, changing nothing.
   */
  async pay(
    token: string,
    input: { payment_method: PaymentMethod; expected_total: string },
  ): Promise<BalancePaymentJson> {
    const link = await this.link(token);
    if (!link) throw notFound(ORDER_TASK_MESSAGES.draftNotFound);
    if (input.payment_method !== 'bank_transfer') {
      throw new HttpError(409, 'method_not_offered', 'Please pay the balance by bank transfer');
    }
    return this.db.transaction(async (tx) => {
      const order = await owing(tx, sql`o.id = ${link.order_id}`, true);
      const due = order ? duePence(order) : 0;
      if (due !== link.amount_pence || toPence(input.expected_total) !== due) {
        throw new HttpError(409, 'price_changed', ORDER_TASK_MESSAGES.balanceChanged);
      }
      await tx.execute(sql`UPDATE balance_links SET status = 'awaiting_transfer',
          payment_method = 'bank_transfer' WHERE id = ${link.id} AND status = 'sent'`);
      const bank = await bankSection.read(tx);
      return {
        order_number: link.number,
        status: 'awaiting_transfer' as const,
        due: formatPoundsPlain(due),
        bank_transfer: {
          account_name: bank.account_name,
          sort_code: bank.sort_code,
          account_number: bank.account_number,
          reference: link.number,
          pay_by: new Date(link.link_expires_at).toISOString(),
        },
      };
    });
  }

  /**
   * Staff record the balance's transfer: it must be the amount due (409 otherwise); it joins the
   * order's payment and the open link is paid. Recording it again answers 'already_paid'.
   */
  async received(
    number: string,
    amountPence: number,
    who: AuditActor,
  ): Promise<'paid' | 'already_paid'> {
    return this.db.transaction(async (tx) => {
      const order = await owing(tx, sql`o.number = ${number}`, true);
      if (!order) throw notFound('Order not found');
      const due = duePence(order);
      if (due <= 0) {
        const [paid] = await queryRows(
          tx,
          sql`SELECT 1 FROM balance_links WHERE order_id = ${order.order_id} AND status = 'paid'`,
        );
        if (paid) return 'already_paid';
        throw conflict(ORDER_TASK_MESSAGES.nothingDue);
      }
      if (amountPence !== due)
        throw conflict(ORDER_TASK_MESSAGES.balanceAmount(formatPoundsPlain(due)));
      await tx.execute(sql`UPDATE payments SET amount_pence = amount_pence + ${due},
          updated_at = now() WHERE id = ${order.payment_id}`);
      const [link] = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE balance_links SET status = 'paid', paid_at = now()
            WHERE order_id = ${order.order_id} AND status IN ('sent', 'awaiting_transfer')
            RETURNING id`,
      );
      await recordEvent(tx, order.order_id, {
        kind: 'payment',
        from: order.payment_status,
        to: order.payment_status,
        actor: `staff:${who.actor}`,
        note: `Balance of £${formatPoundsPlain(due)} received by bank transfer: paid in full`,
      });
      await audit(tx, who, {
        action: 'order.balance_paid',
        entity: 'order',
        entityId: number,
        before: { held: formatPoundsPlain(order.held_pence) },
        after: { held: formatPoundsPlain(order.held_pence + due), link: link?.id ?? null },
      });
      return 'paid';
    });
  }
}
