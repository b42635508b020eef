import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { cartItems, productImages, products, variations } from '#db/schema/index.ts';
import { m2ToPieces } from '#domain/area.ts';
import {
  displayQuantity,
  lineM2,
  lineMetaData,
  variationPricing,
  type CartJson,
} from '#domain/cart.ts';
import { basketTotals, lineTotalPence } from '#domain/pricing.ts';
import { CART_QUANTITY_MAX, type AddToCart, type UpdateCart } from '#domain/validation.ts';
import { conflict, HttpError, notFound } from '../../http/errors.ts';
import type { SessionRecord } from '../sessions.ts';
import { priceString } from '../catalogue/present.ts';
import { cartUpsert, findCartId } from './ownership.ts';

const unprocessable = (message: string, field: string) =>
  new HttpError(422, 'unprocessable', message, { [field]: message });

const EMPTY: CartJson = {
  line_items: [],
  item_count: 0,
  subtotal: '0.00',
  vat: '0.00',
  total: '0.00',
};

const tooMany = () => conflict(`A basket line holds at most ${CART_QUANTITY_MAX} pieces`);

/**
 * The basket of spec section 7: reads answer the whole basket, writes change it and answer it.
 * Lines hold whole pieces; a per-m² line stores the m² those pieces cover, so the shopper pays
 * for what is delivered.
 */
export class CartService {
  constructor(private readonly db: Database) {}

  async get(session: SessionRecord | null): Promise<CartJson> {
    const cartId = session ? await findCartId(this.db, session) : null;
    return cartId === null ? EMPTY : this.present(cartId);
  }

  /**
   * Adds a line, or adds to the line of the same variation (check_duplicates): one atomic
   * upsert, so parallel adds to one basket all count.
   */
  async add(
    sessionFor: () => Promise<SessionRecord>,
    input: AddToCart,
    quantityGiven: boolean,
  ): Promise<CartJson> {
    if (input.variation_id === undefined) {
      throw unprocessable('Choose a size: variation_id is required', 'variation_id');
    }
    const [row] = await this.db
      .select({
        productId: variations.productId,
        option: variations.option,
        inStock: variations.inStock,
        status: products.status,
      })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(eq(variations.id, input.variation_id));
    if (!row || row.status !== 'publish' || row.productId !== input.product_id) {
      throw unprocessable('This size does not belong to the product', 'variation_id');
    }
    const pricing = variationPricing(row.option);
    if (input.is_sample !== (pricing.kind === 'free-sample')) {
      throw unprocessable(
        input.is_sample
          ? 'Only a free sample can be added with is_sample true'
          : 'A free sample is added with is_sample true',
        'is_sample',
      );
    }
    if (!row.inStock) throw conflict('This size is out of stock');

    // An m² figure without a piece count asks for the whole pieces that cover it.
    const pieces =
      !quantityGiven && input.m2_quantity !== undefined && pricing.perM2 && pricing.areaM2
        ? m2ToPieces(input.m2_quantity, pricing.areaM2)
        : input.quantity;
    if (pieces > CART_QUANTITY_MAX) throw tooMany();
    const area = pricing.perM2 ? String(pricing.areaM2) : null;
    const m2 = lineM2(pieces, row.option);

    const session = await sessionFor();
    // The cart (created on first write) and the line in one statement: one round trip and
    // one commit, and still one cart and one line however many adds race.
    const [merged] = await queryRows<{ id: number; cart_id: number }>(
      this.db,
      sql`WITH cart AS (${cartUpsert(session)})
          INSERT INTO ${cartItems} AS item
            (cart_id, product_id, variation_id, quantity, m2_quantity, is_sample)
          SELECT cart.id, ${input.product_id}, ${input.variation_id}, ${pieces},
                 ${m2 === null ? null : String(m2)}::numeric, ${input.is_sample}
          FROM cart
          ON CONFLICT (cart_id, variation_id, is_sample) DO UPDATE SET
            quantity = item.quantity + excluded.quantity,
            -- Recomputed from the summed pieces: adding rounded m² figures would drift.
            m2_quantity = ${
              area === null
                ? sql`NULL`
                : sql`round((item.quantity + excluded.quantity) * ${area}::numeric, 3)`
            }
          WHERE item.quantity + excluded.quantity <= ${CART_QUANTITY_MAX}
          RETURNING item.id, item.cart_id`,
    );
    if (!merged) throw tooMany();
    return this.present(Number(merged.cart_id));
  }

  /** Sets a line's pieces; its m² follow. A line out of stock may shrink but not grow. */
  async update(
    session: SessionRecord | null,
    itemId: number,
    input: UpdateCart,
  ): Promise<CartJson> {
    const { cartId, line } = await this.ownLine(session, itemId);
    if (!line.inStock && input.quantity > line.quantity) {
      throw conflict('This size is out of stock');
    }
    const m2 = line.isSample ? null : lineM2(input.quantity, line.option);
    await this.db
      .update(cartItems)
      .set({ quantity: input.quantity, m2Quantity: m2 === null ? null : String(m2) })
      .where(eq(cartItems.id, itemId));
    return this.present(cartId);
  }

  async remove(session: SessionRecord | null, itemId: number): Promise<CartJson> {
    const { cartId } = await this.ownLine(session, itemId);
    await this.db.delete(cartItems).where(eq(cartItems.id, itemId));
    return this.present(cartId);
  }

  /** A line of the caller's own basket; any other id is unknown to them (404). */
  private async ownLine(session: SessionRecord | null, itemId: number) {
    const cartId = session ? await findCartId(this.db, session) : null;
    const [line] =
      cartId === null
        ? []
        : await this.db
            .select({
              quantity: cartItems.quantity,
              isSample: cartItems.isSample,
              option: variations.option,
              inStock: variations.inStock,
            })
            .from(cartItems)
            .innerJoin(variations, eq(variations.id, cartItems.variationId))
            .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)));
    if (cartId === null || !line) throw notFound('Basket item not found');
    return { cartId, line };
  }

  private async present(cartId: number): Promise<CartJson> {
    const firstImage = this.db
      .select({ src: productImages.src })
      .from(productImages)
      .where(eq(productImages.productId, products.id))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .limit(1);
    const rows = await this.db
      .select({
        id: cartItems.id,
        productId: cartItems.productId,
        variationId: cartItems.variationId,
        quantity: cartItems.quantity,
        m2Quantity: cartItems.m2Quantity,
        isSample: cartItems.isSample,
        name: products.name,
        option: variations.option,
        pricePence: variations.pricePence,
        image: sql<string | null>`(${firstImage})`,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .innerJoin(variations, eq(variations.id, cartItems.variationId))
      .where(eq(cartItems.cartId, cartId))
      .orderBy(asc(cartItems.id));
    const lines = rows.map((row) => ({
      ...row,
      m2: row.m2Quantity === null ? null : Number(row.m2Quantity),
    }));
    const priced = lines.map((line) => ({
      pricePence: line.pricePence,
      quantity: line.quantity,
      m2Quantity: line.m2,
      isSample: line.isSample,
    }));
    const totals = basketTotals(priced);
    return {
      line_items: lines.map((line, index) => ({
        id: line.id,
        product_id: line.productId,
        variation_id: line.variationId,
        quantity: line.quantity,
        m2_quantity: line.m2,
        is_sample: line.isSample,
        price: priceString(line.pricePence),
        line_total: priceString(lineTotalPence(priced[index]!)),
        name: line.name,
        image: { src: line.image ?? '' },
        display_quantity: displayQuantity(line.quantity, line.m2),
        meta_data: lineMetaData(line.option),
      })),
      item_count: totals.count,
      subtotal: priceString(totals.subtotalPence),
      vat: priceString(totals.vatPence),
      total: priceString(totals.totalPence),
    };
  }
}
