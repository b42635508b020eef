// Editing an order before it leaves: its lines, delivery address and option, re-priced by the
// pricing checkout uses, the stock difference moved through the ledger, and for a paid order a
// credit note cancelling its invoice and a new invoice for what it now is, all in one
// transaction holding the order's row lock and checking the version staff loaded.
import { RETAIL_BUYER, type Buyer } from '#domain/price-for.ts';
import type { BuyerService } from '../buyers/buyers.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { ORDER_TASK_MESSAGES, type OrderEditInput } from '#domain/api-schemas-order-tasks.ts';
import type { OrderJson, PaymentMethod } from '#domain/checkout.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { isEditable, type OrderStatus, type PaymentStatus } from '#domain/order-states.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import type { Address } from '#domain/validation.ts';
import { VAT_PERCENT } from '#domain/vat.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { readPlacedDiscount } from '../discounts/basket-discount.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimVersion } from '../staff-write.ts';
import { stockContext } from '../stock.ts';
import { bookOrder } from './booking.ts';
import { orderLineColumns, recordEvent } from './order-rows.ts';
import { splitOrderAtTaxPoint } from './vat-rates.ts';
import { orderRevisedMail } from './order-task-mails.ts';
import { OrderService } from './orders.ts';
import {
  deliveryJson,
  deliveryRules,
  priceBasket,
  readLines,
  type BasketLine,
  type PricedBasket,
} from './pricing.ts';
import type { RefundGateway } from './refunds.ts';
import { mailShop } from '../shop-signature.ts';
import { carryToNewInvoice, lockAccount } from '../trade/ledger-writes.ts';

interface OrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  email: string;
  total_pence: number;
  shipping_address: Address;
  delivery: { option: OrderJson['delivery']['option'] };
  delivery_instructions: string | null;
  discount_code_id: number | null;
}

interface OldLine {
  variation_id: number;
  pieces: number;
  unit_price_pence: number;
  stock_taken: boolean;
}

export interface EditResult {
  orderId: number;
  creditNote: string | null;
  invoice: string | null;
  refundedPence: number;
  balanceDuePence: number;
}

/** What the edit did to the money, for the history, the audit row and the mail. */
interface Papers {
  creditNote: number | null;
  cancelledInvoice: number | null;
  invoice: number | null;
  refundPence: number;
  balanceDuePence: number;
}

const NO_PAPERS: Papers = {
  creditNote: null,
  cancelledInvoice: null,
  invoice: null,
  refundPence: 0,
  balanceDuePence: 0,
};

export class OrderEditService {
  constructor(
    private readonly db: Database,
    private readonly gateway: RefundGateway,
    /** The days an unpaid order waits, as the owner last saved them (paymentTerms). */
    private readonly terms: () => Promise<{ paymentDays: number }>,
    /** Whose prices a size added is charged at: the order's customer's (a trade price list). */
    private readonly buyers: Pick<BuyerService, 'forCustomer'>,
  ) {}

  async edit(number: string, input: OrderEditInput, who: AuditActor): Promise<EditResult> {
    const terms = await this.terms();
    // Read before the transaction: the buyer's price list is read on a connection of its own.
    const [owner] = await queryRows<{ customer_id: number | null }>(
      this.db,
      sql`SELECT customer_id FROM orders WHERE number = ${number}`,
    );
    const buyer = owner?.customer_id
      ? await this.buyers.forCustomer(owner.customer_id)
      : RETAIL_BUYER;
    const result = await this.db.transaction(async (tx) => {
      if (owner?.customer_id) await lockAccount(tx, owner.customer_id);
      return this.editIn(tx, number, input, who, { terms, buyer });
    });
    announceMail();
    return result;
  }

  private async editIn(
    tx: Database,
    number: string,
    input: OrderEditInput,
    who: AuditActor,
    { terms, buyer }: { terms: { paymentDays: number }; buyer: Buyer },
  ): Promise<EditResult> {
    const [order] = await queryRows<OrderRow>(
      tx,
      sql`SELECT id, number, status, payment_status, payment_method, email, total_pence,
            shipping_address, delivery, delivery_instructions, discount_code_id
          FROM orders WHERE number = ${number} FOR UPDATE`,
    );
    if (!order) throw notFound('Order not found');
    const version = await claimVersion(
      tx,
      {
        table: 'orders',
        id: order.id,
        entity: 'order',
        auditId: number,
        missing: 'Order not found',
      },
      input.version,
    );
    if (!isEditable(order.status)) throw conflict(ORDER_TASK_MESSAGES.notEditable(order.status));
    const reader = new OrderService(tx, terms);
    const before = await reader.json(order.id);
    const oldLines = await queryRows<OldLine>(
      tx,
      sql`SELECT variation_id, pieces, unit_price_pence, stock_taken FROM order_lines
          WHERE order_id = ${order.id} ORDER BY position`,
    );
    const wanted =
      input.lines ?? oldLines.map((l) => ({ variation_id: l.variation_id, pieces: l.pieces }));
    const shipping = input.shipping ?? order.shipping_address;
    const option = input.delivery_option ?? order.delivery.option;
    const basket = priceBasket(
      await this.linesFor(tx, wanted, oldLines, buyer),
      await deliveryRules(tx),
      shipping,
      option,
      await readPlacedDiscount(tx, order.discount_code_id),
    );
    if (!basket.delivery.deliverable || basket.option === null) {
      throw new HttpError(
        422,
        'not_deliverable',
        basket.delivery.message ?? 'We cannot deliver this order to that address',
      );
    }
    if (basket.option !== option) {
      throw badRequest(ORDER_TASK_MESSAGES.optionNotOffered, {
        delivery_option: ORDER_TASK_MESSAGES.optionNotOffered,
      });
    }
    await this.moveStock(tx, order, oldLines, basket, who);
    await this.writeOrder(tx, order, basket, shipping, option !== order.delivery.option, terms);
    const papers = await this.settle(tx, order, before, basket.total.grossPence, who, version);
    const after = await reader.json(order.id);
    await recordEvent(tx, order.id, {
      kind: 'note',
      from: null,
      to: 'edited',
      actor: `staff:${who.actor}`,
      note: editNote(order.total_pence, basket.total.grossPence, papers, input.reason),
    });
    await audit(tx, who, {
      action: 'order.edit',
      entity: 'order',
      entityId: number,
      before: summary(before),
      after: { ...summary(after), version, reason: input.reason ?? null },
    });
    await writeMail(tx, {
      kind: 'order_revised',
      orderId: order.id,
      eventKey: `edit:${version}`,
      message: orderRevisedMail(after, papers, await mailShop(tx)),
      attachments:
        papers.invoice !== null && papers.creditNote !== null
          ? [
              { kind: 'credit_note', number: papers.creditNote },
              { kind: 'invoice', number: papers.invoice },
            ]
          : [],
    });
    return {
      orderId: order.id,
      creditNote: papers.creditNote === null ? null : formatCreditNoteNumber(papers.creditNote),
      invoice: papers.invoice === null ? null : formatInvoiceNumber(papers.invoice),
      refundedPence: papers.refundPence,
      balanceDuePence: papers.balanceDuePence,
    };
  }

  /** The lines as sold (a size kept keeps its price; one added: today's for the customer). */
  private async linesFor(
    tx: Database,
    wanted: readonly { variation_id: number; pieces: number }[],
    oldLines: readonly OldLine[],
    buyer: Buyer,
  ): Promise<BasketLine[]> {
    const read = await readLines(
      tx,
      wanted.map((l) => ({ variationId: l.variation_id, pieces: l.pieces })),
      buyer,
      true, // staff may keep or add a trade-only size on any order
    );
    const missing = read.findIndex((line) => line === null);
    if (missing >= 0) {
      throw badRequest(ORDER_TASK_MESSAGES.unknownVariation, {
        [`lines.${missing}.variation_id`]: ORDER_TASK_MESSAGES.unknownVariation,
      });
    }
    const sold = new Map(oldLines.map((l) => [l.variation_id, l.unit_price_pence]));
    return read.map((line) => {
      const price = sold.get(line!.variationId);
      return price === undefined ? line! : { ...line!, pricePence: price };
    });
  }

  /**
   * Takes or gives back only the difference of each size between the old lines (what they
   * took) and the new, under the sizes' row locks; not enough stock is a 409 naming the size.
   */
  private async moveStock(
    tx: Database,
    order: OrderRow,
    oldLines: readonly OldLine[],
    basket: PricedBasket,
    who: AuditActor,
  ): Promise<void> {
    const held = new Map<number, number>();
    for (const line of oldLines) {
      if (line.stock_taken)
        held.set(line.variation_id, (held.get(line.variation_id) ?? 0) + line.pieces);
    }
    const ids = [...new Set([...held.keys(), ...basket.lines.map((l) => l.variationId)])].sort(
      (a, b) => a - b,
    );
    const stock = await queryRows<{ id: number; stock_quantity: number | null }>(
      tx,
      sql`SELECT id, stock_quantity FROM variations
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) ORDER BY id FOR UPDATE`,
    );
    const tracked = new Map(stock.map((row) => [row.id, row.stock_quantity]));
    const moves: { id: number; delta: number }[] = [];
    for (const id of ids) {
      const onHand = tracked.get(id);
      if (onHand === null || onHand === undefined) continue;
      const want = basket.lines
        .filter((l) => l.variationId === id)
        .reduce((n, l) => n + l.pieces, 0);
      const delta = (held.get(id) ?? 0) - want;
      if (delta === 0) continue;
      if (onHand + delta < 0) {
        const line = basket.lines.find((l) => l.variationId === id)!;
        throw new HttpError(
          409,
          'out_of_stock',
          `Only ${onHand} more ${onHand === 1 ? 'piece' : 'pieces'} of ${line.name} (${line.option}) ${onHand === 1 ? 'is' : 'are'} in stock: lower the quantity`,
          undefined,
          undefined,
          { lines: [{ variation_id: id, available: onHand + (held.get(id) ?? 0) }] },
        );
      }
      moves.push({ id, delta });
    }
    if (moves.length === 0) return;
    await stockContext(tx, {
      reason: 'edit',
      actor: `staff:${who.actor}`,
      orderId: order.id,
      ref: order.number,
    });
    await tx.execute(sql`UPDATE variations v SET stock_quantity = v.stock_quantity + m.delta
      FROM (VALUES ${sql.join(
        moves.map((m) => sql`(${m.id}::int, ${m.delta}::int)`),
        sql`, `,
      )}) AS m(id, delta) WHERE v.id = m.id`);
  }

  /** The new lines, address, delivery and totals; a new option books its first day offered. */
  private async writeOrder(
    tx: Database,
    order: OrderRow,
    basket: PricedBasket,
    shipping: Address,
    rebook: boolean,
    terms: { paymentDays: number },
  ): Promise<void> {
    const now = new Date();
    const chosen = basket.delivery.options.find((o) => o.id === basket.option)!;
    const estimate = deliveryJson(basket, now, terms).options.find(
      (o) => o.id === chosen.id,
    )!.estimate;
    const collecting = chosen.id === 'collection';
    const delivery = {
      option: chosen.id,
      label: chosen.label,
      zone: basket.delivery.zone,
      method: basket.delivery.method,
      weight_kg: basket.delivery.weightKg,
      parcels: basket.delivery.parcels,
      pallets: basket.delivery.pallets,
      note: collecting ? null : basket.delivery.note,
      estimate,
      ...(collecting ? { collection_address: basket.delivery.collectionAddress } : {}),
    };
    const tracked = new Set(
      (
        await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM variations WHERE stock_quantity IS NOT NULL
              AND id IN (${sql.join(
                basket.lines.map((l) => sql`${l.variationId}`),
                sql`, `,
              )})`,
        )
      ).map((row) => row.id),
    );
    const lines = basket.lines.map((line, position) => ({
      position,
      ...orderLineColumns(line),
      stock_taken: tracked.has(line.variationId),
    }));
    await tx.execute(sql`DELETE FROM order_lines WHERE order_id = ${order.id}`);
    await tx.execute(sql`INSERT INTO order_lines (order_id, position, product_id, variation_id,
        name, size, kind, is_bespoke, pieces, m2, weight_kg, unit, unit_price_pence,
        unit_net_pence, vat_rate, discount_pence, net_pence, vat_pence, gross_pence, stock_taken)
      SELECT ${order.id}, l.position, l.product_id, l.variation_id, l.name, l.size, l.kind,
        l.is_bespoke, l.pieces, l.m2, l.weight_kg, l.unit, l.unit_price_pence, l.unit_net_pence,
        l.vat_rate, l.discount_pence, l.net_pence, l.vat_pence, l.gross_pence, l.stock_taken
      FROM jsonb_populate_recordset(NULL::order_lines, ${JSON.stringify(lines)}::jsonb) AS l`);
    const booking = rebook
      ? bookOrder(
          basket.delivery,
          chosen,
          {
            payment_method: order.payment_method,
            site_access: {},
            delivery_instructions: order.delivery_instructions ?? undefined,
          } as Parameters<typeof bookOrder>[2],
          now,
          terms,
        )
      : null;
    await tx.execute(sql`UPDATE orders SET shipping_address = ${JSON.stringify(shipping)}::jsonb,
        delivery = ${JSON.stringify(delivery)}::jsonb,
        goods_net_pence = ${basket.goods.netPence}, goods_vat_pence = ${basket.goods.vatPence},
        goods_gross_pence = ${basket.goods.grossPence},
        delivery_net_pence = ${basket.deliverySplit.netPence},
        delivery_vat_pence = ${basket.deliverySplit.vatPence},
        delivery_gross_pence = ${basket.deliverySplit.grossPence},
        total_net_pence = ${basket.total.netPence}, total_vat_pence = ${basket.total.vatPence},
        total_pence = ${basket.total.grossPence},
        discount_goods_pence = ${basket.discount?.applied?.goodsPence ?? 0},
        discount_delivery_pence = ${basket.discount?.applied?.deliveryPence ?? 0},
        updated_at = now()
      WHERE id = ${order.id}`);
    if (booking) {
      await tx.execute(sql`UPDATE orders SET fulfilment = ${booking.fulfilment},
          delivery_date = ${booking.delivery_date}::date, delivery_slot = ${booking.delivery_slot},
          site_access = '{}'::jsonb
        WHERE id = ${order.id}`);
    }
  }

  /**
   * The money of the edit. Unpaid: the payment waits for the new total (a card payment starts
   * afresh). Paid: a credit note cancels the invoice (kept as it printed), a new invoice is
   * issued, and a lower total is refunded through the provider that took it; a higher one is
   * left as a balance due (docs/spec-deviations.md).
   */
  private async settle(
    tx: Database,
    order: OrderRow,
    before: OrderJson,
    newTotal: number,
    who: AuditActor,
    version: number,
  ): Promise<Papers> {
    if (order.status === 'pending_payment') {
      await tx.execute(sql`UPDATE payments SET amount_pence = ${newTotal}, provider_ref = NULL,
          updated_at = now() WHERE order_id = ${order.id} AND status IN ('pending', 'failed')`);
      return NO_PAPERS;
    }
    const [cancelled] = await queryRows<{ number: number; due_on: string | null }>(
      tx,
      sql`UPDATE invoices SET superseded_at = now(), snapshot = ${JSON.stringify(before)}::jsonb
          WHERE order_id = ${order.id} AND superseded_at IS NULL
          RETURNING number, due_on::text AS due_on`,
    );
    if (!cancelled) return NO_PAPERS;
    const [note] = await queryRows<{ value: number }>(
      tx,
      sql`UPDATE counters SET value = value + 1 WHERE name = 'credit_note' RETURNING value`,
    );
    await tx.execute(sql`INSERT INTO credit_notes
        (order_id, number, amount_pence, reason, refund_ref, actor, invoice_number, vat_percent)
      VALUES (${order.id}, ${note!.value}, ${order.total_pence},
        ${`Order changed: cancels invoice ${formatInvoiceNumber(cancelled.number)}`}, 'revision',
        ${who.actor}, ${cancelled.number}, ${before.lines[0]?.vat_rate ?? VAT_PERCENT})`);
    const [invoice] = await queryRows<{ number: number; tax_point: string | Date }>(
      tx,
      sql`WITH next AS (
          UPDATE counters SET value = value + 1 WHERE name = 'invoice' RETURNING value
        )
        INSERT INTO invoices (order_id, number, tax_point, due_on)
        SELECT ${order.id}, value, now(), ${cancelled.due_on}::date FROM next
        RETURNING number, tax_point`,
    );
    await splitOrderAtTaxPoint(tx, order.id, new Date(invoice!.tax_point));
    await carryToNewInvoice(tx, order.id, cancelled.number, invoice!.number, newTotal, who.actor);
    // Owed on account, nothing taken: the account owes the new invoice, due as the old one was.
    await tx.execute(sql`UPDATE payments SET amount_pence = ${newTotal}, updated_at = now()
        WHERE order_id = ${order.id} AND status = 'pending' AND ${order.payment_status === 'on_account'}::boolean`);
    const papers: Papers = {
      creditNote: note!.value,
      cancelledInvoice: cancelled.number,
      invoice: invoice!.number,
      refundPence: 0,
      balanceDuePence: 0,
    };
    const [payment] = await queryRows<{
      id: number;
      provider: string;
      provider_ref: string | null;
      amount_pence: number;
      refunded_pence: number;
    }>(
      tx,
      sql`SELECT id, provider, provider_ref, amount_pence, refunded_pence FROM payments
          WHERE order_id = ${order.id} AND status IN ('succeeded', 'partially_refunded')
          ORDER BY id LIMIT 1 FOR UPDATE`,
    );
    if (!payment) return papers;
    const held = payment.amount_pence - payment.refunded_pence;
    if (newTotal > held) return { ...papers, balanceDuePence: newTotal - held };
    const refund = held - newTotal;
    if (refund === 0) return papers;
    const { note: ref } = await this.gateway
      .byName(payment.provider)
      .refund(payment.provider_ref, refund, `edit-${order.number}-${version}`);
    const refunded = payment.refunded_pence + refund;
    const to: PaymentStatus = refunded === payment.amount_pence ? 'refunded' : 'partially_refunded';
    await tx.execute(sql`UPDATE payments SET refunded_pence = ${refunded}, status = ${to},
        updated_at = now() WHERE id = ${payment.id}`);
    await tx.execute(sql`UPDATE orders SET payment_status = ${to}, updated_at = now()
        WHERE id = ${order.id}`);
    await recordEvent(tx, order.id, {
      kind: 'payment',
      from: order.payment_status,
      to,
      actor: `staff:${who.actor}`,
      note: `Refund of £${formatPoundsPlain(refund)} (${ref}) as the order was changed`,
    });
    return { ...papers, refundPence: refund };
  }
}

function summary(order: OrderJson) {
  return {
    lines: order.lines.map((l) => ({ variation_id: l.variation_id, pieces: l.pieces })),
    postcode: order.shipping_address.postcode,
    delivery_option: order.delivery.option,
    total: order.totals.total.gross,
  };
}

function editNote(from: number, to: number, papers: Papers, reason: string | undefined): string {
  const parts = [`Order changed: total £${formatPoundsPlain(from)} → £${formatPoundsPlain(to)}`];
  if (papers.creditNote !== null && papers.invoice !== null && papers.cancelledInvoice !== null) {
    parts.push(
      `credit note ${formatCreditNoteNumber(papers.creditNote)} cancels invoice ${formatInvoiceNumber(papers.cancelledInvoice)}, invoice ${formatInvoiceNumber(papers.invoice)} replaces it`,
    );
  }
  if (papers.balanceDuePence > 0) {
    parts.push(`balance due £${formatPoundsPlain(papers.balanceDuePence)}`);
  }
  if (reason) parts.push(reason);
  return parts.join('; ');
}
