import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  databaseFailure,
  isUniqueViolation,
  preparedRows,
  queryRows,
  type Database,
} from '#db/client.ts';
import {
  CHECKOUT_MESSAGES,
  TERMS_VERSION,
  type Checkout,
  type CheckoutQuoteJson,
  type CheckoutQuoteQuery,
} from '#domain/checkout.ts';
import { linesOverLimits, totalOverLimit, type OrderLimits } from '#domain/limits.ts';
import type { HoldingLimits } from '#domain/rate-limits.ts';
import { freeSampleRefusal } from '#domain/samples.ts';
import {
  DELIVERY_ESTIMATE_MESSAGES,
  type DeliveryAreaJson,
  type DeliveryEstimateInput,
  type DeliveryEstimateJson,
} from '#domain/api-schemas-delivery.ts';
import { normaliseUkPostcode } from '#domain/postcode.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { hashToken, type SessionRecord } from '../sessions.ts';
import type { BuyerService } from '../buyers/buyers.ts';
import { bookOrder } from './booking.ts';
import { requestHash } from './request-hash.ts';
import { customerOf, type OrderLinks, type PlacedOrder, type Purchaser } from './placed-order.ts';
import { writtenOrderJson, type WrittenOrder } from './order-json.ts';
import { paymentTerms, type ShopDetailsCache } from '../settings/shop-details.ts';
import { writePlacedMails } from './order-mails.ts';
import { OrderService } from './orders.ts';
import { announceMail } from '../mail-outbox/outbox.ts';
import {
  assertHoldingAllowed,
  outOfStock,
  PLACE_ATTEMPTS,
  PLACE_FAILURES,
} from './place-failures.ts';
import { headOf, orderLineColumns, type HeadRow } from './order-rows.ts';
import { readBasketDiscount, type BasketDiscount } from '../discounts/basket-discount.ts';
import {
  claimDiscount,
  DiscountChanged,
  discountUnavailable,
  withDiscount,
} from '../discounts/claim.ts';
import {
  deliveryJson,
  deliveryRules,
  priceBasket,
  quoteJson,
  readBasket,
  readLines,
  estimateJson,
  areasJson,
  type BasketLine,
  type PricedBasket,
} from './pricing.ts';
import type { VatRatesCache } from './vat-now.ts';
import type { PaymentOptionJson } from '../payments/provider.ts';
import { buyerOf, type PaymentRegistry } from '../payments/registry.ts';

const DAY_MS = 86_400_000;
/**
 * How long delivery prices are kept in memory before they are read again; an owner's save drops
 * them at once on every instance (invalidateRules, on the `settings` change).
 */
const RULES_TTL_MS = 10_000;

type DeliveryRules = Awaited<ReturnType<typeof deliveryRules>>;

export type { OrderLinks, PlacedOrder, Purchaser } from './placed-order.ts';

const keyReused = (message: string) => new HttpError(422, 'idempotency_key_reused', message);
const tooLarge = (message: string) => new HttpError(422, 'order_too_large', message);
const emptyBasket = () => new HttpError(409, 'empty_basket', CHECKOUT_MESSAGES.emptyBasket);

/**
 * Checkout: the basket priced for an address and option, and placing it as an order. Placing is
 * one transaction that locks the basket, re-prices it from the catalogue, takes the stock and
 * writes the order, so a double click, a retry or fifty shoppers after the last pieces each get
 * one clear answer and the stock never goes below zero.
 */
export class CheckoutService {
  constructor(
    private readonly db: Database,
    private readonly options: {
      shop: ShopDetailsCache;
      /** The ways of paying (payments/registry.ts). */
      payments: PaymentRegistry;
      limits: OrderLimits;
      holding: () => Promise<HoldingLimits>;
      /** Where the shop's note of each new order goes. */
      shopOrdersEmail: string;
      /** The VAT rate in force, which splits quotes and orders (decision 0011). */
      vat: VatRatesCache;
      /** Whose prices a basket is charged at: retail, or the customer's group's. */
      buyers: Pick<BuyerService, 'forSession'>;
    },
  ) {}

  /** The session's basket priced for its buyer: what quotes, estimates and orders read. */
  private async basket(session: Purchaser | null) {
    const buyer = await this.options.buyers.forSession(
      session && { ...session, customerId: customerOf(session) },
    );
    return readBasket(this.db, session, buyer);
  }

  private cachedRules: { at: number; rules: Promise<DeliveryRules> } | null = null;

  /**
   * The delivery prices and zones, read at most every RULES_TTL_MS: every quote and order needs
   * them and they change rarely. Quote and order read the same copy, so a change never makes a
   * shopper's total differ between the two except across that window, which the 409 covers.
   */
  private rules(): Promise<DeliveryRules> {
    const now = Date.now();
    if (!this.cachedRules || now - this.cachedRules.at > RULES_TTL_MS) {
      const rules = deliveryRules(this.db, () => this.options.vat.percentAt());
      this.cachedRules = { at: now, rules };
      rules.catch(() => {
        if (this.cachedRules?.rules === rules) this.cachedRules = null;
      });
    }
    return this.cachedRules.rules;
  }

  /** Drops the kept delivery rules: the owner saved new ones (a `settings` ShopChange). */
  invalidateRules(): void {
    this.cachedRules = null;
  }

  /** The payment days (as the owner last saved them) quotes count with and orders expire by. */
  private terms = () => paymentTerms(this.options.shop);

  /** GET /api/checkout: what the checkout page shows; every figure is the server's. */
  async quote(session: Purchaser | null, query: CheckoutQuoteQuery): Promise<CheckoutQuoteJson> {
    const [{ lines, discountCodeId }, rules] = await Promise.all([
      this.basket(session),
      this.rules(),
    ]);
    const code = await readBasketDiscount(this.db, discountCodeId, {
      customerId: customerOf(session),
      email: null,
    });
    const basket = priceBasket(lines, rules, query, query.delivery_option, code);
    const offered = await this.options.payments.offered(
      buyerOf({ customerId: customerOf(session) }),
    );
    return this.quoteOf(basket, offered, await this.terms());
  }

  /**
   * POST /api/delivery/estimate: the lines given (the product page) or the session's basket,
   * priced for a postcode by the same priceBasket checkout quotes and places orders with.
   */
  async estimate(
    session: SessionRecord | null,
    input: DeliveryEstimateInput,
  ): Promise<DeliveryEstimateJson> {
    const postcode = normaliseUkPostcode(input.postcode) ?? input.postcode;
    const wanted = input.lines?.map((l) => ({ variationId: l.variation_id, pieces: l.quantity }));
    const buyer = await this.options.buyers.forSession(session);
    const [lines, rules] = await Promise.all([
      wanted ? readLines(this.db, wanted, buyer) : this.basket(session).then((b) => b.lines),
      this.rules(),
    ]);
    const missing = lines.findIndex((line) => line === null);
    if (missing >= 0) {
      throw badRequest(DELIVERY_ESTIMATE_MESSAGES.unknownVariation, {
        [`lines.${missing}.variation_id`]: DELIVERY_ESTIMATE_MESSAGES.unknownVariation,
      });
    }
    const found = lines.filter((line) => line !== null);
    const basket = priceBasket(found, rules, { country: 'GB', postcode }, undefined);
    return estimateJson(postcode, basket, new Date(), await this.terms());
  }

  /** GET /api/delivery/areas: every zone's prices and days, from the rows checkout reads. */
  async areas(): Promise<DeliveryAreaJson[]> {
    return areasJson(await this.rules());
  }

  /**
   * POST /api/checkout/orders. A repeated Idempotency-Key from the same session with the same
   * request answers the order it placed; with another body or another basket it is refused
   * (422), as Stripe does, never answered with an order it did not ask for. A total that differs from the one the shopper saw is refused with the new
   * figures (409), as is stock that ran out (409): nothing is written then.
   */
  async place(
    session: Purchaser | null,
    key: string,
    input: Checkout,
    links?: OrderLinks,
  ): Promise<PlacedOrder> {
    if (!this.options.payments.forMethod(input.payment_method).enabled) {
      throw new HttpError(400, 'invalid_request', CHECKOUT_MESSAGES.cardUnavailable, {
        payment_method: CHECKOUT_MESSAGES.cardUnavailable,
      });
    }
    const hash = requestHash(input);
    try {
      return await this.placeBasket(session, key, hash, input, links);
    } catch (error) {
      // A refusal, or the same key placed from another connection a moment before, answers the
      // order this key placed if there is one: a retry whose first answer was lost gets it.
      if (error instanceof HttpError || isUniqueViolation(error, 'orders_idempotency_key_unique')) {
        const replay = await this.replay(session, key, hash);
        if (replay) return replay;
      }
      throw error;
    }
  }

  /**
   * The order this session placed with `key` before, if any, when asked again for the same: the
   * same body, and the basket it placed (gone once placed) rather than a basket filled since.
   */
  private async replay(
    session: Purchaser | null,
    key: string,
    hash: string,
  ): Promise<PlacedOrder | null> {
    const [row] = await queryRows<HeadRow & { request_hash: string | null; cart_id: number }>(
      this.db,
      sql`SELECT id, number, status, payment_status, payment_method, total_pence, email,
            customer_id, session_token_hash, request_hash, cart_id
          FROM orders WHERE idempotency_key = ${key}`,
    );
    if (!row) return null;
    const mine =
      session !== null &&
      (row.session_token_hash === session.tokenHash ||
        (customerOf(session) !== null && row.customer_id === customerOf(session)));
    if (!mine) {
      throw keyReused(
        'This Idempotency-Key was used for another order: send a new key for a new order',
      );
    }
    const { cartId } = await this.basket(session);
    if (
      (row.request_hash !== null && row.request_hash !== hash) ||
      (cartId !== null && cartId !== row.cart_id)
    ) {
      throw keyReused(
        'This Idempotency-Key was used with a different request: send a new key for a new order',
      );
    }
    return { order: headOf(row), json: null, token: null, created: false };
  }

  /**
   * Reads and prices the basket, then writes it as an order in one statement (place_order),
   * which checks under its locks that nothing priced has changed since the read. When something
   * has, the basket is read and priced again: the shopper then gets the new figures as a 409.
   */
  private async placeBasket(
    session: Purchaser | null,
    key: string,
    hash: string,
    input: Checkout,
    links: OrderLinks | undefined,
  ): Promise<PlacedOrder> {
    for (let attempt = 1; ; attempt++) {
      const [{ cartId, lines, discountCodeId }, rules] = await Promise.all([
        this.basket(session),
        this.rules(),
      ]);
      if (session === null || cartId === null) throw emptyBasket();
      // Bounded before anything is summed: no total may pass what its column holds.
      const over = linesOverLimits(lines, this.options.limits);
      if (over) throw tooLarge(over);
      const code = await readBasketDiscount(this.db, discountCodeId, {
        customerId: customerOf(session),
        email: input.email,
      });
      const offered = await this.options.payments.offered(
        buyerOf({ customerId: customerOf(session) }),
      );
      const terms = await this.terms();
      const basket = this.priceForOrder(lines, rules, input, code, { terms, offered });
      await assertHoldingAllowed(this.db, basket, input.email, await this.options.holding());
      try {
        const placed = await this.write(session, { key, hash }, input, cartId, basket, links);
        announceMail();
        return placed;
      } catch (error) {
        const failure = databaseFailure(error);
        if (failure?.code === PLACE_FAILURES.outOfStock) throw outOfStock(basket, failure.detail);
        const changed = failure?.code === PLACE_FAILURES.basketChanged;
        if (!changed && !(error instanceof DiscountChanged)) throw error;
        if (attempt === PLACE_ATTEMPTS) throw this.priceChanged(basket, terms, offered);
      }
    }
  }

  /** The basket priced for the order, or the refusal the shopper must see before it is placed. */
  private priceForOrder(
    lines: BasketLine[],
    rules: DeliveryRules,
    input: Checkout,
    code: BasketDiscount | null,
    { terms, offered }: { terms: { paymentDays: number }; offered: PaymentOptionJson[] },
  ): PricedBasket {
    const unavailable = lines.find((line) => !line.onSale);
    if (unavailable) {
      throw new HttpError(
        409,
        'out_of_stock',
        `${unavailable.name} (${unavailable.option}) is no longer available: please remove it from your basket`,
      );
    }
    const samplesRefused = freeSampleRefusal(
      lines.map((line) => ({
        productId: line.productId,
        isFreeSample: line.isSample,
        quantity: line.pieces,
      })),
      rules.samples,
    );
    if (samplesRefused) throw new HttpError(409, 'sample_limit', samplesRefused);
    const basket = priceBasket(lines, rules, input.shipping, input.delivery_option, code);
    if (basket.discount?.refusal) throw discountUnavailable(basket.discount.refusal.message);
    const over = totalOverLimit(basket.total.grossPence, this.options.limits);
    if (over) throw tooLarge(over);
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
      throw this.priceChanged(basket, terms, offered);
    }
    return basket;
  }

  private priceChanged(
    basket: PricedBasket,
    terms: { paymentDays: number },
    offered: PaymentOptionJson[],
  ): HttpError {
    return new HttpError(
      409,
      'price_changed',
      CHECKOUT_MESSAGES.priceChanged,
      undefined,
      undefined,
      { quote: this.quoteOf(basket, offered, terms) },
    );
  }

  /** The checkout's answer: the priced basket and the ways this buyer may pay. */
  private quoteOf(
    basket: PricedBasket,
    offered: PaymentOptionJson[],
    terms: { paymentDays: number },
  ): CheckoutQuoteJson {
    const methods = offered.map((option) => option.method);
    return { ...quoteJson(basket, methods, new Date(), terms), payment_options: offered };
  }

  /**
   * The priced basket written as an order by place_order, with the hash of the request that
   * placed it, in one transaction: a racing request with the same key waits on the key's unique
   * index and then finds the order with its hash.
   */
  private async write(
    session: Purchaser,
    { key, hash }: { key: string; hash: string },
    input: Checkout,
    cartId: number,
    basket: PricedBasket,
    links: OrderLinks | undefined,
  ): Promise<PlacedOrder> {
    const token = randomBytes(24).toString('base64url');
    const shop = await this.options.shop.get();
    const terms = { paymentDays: shop.bank.payment_days };
    const now = new Date();
    const chosen = basket.delivery.options.find((o) => o.id === basket.option)!;
    const estimate = deliveryJson(basket, now, terms).options.find(
      (o) => o.id === chosen.id,
    )!.estimate;
    const booking = bookOrder(basket.delivery, chosen, input, now, terms);
    const collecting = booking.fulfilment === 'collection';
    const order = {
      access_token_hash: hashToken(token),
      idempotency_key: key,
      customer_id: customerOf(session),
      session_token_hash: session.tokenHash,
      email: input.email,
      payment_method: input.payment_method,
      shipping_address: input.shipping,
      billing_address: input.billing_same_as_shipping ? input.shipping : input.billing,
      delivery: {
        option: chosen.id,
        label: chosen.label,
        zone: basket.delivery.zone,
        method: basket.delivery.method,
        weight_kg: basket.delivery.weightKg,
        parcels: basket.delivery.parcels,
        pallets: basket.delivery.pallets,
        // Kerbside is how a lorry delivers: nothing to say to someone collecting.
        note: collecting ? null : basket.delivery.note,
        estimate,
        ...(collecting ? { collection_address: basket.delivery.collectionAddress } : {}),
      },
      goods_net_pence: basket.goods.netPence,
      goods_vat_pence: basket.goods.vatPence,
      goods_gross_pence: basket.goods.grossPence,
      delivery_net_pence: basket.deliverySplit.netPence,
      delivery_vat_pence: basket.deliverySplit.vatPence,
      delivery_gross_pence: basket.deliverySplit.grossPence,
      total_net_pence: basket.total.netPence,
      total_vat_pence: basket.total.vatPence,
      total_pence: basket.total.grossPence,
      terms_version: TERMS_VERSION,
      placed_at: now.toISOString(),
      expires_at: new Date(now.getTime() + terms.paymentDays * DAY_MS).toISOString(),
    };
    // Each line carries the basket line it was priced from (checked by place_order) and its
    // snapshot, named as order_lines' columns.
    const lines = basket.lines.map((line, position) => ({
      position,
      cart_item_id: line.id,
      // place_order checks the stored price read is still current; the snapshot has the buyer's.
      price_pence: line.storedPricePence,
      ...orderLineColumns(line),
    }));
    const written = await this.db.transaction(async (tx) => {
      const [row] = await preparedRows<{ written: WrittenOrder }>(
        tx,
        sql`SELECT settle_free_order(place_order(${cartId}::int, ${JSON.stringify(order)}::jsonb,
              ${JSON.stringify(lines)}::jsonb, ${this.options.payments.nameOf(input.payment_method)}::text,
              ${customerOf(session) === null ? 'guest' : `customer:${customerOf(session)}`}::text))
            AS written`,
      );
      // The booking columns have defaults place_order leaves alone: set here, in its transaction.
      await preparedRows(
        tx,
        sql`UPDATE orders SET request_hash = ${hash}, fulfilment = ${booking.fulfilment},
              delivery_date = ${booking.delivery_date}::date, delivery_slot = ${booking.delivery_slot},
              site_access = ${JSON.stringify(booking.site_access)}::jsonb,
              delivery_instructions = ${booking.delivery_instructions}
            WHERE id = ${row!.written.order.id}`,
      );
      const claimed = await claimDiscount(tx, basket, row!.written.order.id, {
        customerId: customerOf(session),
        email: input.email,
      });
      const { order: placed, ...rest } = withDiscount(row!.written, claimed);
      // The order as placed, with the booking just written beside place_order's columns.
      const booked = {
        ...rest,
        order: { ...placed, ...booking, booked_day: booking.delivery_date },
      };
      // A provider that settles as the order is placed (on account) moved it on: read it back.
      const settled = await this.options.payments
        .forMethod(input.payment_method)
        .placed?.(tx, placed.id);
      const json = settled
        ? await new OrderService(tx, { paymentDays: terms.paymentDays }).json(placed.id)
        : writtenOrderJson(booked, shop.bank);
      // The confirmation is written with the order: it carries the order's link, whose secret
      // exists only now, and an order that commits always has its mail (a crash loses none).
      if (links) {
        await writePlacedMails(tx, placed.id, json, {
          orderUrl: links.orderUrl(json.number, token),
          shopEmail: this.options.shopOrdersEmail,
          shop,
        });
      }
      return { written: booked, json };
    });
    const { status, payment_status: paymentStatus, ...json } = written.json;
    return {
      order: { ...headOf(written.written.order), status, paymentStatus },
      json: { ...json, status, payment_status: paymentStatus },
      token,
      created: true,
    };
  }
}
