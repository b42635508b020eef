// A customer accepts a quote: one transaction, under the quote's row lock, writes an order at
// the quote's own prices (never today's catalogue), its bespoke lines made to the customer's
// specification, and a payment for what is due now (the deposit, or the whole total). A second
// accept, at once or later, answers the same order (decision: docs/decisions/0014).
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { AcceptQuoteInput, QuoteJson } from '#domain/api-schemas-quotes.ts';
import { TERMS_VERSION, type PaymentMethod } from '#domain/checkout.ts';
import { formatPoundsPlain, toPence } from '#domain/money.ts';
import { acceptRefusal, effectiveState, QUOTE_MESSAGES } from '#domain/quotes.ts';
import { exVatPence } from '#domain/vat.ts';
import { deliveryEstimate } from '#domain/working-days.ts';
import { badRequest, HttpError, notFound } from '../../http/errors.ts';
import { announceMail } from '../mail-outbox/outbox.ts';
import type { OrderLinks } from '../orders/checkout.ts';
import { writtenOrderJson, type WrittenOrder } from '../orders/order-json.ts';
import { writePlacedMails } from '../orders/order-mails.ts';
import { headOf, type HeadRow, type OrderHead } from '../orders/order-rows.ts';
import { hashToken } from '../sessions.ts';
import type { ShopDetailsCache } from '../settings/shop-details.ts';
import { readDrawing, type DrawingFile } from './quote-drawings.ts';
import type { QuoteLineRow } from './quote-pricing.ts';
import {
  lineSplit,
  quoteJson,
  readLines,
  readQuote,
  recordQuoteEvent,
  type QuoteRow,
} from './quote-store.ts';

const DAY_MS = 86_400_000;

/** Who asks: the signed-in customer, or the holder of the mailed link's secret. */
export interface QuoteAccess {
  customerId: number | null;
  token: string | null;
}

/** The revision the caller may see, or null: a link opens its own revision, an account the newest sent. */
function visible(number: string, access: QuoteAccess): SQL | null {
  if (access.token) return sql`q.number = ${number} AND q.token_hash = ${hashToken(access.token)}`;
  if (access.customerId !== null) {
    return sql`q.number = ${number} AND q.customer_id = ${access.customerId}
      AND q.state <> 'draft'`;
  }
  return null;
}

/** A quote line as order_lines rows: the pieces, and their cut-outs as a line of their own. */
function orderLines(line: QuoteLineRow, vatPercent: number, start: number) {
  const [pieces, cutouts] = lineSplit(line, vatPercent);
  const bespoke = line.kind === 'bespoke';
  const byArea = line.pricing === 'm2';
  const rows = [
    {
      position: start,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      name: line.name,
      size: line.description,
      kind: 'size',
      is_bespoke: bespoke,
      pieces: line.pieces,
      m2: line.m2,
      weight_kg: line.weight_kg,
      unit: byArea ? 'm2' : 'item',
      selling_unit: byArea ? 'm2' : 'piece',
      unit_price_pence: line.unit_price_pence,
      unit_net_pence: exVatPence(line.unit_price_pence, vatPercent),
      vat_rate: vatPercent,
      net_pence: pieces!.netPence,
      vat_pence: pieces!.vatPence,
      gross_pence: pieces!.grossPence,
    },
  ];
  if (cutouts) {
    rows.push({
      ...rows[0]!,
      position: start + 1,
      size: `Cut-outs for ${line.description}`,
      pieces: line.pieces * line.cutouts,
      m2: null,
      weight_kg: '0',
      unit: 'item',
      selling_unit: 'piece',
      unit_price_pence: line.cutout_price_pence,
      unit_net_pence: exVatPence(line.cutout_price_pence, vatPercent),
      net_pence: cutouts.netPence,
      vat_pence: cutouts.vatPence,
      gross_pence: cutouts.grossPence,
    });
  }
  return rows;
}

export interface AcceptedQuote {
  order: OrderHead;
  /** The order link's secret; null when the quote was accepted before (a replay). */
  token: string | null;
  quote: QuoteJson;
}

export class QuoteAcceptance {
  constructor(
    private readonly db: Database,
    private readonly options: {
      shop: ShopDetailsCache;
      paymentMethods: () => PaymentMethod[];
      /** The name a payment row of this method carries (the payment registry's). */
      providerName: (method: PaymentMethod) => string;
      shopOrdersEmail: string;
    },
  ) {}

  /** The revision the caller may see (404 for anyone else, and for drafts). */
  private async visibleRow(number: string, access: QuoteAccess): Promise<QuoteRow> {
    const where = visible(number, access);
    const row = where && (await readQuote(this.db, where));
    if (!row) throw notFound(QUOTE_MESSAGES.notFound);
    return row;
  }

  /** The quote as its customer sees it. */
  async view(number: string, access: QuoteAccess): Promise<QuoteJson> {
    return quoteJson(this.db, await this.visibleRow(number, access), { history: false });
  }

  /** The drawing of a line of the quote its customer sees (404 when the line has none). */
  async drawing(number: string, position: number, access: QuoteAccess): Promise<DrawingFile> {
    const row = await this.visibleRow(number, access);
    return readDrawing(
      this.db,
      sql`FROM quote_lines l JOIN quote_drawings d ON d.id = l.drawing_id
          WHERE l.quote_id = ${row.id} AND l.position = ${position}`,
    );
  }

  /**
   * Accepts: 410 once expired or withdrawn, 409 superseded or not sent; accepted before → the
   * same order again.
   */
  async accept(
    number: string,
    access: QuoteAccess,
    input: AcceptQuoteInput,
    links: OrderLinks,
  ): Promise<AcceptedQuote> {
    if (!this.options.paymentMethods().includes(input.payment_method)) {
      throw badRequest('Card payments are not available: please pay by bank transfer', {
        payment_method: 'Card payments are not available: please pay by bank transfer',
      });
    }
    const where = visible(number, access);
    if (!where) throw notFound(QUOTE_MESSAGES.notFound);
    const shop = await this.options.shop.get();
    const accepted = await this.db.transaction(async (tx) => {
      const row = await readQuote(tx, where, true);
      if (!row) throw notFound(QUOTE_MESSAGES.notFound);
      const state = effectiveState(
        { state: row.state, validUntil: row.valid_until ? new Date(row.valid_until) : null },
        new Date(),
      );
      const refusal = acceptRefusal(state);
      if (refusal) throw new HttpError(refusal.status, refusal.code, refusal.message);
      if (state === 'accepted') {
        const [head] = await queryRows<HeadRow>(
          tx,
          sql`SELECT * FROM orders WHERE id = ${row.order_id}`,
        );
        return { order: headOf(head!), token: null };
      }
      const token = randomBytes(24).toString('base64url');
      const written = await this.writeOrder(tx, row, input, token, access, shop.bank.payment_days);
      const json = writtenOrderJson(written, shop.bank);
      await writePlacedMails(tx, written.order.id, json, {
        orderUrl: links.orderUrl(json.number, token),
        shopEmail: this.options.shopOrdersEmail,
        shop,
      });
      await tx.execute(sql`UPDATE quotes SET state = 'accepted', accepted_at = now(),
          order_id = ${written.order.id}, updated_at = now() WHERE id = ${row.id}`);
      await recordQuoteEvent(tx, row.id, {
        kind: 'accepted',
        actor: access.customerId === null ? 'customer (link)' : `customer:${access.customerId}`,
        note: `Order ${json.number}: ${formatPoundsPlain(row.deposit_percent === 0 ? row.total_pence : row.deposit_pence)} to pay now by ${input.payment_method.replace('_', ' ')}`,
      });
      return { order: headOf(written.order as unknown as HeadRow), token };
    });
    if (accepted.token) announceMail();
    return { ...accepted, quote: await this.view(number, access) };
  }

  /** The order written from the quote's stored lines and figures, as place_order writes one. */
  private async writeOrder(
    tx: Database,
    row: QuoteRow,
    input: AcceptQuoteInput,
    token: string,
    access: QuoteAccess,
    paymentDays: number,
  ): Promise<WrittenOrder> {
    const vat = Number(row.vat_rate);
    const quoted = await quoteJson(tx, row, { history: false });
    const t = quoted.totals;
    const now = new Date();
    const d = row.delivery;
    // first_payment_pence: the order says what its first payment takes, so payments never read
    // the quote.
    const [order] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO orders (number, access_token_hash, cart_id, idempotency_key, customer_id,
            session_token_hash, email, payment_method, shipping_address, billing_address,
            delivery, goods_net_pence, goods_vat_pence, goods_gross_pence, delivery_net_pence,
            delivery_vat_pence, delivery_gross_pence, total_net_pence, total_vat_pence,
            total_pence, first_payment_pence, terms_version, placed_at, expires_at)
          VALUES ('TS-' || nextval('order_number_seq'), ${hashToken(token)}, ${-row.id},
            ${`quote:${row.id}`}, ${row.customer_id ?? access.customerId},
            ${`quote:${row.number}`}, ${row.email}, ${input.payment_method},
            ${JSON.stringify(row.address)}::jsonb, ${JSON.stringify(row.address)}::jsonb,
            ${JSON.stringify({
              option: 'standard',
              label: row.manual_delivery_pence === null ? 'Delivery' : 'Delivery as quoted',
              zone: d.zone,
              method: d.method,
              weight_kg: Number(row.weight_kg),
              parcels: d.parcels,
              pallets: d.pallets,
              note: d.note,
              estimate: {
                min_days: d.min_days,
                max_days: d.max_days,
                ...deliveryEstimate(now, d.min_days, d.max_days),
              },
            })}::jsonb,
            ${toPence(t.goods.net)}, ${toPence(t.goods.vat)}, ${toPence(t.goods.gross)},
            ${toPence(t.delivery.net)}, ${toPence(t.delivery.vat)}, ${toPence(t.delivery.gross)},
            ${toPence(t.total.net)}, ${toPence(t.total.vat)}, ${toPence(t.total.gross)},
            ${row.deposit_percent === 0 ? null : row.deposit_pence}, ${TERMS_VERSION},
            ${now.toISOString()},
            ${new Date(now.getTime() + paymentDays * DAY_MS).toISOString()})
          RETURNING id`,
    );
    const id = order!.id;
    let position = 0;
    const lines = (await readLines(tx, row.id)).flatMap((line) => {
      const rows = orderLines(line, vat, position);
      position += rows.length;
      return rows;
    });
    await tx.execute(sql`INSERT INTO order_lines (order_id, position, product_id, variation_id,
        name, size, kind, is_bespoke, pieces, m2, weight_kg, unit, selling_unit,
        unit_price_pence, unit_net_pence, vat_rate, net_pence, vat_pence, gross_pence)
      SELECT ${id}, l.position, l.product_id, l.variation_id, l.name, l.size, l.kind,
        l.is_bespoke, l.pieces, l.m2, l.weight_kg, l.unit, l.selling_unit, l.unit_price_pence,
        l.unit_net_pence, l.vat_rate, l.net_pence, l.vat_pence, l.gross_pence
      FROM jsonb_populate_recordset(NULL::order_lines, ${JSON.stringify(lines)}::jsonb) l`);
    const payNow = row.deposit_percent === 0 ? row.total_pence : row.deposit_pence;
    await tx.execute(sql`INSERT INTO payments (order_id, provider, amount_pence)
      VALUES (${id}, ${this.options.providerName(input.payment_method)}, ${payNow})`);
    const actor = access.customerId === null ? 'guest' : `customer:${access.customerId}`;
    await tx.execute(sql`INSERT INTO order_events (order_id, kind, from_state, to_state, actor, note)
      VALUES (${id}, 'status', NULL, 'pending_payment', ${actor},
        ${`From quote ${row.number} (revision ${row.revision})`})`);
    const [written] = await queryRows<{ written: WrittenOrder }>(
      tx,
      sql`SELECT jsonb_build_object(
          'order', (SELECT to_jsonb(o) FROM orders o WHERE o.id = ${id}),
          'lines', (SELECT jsonb_agg(to_jsonb(l) ORDER BY l.position)
                    FROM order_lines l WHERE l.order_id = ${id}),
          'events', (SELECT jsonb_agg(to_jsonb(e) ORDER BY e.at, e.id)
                     FROM order_events e WHERE e.order_id = ${id})) AS written`,
    );
    return written!.written;
  }
}
