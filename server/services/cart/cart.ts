import { and, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { preparedRows, queryRows, type Database } from '#db/client.ts';
import { cartItems, carts, products, variations } from '#db/schema/index.ts';
import { m2ToPieces } from '#domain/area.ts';
import { lineM2, stockLeftMessage, variationPricing, type CartJson } from '#domain/cart.ts';
import { CART_QUANTITY_MAX } from '#domain/cart.ts';
import { DEFAULT_ORDER_LIMITS, linesOverLimits, type OrderLimits } from '#domain/limits.ts';
import { freeSampleRefusal, type SampleRuleLine } from '#domain/samples.ts';
import type { AddToCart, UpdateCart } from '#domain/validation.ts';
import type { SellingUnit } from '#domain/selling-unit.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import { sessionInsert, type SessionForWrite, type SessionRecord } from '../sessions.ts';
import { RETAIL_BUYER, seesTradeOnly, type Buyer } from '#domain/price-for.ts';
import { readSampleRules } from '../samples/sample-rules.ts';
import { cartOwner, cartUpsert } from './ownership.ts';
import { linesWithProducts, presentLines, sellingUnit, type LineRow } from './basket-lines.ts';
import { vatPercentNow } from '../orders/vat-now.ts';

const unprocessable = (message: string, field: string) =>
  new HttpError(422, 'unprocessable', message, { [field]: message });

const notOfProduct = () =>
  unprocessable('This size does not belong to the product', 'variation_id');

const tooMany = () => conflict(`A basket line holds at most ${CART_QUANTITY_MAX} pieces`);

/** More pieces than are left: refused at once, with the pieces left (409 out_of_stock). */
const shortOfStock = (available: number, inBasket = 0) => {
  const message = stockLeftMessage(available, inBasket);
  return new HttpError(409, 'out_of_stock', message, { quantity: message });
};

/**
 * The basket of spec section 7: reads answer the whole basket, writes change it and answer it.
 * Lines hold whole pieces; a per-m² line stores the m² those pieces cover, so the shopper pays
 * for what is delivered.
 */
export class CartService {
  constructor(
    private readonly db: Database,
    private readonly limits: OrderLimits = DEFAULT_ORDER_LIMITS,
    /** The VAT rate in force, which splits the basket's VAT (decision 0011). */
    private readonly vatPercent: () => Promise<number> = () => vatPercentNow(db),
    /** Whose prices the basket shows: retail, or the signed-in customer's group's. */
    private readonly buyerOf: (session: SessionRecord | null) => Promise<Buyer> = async () =>
      RETAIL_BUYER,
  ) {}

  private async present(rows: LineRow[], session: SessionRecord | null): Promise<CartJson> {
    const [vatPercent, buyer] = await Promise.all([this.vatPercent(), this.buyerOf(session)]);
    return presentLines(rows, vatPercent, buyer, new Date());
  }

  /**
   * A basket write and the basket after it, in one transaction that is undone when the basket
   * would hold more than one order may: the shopper hears it at once, not at checkout.
   */
  private bounded(write: (tx: Database) => Promise<LineRow[]>): Promise<LineRow[]> {
    return this.db.transaction(async (tx) => {
      const rows = await write(tx);
      const over = linesOverLimits(
        rows.map((row) => ({
          pricePence: row.price_pence,
          pieces: row.quantity,
          m2: row.m2_quantity === null ? null : Number(row.m2_quantity),
          isSample: row.is_sample,
        })),
        this.limits,
      );
      if (over) throw new HttpError(422, 'basket_too_large', over);
      return rows;
    });
  }

  /** The caller's basket in one query (no cart yet reads as no lines). */
  async get(session: SessionRecord | null): Promise<CartJson> {
    if (!session) return this.present([], null);
    const cartId = sql`(SELECT id FROM ${carts} WHERE ${cartOwner(session)})`;
    return this.present(
      await preparedRows<LineRow>(this.db, linesWithProducts(sql`${cartItems}`, cartId)),
      session,
    );
  }

  /**
   * Adds a line, or adds to the line of the same variation (check_duplicates): one atomic
   * upsert, so parallel adds to one basket all count. A trade-only size is refused to a retail
   * `buyer` as a size of no product would be.
   */
  async add(
    sessionFor: () => Promise<SessionForWrite>,
    input: AddToCart,
    quantityGiven: boolean,
    buyer: Buyer,
  ): Promise<CartJson> {
    if (input.variation_id === undefined) {
      throw unprocessable('Choose a size: variation_id is required', 'variation_id');
    }
    const trade = seesTradeOnly(buyer);
    let variation = this.variationFacts.get(input.variation_id) ?? (await this.check(input, trade));
    let session: SessionForWrite | undefined;
    if (input.is_sample) {
      session = await sessionFor();
      await this.keepSampleRules(session.record, (lines) => [
        ...lines,
        { productId: input.product_id, isFreeSample: true, quantity: input.quantity },
      ]);
    }
    for (;;) {
      const line = planLine(input, variation, quantityGiven);
      session ??= await sessionFor();
      const rows = await this.write(session, input, line, trade);
      if (rows.length > 0) {
        session.saved();
        return this.present(rows, session.record);
      }
      // Nothing written: the variation is no longer on sale as kept (the re-read says why),
      // its option changed (plan again), or the line is full.
      const fresh = await this.check(input, trade);
      if (fresh.option === variation.option) throw await this.whyFull(session, input, line);
      variation = fresh;
    }
  }

  /**
   * One statement, one round trip, one commit: it checks the variation is still on sale and in
   * stock, stores a new visitor's session, creates the cart on first write, adds the line (one
   * cart and one line however many adds race) and reads the basket back. Its final SELECT sees
   * the tables as they were before the statement, so the written line comes from the insert's
   * RETURNING and the other lines from the table. No rows: nothing was written.
   */
  private write(
    session: SessionForWrite,
    input: AddToCart,
    line: PlannedLine,
    trade: boolean,
  ): Promise<LineRow[]> {
    return this.bounded((tx) => this.writeIn(tx, session, input, line, trade));
  }

  private writeIn(
    tx: Database,
    session: SessionForWrite,
    input: AddToCart,
    line: PlannedLine,
    trade: boolean,
  ): Promise<LineRow[]> {
    const stocked = sql`SELECT v.stock_quantity FROM ${variations} v
      JOIN ${products} p ON p.id = v.product_id
      WHERE v.id = ${input.variation_id} AND v.product_id = ${input.product_id}
        AND v.option = ${line.option} AND v.in_stock AND p.status = 'publish'
        AND (${trade} OR NOT p.trade_only)
        AND (v.stock_quantity IS NULL OR v.stock_quantity >= ${line.pieces})`;
    const onSale = sql`EXISTS (SELECT 1 FROM stocked)`;
    const newSession = session.isNew
      ? sql`new_session AS (${sessionInsert(session.record, onSale)}),`
      : sql``;
    return preparedRows<LineRow>(
      tx,
      sql`WITH stocked AS (${stocked}), ${newSession}
          cart AS (${cartUpsert(session.record, onSale)}),
          line AS (
            INSERT INTO ${cartItems} AS item
              (cart_id, product_id, variation_id, quantity, m2_quantity, is_sample)
            SELECT cart.id, ${input.product_id}, ${input.variation_id}, ${line.pieces},
                   ${line.m2 === null ? null : String(line.m2)}::numeric, ${input.is_sample}
            FROM cart
            ON CONFLICT (cart_id, variation_id, is_sample) DO UPDATE SET
              quantity = item.quantity + excluded.quantity,
              -- Recomputed from the summed pieces: adding rounded m² figures would drift.
              m2_quantity = ${
                line.areaM2 === null
                  ? sql`NULL`
                  : sql`round((item.quantity + excluded.quantity) * ${String(line.areaM2)}::numeric, 3)`
              }
            WHERE item.quantity + excluded.quantity <= ${CART_QUANTITY_MAX}
              AND item.quantity + excluded.quantity
                <= coalesce((SELECT stock_quantity FROM stocked), ${CART_QUANTITY_MAX})
            RETURNING item.*
          ),
          lines AS (
            SELECT * FROM line
            UNION ALL
            SELECT other.* FROM ${cartItems} other JOIN line
              ON other.cart_id = line.cart_id AND other.id <> line.id
          )
          ${linesWithProducts(sql`lines`)}`,
    );
  }

  /**
   * Why an add of a variation still on sale wrote nothing: fewer pieces left than the line
   * would hold, or the line is full.
   */
  private async whyFull(
    session: SessionForWrite,
    input: AddToCart,
    line: PlannedLine,
  ): Promise<HttpError> {
    const [row] = await queryRows<{ stock_quantity: number | null; in_basket: number | null }>(
      this.db,
      sql`SELECT v.stock_quantity,
            (SELECT item.quantity FROM ${cartItems} item JOIN ${carts} ON carts.id = item.cart_id
             WHERE ${cartOwner(session.record)} AND item.variation_id = v.id
               AND item.is_sample = ${input.is_sample}) AS in_basket
          FROM ${variations} v WHERE v.id = ${input.variation_id}`,
    );
    const available = row?.stock_quantity ?? null;
    const inBasket = row?.in_basket ?? 0;
    if (available !== null && inBasket + line.pieces > available) {
      return shortOfStock(available, inBasket);
    }
    return tooMany();
  }

  /**
   * Refuses a change that would break the free-sample rules (the sample_rules row): `change`
   * turns the basket's lines into what they would be. Checkout checks again when the order is
   * placed, so adds that race past this are still caught before an order is written.
   */
  private async keepSampleRules(
    session: SessionRecord,
    change: (lines: (SampleRuleLine & { id: number })[]) => SampleRuleLine[],
  ): Promise<void> {
    const [rules, rows] = await Promise.all([
      readSampleRules(this.db),
      queryRows<{ id: number; product_id: number; quantity: number }>(
        this.db,
        sql`SELECT item.id, item.product_id, item.quantity FROM ${cartItems} item
            JOIN ${carts} ON carts.id = item.cart_id
            WHERE ${cartOwner(session)} AND item.is_sample`,
      ),
    ]);
    const lines = rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      isFreeSample: true,
      quantity: row.quantity,
    }));
    const refusal = freeSampleRefusal(change(lines), rules);
    if (refusal) throw new HttpError(409, 'sample_limit', refusal, { quantity: refusal });
  }

  /** A variation's product and option never change: kept after the first add of it. */
  private readonly variationFacts = new LRUCache<number, VariationFacts>({ max: 20_000 });

  /**
   * Reads the variation and answers why it cannot be added, if it cannot; otherwise keeps its
   * facts and returns them.
   */
  private async check(input: AddToCart, trade: boolean): Promise<VariationFacts> {
    const [row] = await this.db
      .select({
        productId: variations.productId,
        option: variations.option,
        inStock: variations.inStock,
        status: products.status,
        tradeOnly: products.tradeOnly,
        unit: products.unit,
      })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(eq(variations.id, input.variation_id!));
    const closed = row?.tradeOnly && !trade;
    if (!row || row.status !== 'publish' || closed || row.productId !== input.product_id) {
      throw notOfProduct();
    }
    if (!row.inStock) throw conflict('This size is out of stock');
    const facts = { productId: row.productId, option: row.option, unit: sellingUnit(row.unit) };
    this.variationFacts.set(input.variation_id!, facts);
    return facts;
  }

  /**
   * Sets a line's pieces; its m² follow. A line out of stock, or of a product no longer on sale
   * to this buyer (withdrawn, or made trade only), may shrink but not grow.
   */
  async update(
    session: SessionRecord | null,
    itemId: number,
    input: UpdateCart,
  ): Promise<CartJson> {
    const line = await this.ownLine(session, itemId);
    const grows = input.quantity > line.quantity;
    if (grows && !(await this.stillOnSale(line, session))) {
      throw conflict(
        'This product is no longer available: you can lower the quantity or remove it from your basket',
      );
    }
    const available = line.stockQuantity;
    // A line may always shrink, even while still short, so the shopper can put it right.
    if (available !== null && input.quantity > available && input.quantity > line.quantity) {
      throw shortOfStock(available);
    }
    if (line.isSample && input.quantity > line.quantity) {
      await this.keepSampleRules(session!, (lines) =>
        lines.map((other) =>
          other.id === itemId ? { ...other, quantity: input.quantity } : other,
        ),
      );
    }
    const m2 = line.isSample ? null : lineM2(input.quantity, line.option, sellingUnit(line.unit));
    // The change and the basket after it in one statement (its SELECT sees the table as it was
    // before, so the changed line comes from RETURNING).
    const rows = await this.bounded((tx) =>
      preparedRows<LineRow>(
        tx,
        sql`WITH line AS (
            UPDATE ${cartItems} SET quantity = ${input.quantity},
              m2_quantity = ${m2 === null ? null : String(m2)}::numeric
            WHERE id = ${itemId} AND cart_id = ${line.cartId}
            RETURNING *
          ),
          lines AS (
            SELECT * FROM line
            UNION ALL
            SELECT * FROM ${cartItems} WHERE cart_id = ${line.cartId} AND id <> ${itemId}
          )
          ${linesWithProducts(sql`lines`)}`,
      ),
    );
    // Removed by another request in between: as unknown as if it had never been there.
    if (!rows.some((row) => row.id === itemId)) throw notFound('Basket item not found');
    return this.present(rows, session);
  }

  async remove(session: SessionRecord | null, itemId: number): Promise<CartJson> {
    const { cartId } = await this.ownLine(session, itemId);
    const rows = await preparedRows<LineRow>(
      this.db,
      sql`WITH gone AS (DELETE FROM ${cartItems} WHERE id = ${itemId} AND cart_id = ${cartId}),
          lines AS (SELECT * FROM ${cartItems} WHERE cart_id = ${cartId} AND id <> ${itemId})
          ${linesWithProducts(sql`lines`)}`,
    );
    return this.present(rows, session);
  }

  private async stillOnSale(
    line: { status: string; tradeOnly: boolean },
    session: SessionRecord | null,
  ): Promise<boolean> {
    if (line.status !== 'publish') return false;
    return !line.tradeOnly || seesTradeOnly(await this.buyerOf(session));
  }

  /** A line of the caller's own basket, in one query; any other id is unknown to them (404). */
  private async ownLine(session: SessionRecord | null, itemId: number) {
    const [line] = session
      ? await this.db
          .select({
            cartId: cartItems.cartId,
            quantity: cartItems.quantity,
            isSample: cartItems.isSample,
            option: variations.option,
            unit: products.unit,
            stockQuantity: variations.stockQuantity,
            status: products.status,
            tradeOnly: products.tradeOnly,
          })
          .from(cartItems)
          .innerJoin(carts, eq(carts.id, cartItems.cartId))
          .innerJoin(variations, eq(variations.id, cartItems.variationId))
          .innerJoin(products, eq(products.id, cartItems.productId))
          .where(and(eq(cartItems.id, itemId), cartOwner(session)))
      : [];
    if (!line) throw notFound('Basket item not found');
    return line;
  }
}

interface VariationFacts {
  productId: number;
  option: string;
  unit: SellingUnit;
}

interface PlannedLine {
  option: string;
  pieces: number;
  m2: number | null;
  /** A per-m² line's tile area, from which its m² are recomputed when it grows. */
  areaM2: number | null;
}

/** What adding `input` of the variation writes, or why it cannot be added. */
function planLine(
  input: AddToCart,
  variation: VariationFacts,
  quantityGiven: boolean,
): PlannedLine {
  if (variation.productId !== input.product_id) throw notOfProduct();
  const pricing = variationPricing(variation.option, variation.unit);
  if (input.is_sample !== (pricing.kind === 'free-sample')) {
    throw unprocessable(
      input.is_sample
        ? 'Only a free sample can be added with is_sample true'
        : 'A free sample is added with is_sample true',
      'is_sample',
    );
  }
  // An m² figure without a piece count asks for the whole pieces that cover it.
  const pieces =
    !quantityGiven && input.m2_quantity !== undefined && pricing.perM2 && pricing.areaM2
      ? m2ToPieces(input.m2_quantity, pricing.areaM2)
      : input.quantity;
  if (pieces > CART_QUANTITY_MAX) throw tooMany();
  return {
    option: variation.option,
    pieces,
    m2: lineM2(pieces, variation.option, variation.unit),
    areaM2: pricing.perM2 ? pricing.areaM2 : null,
  };
}
