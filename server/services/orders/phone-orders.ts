// Orders taken by phone. A draft keeps its lines in a basket of its own (a carts row whose
// session_token_hash is 'draft:<id>', which no browser session can have: theirs are hex hashes),
// so it is priced by checkout's own quote, and paying through its link places that basket
// through checkout's placement: the same price checks, stock checks, holding limits and mails.
// A draft holds no stock; the placed order does, from the moment it is placed. A draft for the
// email of a verified account is that customer's: quoted and placed at their prices (a trade
// buyer's price list) and joined to their account.
import { RETAIL_BUYER, type Buyer } from '#domain/price-for.ts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  ORDER_TASK_MESSAGES,
  PAYMENT_LINK_DAYS,
  type DraftOrderInput,
  type DraftOrderJson,
  type SizeChoiceJson,
} from '#domain/api-schemas-order-tasks.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { checkoutSchema, type DeliveryOptionId, type PaymentMethod } from '#domain/checkout.ts';
import type { Address } from '#domain/validation.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import type { BuyerService } from '../buyers/buyers.ts';
import { hashToken } from '../sessions.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import type { CheckoutService, OrderLinks, PlacedOrder, Purchaser } from './checkout.ts';
import { paymentLinkMail } from './order-task-mails.ts';
import { readLines } from './pricing.ts';
import { mailShop } from '../shop-signature.ts';

const DAY_MS = 86_400_000;

/** Sizes on sale whose product name or SKU (the product's or the size's) holds the words typed. */
export async function searchSizes(db: Database, q: string): Promise<SizeChoiceJson[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await queryRows<Omit<SizeChoiceJson, 'price'> & { price_pence: number }>(
    db,
    sql`SELECT v.id AS variation_id, p.id AS product_id, p.name AS product, v.option AS size, v.sku, v.price_pence,
          p.unit
        FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.option <> 'Free Sample'
          AND (p.name ILIKE ${like} OR v.sku ILIKE ${like} OR p.sku ILIKE ${like})
        ORDER BY p.name, v.id LIMIT 20`,
  );
  return rows.map(({ price_pence, ...row }) => ({ ...row, price: formatPoundsPlain(price_pence) }));
}

interface DraftRow {
  id: number;
  status: DraftOrderJson['status'];
  email: string;
  /** The verified account of the draft's email, if there is one. */
  customer_id: number | null;
  shipping_address: Address;
  delivery_option: DeliveryOptionId;
  link_expires_at: string | Date | null;
  order_number: string | null;
}

const DRAFT_COLUMNS = sql`d.id, d.status, d.email, d.shipping_address, d.delivery_option,
  d.link_expires_at, o.number AS order_number,
  (SELECT c.id FROM customers c WHERE lower(c.email) = lower(d.email)
    AND c.email_verified_at IS NOT NULL) AS customer_id`;

/**
 * The basket owner a draft's lines live under (never a real session's), bought for the draft's
 * customer: checkout prices and places the basket for them.
 */
function draftSession(draft: Pick<DraftRow, 'id' | 'customer_id'>): Purchaser {
  const now = new Date();
  return {
    tokenHash: `draft:${draft.id}`,
    customerId: null,
    forCustomer: draft.customer_id,
    remember: false,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now,
  };
}

export class PhoneOrderService {
  constructor(
    private readonly db: Database,
    private readonly checkout: CheckoutService,
    private readonly buyers: Pick<BuyerService, 'forCustomer'>,
  ) {}

  /** Whose prices a draft for `email` is bought at: its verified account's, else retail. */
  private async buyerOf(email: string): Promise<Buyer> {
    const [customer] = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM customers WHERE lower(email) = lower(${email})
        AND email_verified_at IS NOT NULL`,
    );
    return customer ? this.buyers.forCustomer(customer.id) : RETAIL_BUYER;
  }

  /** A new draft with its own basket; every line must be a size on sale. */
  async create(input: DraftOrderInput, who: AuditActor): Promise<DraftOrderJson> {
    const read = await readLines(
      this.db,
      input.lines.map((l) => ({ variationId: l.variation_id, pieces: l.pieces })),
      // Only which sizes the customer may buy and the m² their pieces cover are kept: checkout's
      // quote prices the draft for them (a trade-only size only for a trade buyer).
      await this.buyerOf(input.email),
    );
    const missing = read.findIndex((line) => line === null);
    if (missing >= 0) {
      throw badRequest(ORDER_TASK_MESSAGES.unknownVariation, {
        [`lines.${missing}.variation_id`]: ORDER_TASK_MESSAGES.unknownVariation,
      });
    }
    const id = await this.db.transaction(async (tx) => {
      const [draft] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO draft_orders (email, shipping_address, delivery_option, created_by)
            VALUES (${input.email}, ${JSON.stringify(input.shipping)}::jsonb,
              ${input.delivery_option}, ${who.actor})
            RETURNING id`,
      );
      const [cart] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO carts (session_token_hash) VALUES (${`draft:${draft!.id}`}) RETURNING id`,
      );
      for (const line of read) {
        await tx.execute(sql`INSERT INTO cart_items
            (cart_id, product_id, variation_id, quantity, m2_quantity, is_sample)
          VALUES (${cart!.id}, ${line!.productId}, ${line!.variationId}, ${line!.pieces},
            ${line!.m2}, ${line!.isSample})`);
      }
      await audit(tx, who, {
        action: 'order.draft_create',
        entity: 'draft_order',
        entityId: draft!.id,
        after: {
          email: input.email,
          postcode: input.shipping.postcode,
          delivery_option: input.delivery_option,
          lines: input.lines,
        },
      });
      return draft!.id;
    });
    return this.json(id);
  }

  /** The draft priced now, by checkout's own quote of its basket. */
  async json(id: number): Promise<DraftOrderJson> {
    const row = await this.row(sql`d.id = ${id}`);
    if (!row) throw notFound('Draft order not found');
    return this.present(row);
  }

  private async row(where: ReturnType<typeof sql>): Promise<DraftRow | null> {
    const [row] = await queryRows<DraftRow>(
      this.db,
      sql`SELECT ${DRAFT_COLUMNS} FROM draft_orders d LEFT JOIN orders o ON o.id = d.order_id
          WHERE ${where}`,
    );
    return row ?? null;
  }

  private async present(row: DraftRow): Promise<DraftOrderJson> {
    const quote = await this.checkout.quote(draftSession(row), {
      country: row.shipping_address.country,
      postcode: row.shipping_address.postcode,
      delivery_option: row.delivery_option,
    });
    const chosen = quote.delivery.options.find((o) => o.id === quote.delivery.selected);
    return {
      id: row.id,
      status: row.status,
      email: row.email,
      shipping_address: row.shipping_address as unknown as Record<string, unknown>,
      delivery_option: row.delivery_option,
      delivery_label: chosen?.label ?? null,
      deliverable: quote.delivery.deliverable && quote.delivery.selected === row.delivery_option,
      lines: quote.lines,
      totals: quote.totals,
      link_expires_at:
        row.link_expires_at === null ? null : new Date(row.link_expires_at).toISOString(),
      order_number: row.order_number,
      payment_methods: quote.payment_methods,
      balance: null,
    };
  }

  /**
   * Sends the draft's payment link by mail (through the outbox): a new secret each time, so a
   * link sent again replaces the one before; it works for PAYMENT_LINK_DAYS days.
   */
  async send(
    id: number,
    who: AuditActor,
    linkTo: (token: string) => string,
  ): Promise<{ link: string; draft: DraftOrderJson }> {
    const draft = await this.json(id);
    if (draft.status === 'placed') throw conflict(ORDER_TASK_MESSAGES.linkUsed);
    if (draft.status === 'cancelled') throw conflict(ORDER_TASK_MESSAGES.linkCancelled);
    if (!draft.deliverable) throw conflict(ORDER_TASK_MESSAGES.optionNotOffered);
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + PAYMENT_LINK_DAYS * DAY_MS);
    const link = linkTo(token);
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE draft_orders SET token_hash = ${hashToken(token)},
          status = 'sent', link_expires_at = ${expiresAt.toISOString()}::timestamptz
        WHERE id = ${id}`);
      await writeMail(tx, {
        kind: 'payment_link',
        orderId: null,
        eventKey: `draft:${id}:${hashToken(token).slice(0, 16)}`,
        message: paymentLinkMail(draft.email, draft, { url: link, expiresAt }, await mailShop(tx)),
      });
      await audit(tx, who, {
        action: 'order.draft_send',
        entity: 'draft_order',
        entityId: id,
        after: { email: draft.email, total: draft.totals.total.gross },
      });
    });
    announceMail();
    return { link, draft: await this.json(id) };
  }

  /** The draft behind a payment link, while the link works (410 once expired or withdrawn). */
  async byToken(token: string): Promise<DraftOrderJson> {
    return this.present(await this.liveRow(token));
  }

  private async liveRow(token: string): Promise<DraftRow> {
    const row = await this.row(sql`d.token_hash = ${hashToken(token)}`);
    if (!row) throw notFound(ORDER_TASK_MESSAGES.draftNotFound);
    if (row.status === 'placed') {
      throw new HttpError(
        409,
        'already_placed',
        ORDER_TASK_MESSAGES.linkUsed,
        undefined,
        undefined,
        {
          order_number: row.order_number,
        },
      );
    }
    if (row.status === 'cancelled') {
      throw new HttpError(410, 'link_withdrawn', ORDER_TASK_MESSAGES.linkCancelled);
    }
    if (row.link_expires_at === null || new Date(row.link_expires_at).getTime() <= Date.now()) {
      throw new HttpError(410, 'link_expired', ORDER_TASK_MESSAGES.linkExpired);
    }
    return row;
  }

  /**
   * The customer pays through the link: the draft's basket is placed by checkout at the total
   * they were shown (a changed price is a 409 with the new figures, as at checkout). The order
   * is the customer's of the draft's email, if there is one (draftSession).
   */
  async pay(
    token: string,
    input: { payment_method: PaymentMethod; expected_total: string },
    links: OrderLinks,
  ): Promise<PlacedOrder> {
    const draft = await this.liveRow(token);
    const checkout = checkoutSchema.parse({
      email: draft.email,
      shipping: draft.shipping_address,
      billing_same_as_shipping: true,
      delivery_option: draft.delivery_option,
      payment_method: input.payment_method,
      accept_terms: true,
      expected_total: input.expected_total,
    });
    const placed = await this.checkout.place(
      draftSession(draft),
      `draft-order-${draft.id}`,
      checkout,
      links,
    );
    await this.db.execute(sql`UPDATE draft_orders SET status = 'placed',
        order_id = ${placed.order.id} WHERE id = ${draft.id}`);
    return placed;
  }
}
