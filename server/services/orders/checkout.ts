import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { isUniqueViolation, queryRows, type Database } from '#db/client.ts';
import {
  CHECKOUT_MESSAGES,
  TERMS_VERSION,
  type Checkout,
  type CheckoutQuoteJson,
  type CheckoutQuoteQuery,
  type PaymentMethod,
} from '#domain/checkout.ts';
import { HttpError } from '../../http/errors.ts';
import { hashToken, type SessionRecord } from '../sessions.ts';
import { headOf, providerName, recordEvent, type HeadRow, type OrderHead } from './orders.ts';
import {
  basketId,
  basketLines,
  deliveryJson,
  deliveryRules,
  priceBasket,
  quoteJson,
  type PricedBasket,
} from './pricing.ts';

const DAY_MS = 86_400_000;
/** How long delivery prices are kept in memory before they are read again. */
const RULES_TTL_MS = 10_000;

type DeliveryRules = Awaited<ReturnType<typeof deliveryRules>>;

const emptyBasket = () => new HttpError(409, 'empty_basket', CHECKOUT_MESSAGES.emptyBasket);

export interface PlacedOrder {
  order: OrderHead;
  /** The secret of the order's link; null when the order was placed before (a replay). */
  token: string | null;
  created: boolean;
}

/**
 * Checkout: the basket priced for an address and option, and placing it as an order. Placing is
 * one transaction that locks the basket, re-prices it from the catalogue, takes the stock and
 * writes the order, so a double click, a retry or fifty shoppers after the last pieces each get
 * one clear answer and the stock never goes below zero.
 */
export class CheckoutService {
  constructor(
    private readonly db: Database,
    private readonly options: { paymentDays: number; paymentMethods: () => PaymentMethod[] },
  ) {}

  private cachedRules: { at: number; rules: Promise<DeliveryRules> } | null = null;

  /**
   * The delivery prices and zones, read at most every RULES_TTL_MS: every quote and order needs
   * them and they change rarely. Quote and order read the same copy, so a change never makes a
   * shopper's total differ between the two except across that window, which the 409 covers.
   */
  private rules(): Promise<DeliveryRules> {
    const now = Date.now();
    if (!this.cachedRules || now - this.cachedRules.at > RULES_TTL_MS) {
      const rules = deliveryRules(this.db);
      this.cachedRules = { at: now, rules };
      rules.catch(() => {
        if (this.cachedRules?.rules === rules) this.cachedRules = null;
      });
    }
    return this.cachedRules.rules;
  }

  /** GET /api/checkout: what the checkout page shows; every figure is the server's. */
  async quote(
    session: SessionRecord | null,
    query: CheckoutQuoteQuery,
  ): Promise<CheckoutQuoteJson> {
    const [lines, rules] = await Promise.all([
      basketId(this.db, session, false).then((id) => basketLines(this.db, id)),
      this.rules(),
    ]);
    const basket = priceBasket(lines, rules, query, query.delivery_option);
    return quoteJson(basket, this.options.paymentMethods(), new Date());
  }

  /**
   * POST /api/checkout/orders. A repeated Idempotency-Key from the same session answers the
   * order it placed; a total that differs from the one the shopper saw is refused with the new
   * figures (409), as is stock that ran out (409): nothing is written then.
   */
  async place(session: SessionRecord | null, key: string, input: Checkout): Promise<PlacedOrder> {
    if (!this.options.paymentMethods().includes(input.payment_method)) {
      throw new HttpError(400, 'invalid_request', CHECKOUT_MESSAGES.cardUnavailable, {
        payment_method: CHECKOUT_MESSAGES.cardUnavailable,
      });
    }
    const replay = await this.replay(this.db, session, key);
    if (replay) return replay;
    if (!session) throw emptyBasket();
    try {
      return await this.db.transaction((tx) => this.placeIn(tx, session, key, input));
    } catch (error) {
      // The same key raced in from another connection and won: answer its order.
      if (isUniqueViolation(error, 'orders_idempotency_key_unique')) {
        const winner = await this.replay(this.db, session, key);
        if (winner) return winner;
      }
      throw error;
    }
  }

  /** The order this session placed with `key` before, if any (within `db`'s transaction). */
  private async replay(
    db: Database,
    session: SessionRecord | null,
    key: string,
  ): Promise<PlacedOrder | null> {
    const [row] = await queryRows<HeadRow>(
      db,
      sql`SELECT id, number, status, payment_status, payment_method, total_pence, email,
            customer_id, session_token_hash
          FROM orders WHERE idempotency_key = ${key}`,
    );
    if (!row) return null;
    const mine =
      session !== null &&
      (row.session_token_hash === session.tokenHash ||
        (session.customerId !== null && row.customer_id === session.customerId));
    if (!mine) {
      throw new HttpError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was used for another order: send a new key for a new order',
      );
    }
    return { order: headOf(row), token: null, created: false };
  }

  private async placeIn(
    tx: Database,
    session: SessionRecord,
    key: string,
    input: Checkout,
  ): Promise<PlacedOrder> {
    const cartId = await basketId(tx, session, true);
    // The basket is gone when the same key's first request has just placed it.
    const replay = await this.replay(tx, session, key);
    if (replay) return replay;
    const [lines, rules] = await Promise.all([basketLines(tx, cartId), this.rules()]);
    if (cartId === null || lines.length === 0) throw emptyBasket();
    const unavailable = lines.find((line) => !line.onSale);
    if (unavailable) {
      throw new HttpError(
        409,
        'out_of_stock',
        `${unavailable.name} (${unavailable.option}) is no longer available: please remove it from your basket`,
      );
    }
    const basket = priceBasket(lines, rules, input.shipping, input.delivery_option);
    const now = new Date();
    if (!basket.delivery.deliverable || basket.option === null) {
      throw new HttpError(
        422,
        'not_deliverable',
        basket.delivery.message ?? 'We cannot deliver this order to that address',
      );
    }
    if (
      basket.option !== input.delivery_option ||
      basket.total.grossPence !== input.expected_total
    ) {
      throw new HttpError(
        409,
        'price_changed',
        CHECKOUT_MESSAGES.priceChanged,
        undefined,
        undefined,
        {
          quote: quoteJson(basket, this.options.paymentMethods(), now),
        },
      );
    }
    const stockTaken = await takeStock(tx, basket);
    const token = randomBytes(24).toString('base64url');
    const chosen = basket.delivery.options.find((o) => o.id === basket.option)!;
    const delivery = deliveryJson(basket, now);
    const [placed] = await queryRows<{ id: number; number: string }>(
      tx,
      sql`INSERT INTO orders (number, access_token_hash, cart_id, idempotency_key, customer_id,
            session_token_hash, email, payment_method, shipping_address, billing_address, delivery,
            goods_net_pence, goods_vat_pence, goods_gross_pence,
            delivery_net_pence, delivery_vat_pence, delivery_gross_pence,
            total_net_pence, total_vat_pence, total_pence, terms_version, placed_at, expires_at)
          VALUES ('TS-' || nextval('order_number_seq'), ${hashToken(token)}, ${cartId}, ${key},
            ${session.customerId}, ${session.tokenHash}, ${input.email}, ${input.payment_method},
            ${JSON.stringify(input.shipping)}::jsonb,
            ${JSON.stringify(input.billing_same_as_shipping ? input.shipping : input.billing)}::jsonb,
            ${JSON.stringify({
              option: chosen.id,
              label: chosen.label,
              zone: basket.delivery.zone,
              method: basket.delivery.method,
              weight_kg: basket.delivery.weightKg,
              parcels: basket.delivery.parcels,
              pallets: basket.delivery.pallets,
              note: basket.delivery.note,
              estimate: delivery.options.find((o) => o.id === chosen.id)!.estimate,
            })}::jsonb,
            ${basket.goods.netPence}, ${basket.goods.vatPence}, ${basket.goods.grossPence},
            ${basket.deliverySplit.netPence}, ${basket.deliverySplit.vatPence},
            ${basket.deliverySplit.grossPence},
            ${basket.total.netPence}, ${basket.total.vatPence}, ${basket.total.grossPence},
            ${TERMS_VERSION}, ${now.toISOString()}::timestamptz,
            ${new Date(now.getTime() + this.options.paymentDays * DAY_MS).toISOString()}::timestamptz)
          RETURNING id, number`,
    );
    const orderId = placed!.id;
    const values = basket.lines.map(
      (line, position) =>
        sql`(${orderId}, ${position}, ${line.productId}, ${line.variationId}, ${line.name},
          ${line.option}, ${line.priced.kind}, ${line.isBespoke}, ${line.pieces},
          ${line.m2 === null ? null : String(line.m2)}::numeric, ${String(line.weightKg)}::numeric,
          ${line.priced.unit}, ${line.priced.unitPricePence}, ${line.priced.unitNetPence},
          ${line.priced.vatRate}, ${line.priced.total.netPence}, ${line.priced.total.vatPence},
          ${line.priced.total.grossPence}, ${stockTaken.has(line.id)})`,
    );
    await tx.execute(sql`INSERT INTO order_lines (order_id, position, product_id, variation_id,
        name, size, kind, is_bespoke, pieces, m2, weight_kg, unit, unit_price_pence,
        unit_net_pence, vat_rate, net_pence, vat_pence, gross_pence, stock_taken)
        VALUES ${sql.join(values, sql`, `)}`);
    await tx.execute(sql`INSERT INTO payments (order_id, provider, amount_pence)
        VALUES (${orderId}, ${providerName(input.payment_method)}, ${basket.total.grossPence})`);
    await recordEvent(tx, orderId, {
      kind: 'status',
      from: null,
      to: 'pending_payment',
      actor: session.customerId === null ? 'guest' : `customer:${session.customerId}`,
    });
    // The basket becomes the order: its lines and the basket itself go.
    await tx.execute(sql`DELETE FROM carts WHERE id = ${cartId}`);
    return {
      order: {
        id: orderId,
        number: placed!.number,
        status: 'pending_payment',
        paymentStatus: 'pending',
        paymentMethod: input.payment_method,
        totalPence: basket.total.grossPence,
        email: input.email,
        customerId: session.customerId,
      },
      token,
      created: true,
    };
  }
}

/**
 * Takes each counted line's pieces with a conditional decrement (never below zero, whatever
 * runs at the same time), in variation order so two orders never wait on each other. Returns
 * the basket lines whose stock was taken; throws a 409 naming the first line short of stock.
 */
async function takeStock(tx: Database, basket: PricedBasket): Promise<Set<number>> {
  const taken = new Set<number>();
  const counted = [...basket.lines]
    .filter((line) => line.stockQuantity !== null)
    .sort((a, b) => a.variationId - b.variationId || a.id - b.id);
  for (const line of counted) {
    const rows = await queryRows<{ stock_quantity: number }>(
      tx,
      sql`UPDATE variations SET stock_quantity = stock_quantity - ${line.pieces}
          WHERE id = ${line.variationId} AND stock_quantity >= ${line.pieces}
          RETURNING stock_quantity`,
    );
    if (rows.length === 0) {
      const [left] = await queryRows<{ stock_quantity: number | null }>(
        tx,
        sql`SELECT stock_quantity FROM variations WHERE id = ${line.variationId}`,
      );
      const available = left?.stock_quantity ?? 0;
      throw new HttpError(
        409,
        'out_of_stock',
        available === 0
          ? `${line.name} (${line.option}) is out of stock: please remove it from your basket`
          : `Only ${available} ${available === 1 ? 'piece' : 'pieces'} of ${line.name} (${line.option}) ${available === 1 ? 'is' : 'are'} left: please change the quantity in your basket`,
        undefined,
        undefined,
        { lines: [{ variation_id: line.variationId, available }] },
      );
    }
    taken.add(line.id);
  }
  return taken;
}
