// The shopper's discount code on the basket: entered, removed, and shown with the basket's
// figures. The code is checked again whenever the basket is priced, and counted only by placing.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { CartJson } from '#domain/cart.ts';
import {
  discountedSplit,
  discountRefusal,
  DISCOUNT_MESSAGES,
  normaliseCode,
  type DiscountRefusal,
} from '#domain/discounts.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { priceOrderLine } from '#domain/order-lines.ts';
import { sumSplits } from '#domain/vat.ts';
import { HttpError } from '../../http/errors.ts';
import { RETAIL_BUYER, type Buyer } from '#domain/price-for.ts';
import { readBasket, type BasketLine } from '../orders/pricing.ts';
import { vatPercentNow } from '../orders/vat-now.ts';
import type { SessionRecord } from '../sessions.ts';
import {
  checkDiscount,
  customerUses,
  discountSummaryJson,
  readBasketDiscount,
  rulesOf,
  type DiscountCodeRow,
} from './basket-discount.ts';

/** A code the basket cannot take: 422, the reason in the shopper's words on the code field. */
const refused = (refusal: Pick<DiscountRefusal, 'message'> & { reason: string }) =>
  new HttpError(422, 'discount_refused', refusal.message, { code: refusal.message }, undefined, {
    reason: refusal.reason,
  });

const discountLines = (lines: readonly BasketLine[], vatPercent: number) =>
  lines.map((line) => ({
    productId: line.productId,
    categoryIds: line.categoryIds,
    grossPence: priceOrderLine(
      {
        option: line.option,
        sellingUnit: line.sellingUnit,
        pricePence: line.pricePence,
        pieces: line.pieces,
        m2: line.m2,
        isSample: line.isSample,
      },
      vatPercent,
    ).total.grossPence,
  }));

export class CartDiscounts {
  constructor(
    private readonly db: Database,
    /** The VAT rate in force, which splits the discounted basket's VAT (decision 0011). */
    private readonly vatPercent: () => Promise<number> = () => vatPercentNow(db),
    /** Whose prices the basket is at: a code is taken off the prices the buyer pays. */
    private readonly buyerOf: (session: SessionRecord | null) => Promise<Buyer> = async () =>
      RETAIL_BUYER,
  ) {}

  private async basket(session: SessionRecord | null) {
    return readBasket(this.db, session, await this.buyerOf(session));
  }

  /**
   * POST /api/cart/discount: the code checked against the basket as it is now and kept on it;
   * refused (422) with the reason when it is unknown, not valid now, or not for these items.
   */
  async apply(session: SessionRecord | null, code: string): Promise<void> {
    const basket = await this.basket(session);
    if (!session || basket.cartId === null) {
      throw refused({ reason: 'empty_basket', message: 'Add something to your basket first' });
    }
    const [row] = await queryRows<DiscountCodeRow>(
      this.db,
      sql`SELECT * FROM discount_codes WHERE code = ${normaliseCode(code)}`,
    );
    if (!row) throw refused({ reason: 'unknown', message: DISCOUNT_MESSAGES.unknown });
    const rules = rulesOf(row);
    const uses =
      rules.maxUsesPerCustomer === null || session.customerId === null
        ? 0
        : await customerUses(this.db, rules.id, { customerId: session.customerId, email: null });
    const refusal = discountRefusal(
      rules,
      discountLines(basket.lines, await this.vatPercent()),
      new Date(),
      uses,
    );
    if (refusal) throw refused(refusal);
    await this.db.execute(
      sql`UPDATE carts SET discount_code_id = ${rules.id}, updated_at = now()
          WHERE id = ${basket.cartId}`,
    );
  }

  /** DELETE /api/cart/discount: the basket without its code (nothing to remove is no error). */
  async remove(session: SessionRecord | null): Promise<void> {
    const { cartId } = await this.basket(session);
    if (cartId === null) return;
    await this.db.execute(
      sql`UPDATE carts SET discount_code_id = NULL, updated_at = now() WHERE id = ${cartId}`,
    );
  }

  /**
   * The basket's answer with its code: what it takes off, or why it does not apply now (the
   * basket may have changed since it was entered); total and VAT then those of the discounted
   * lines, split one by one as checkout splits them.
   */
  async withDiscount(session: SessionRecord | null, cart: CartJson): Promise<CartJson> {
    if (!session || cart.line_items.length === 0) return cart;
    const [own] = await queryRows<{ discount_code_id: number | null }>(
      this.db,
      sql`SELECT discount_code_id FROM carts WHERE ${
        session.customerId !== null
          ? sql`customer_id = ${session.customerId}`
          : sql`session_token_hash = ${session.tokenHash}`
      }`,
    );
    if (!own?.discount_code_id) return cart;
    const [basket, code, vatPercent] = await Promise.all([
      this.basket(session),
      readBasketDiscount(this.db, own.discount_code_id, {
        customerId: session.customerId,
        email: null,
      }),
      this.vatPercent(),
    ]);
    if (!code) return cart;
    const lines = discountLines(basket.lines, vatPercent);
    const discount = checkDiscount(code, lines);
    const charged = sumSplits(
      lines.map((line, i) =>
        discountedSplit(line.grossPence, discount.applied?.linePence[i] ?? 0, vatPercent),
      ),
    );
    return {
      ...cart,
      vat: formatPoundsPlain(charged.vatPence),
      total: formatPoundsPlain(charged.grossPence),
      discount: discountSummaryJson(discount)!,
    };
  }
}
