import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { cartItems, carts } from '#db/schema/index.ts';
import type { SessionRecord } from '../sessions.ts';

/**
 * Whose cart a session uses: a signed-in customer's own cart, otherwise the anonymous cart of
 * the session's token hash.
 */
export const cartOwner = (session: SessionRecord) =>
  session.customerId !== null
    ? eq(carts.customerId, session.customerId)
    : eq(carts.sessionTokenHash, session.tokenHash);

/**
 * The session's cart, created on first write, as a statement to run inside a larger one;
 * concurrent first writes end with one cart. Nothing is created or touched unless `onlyIf`.
 */
export function cartUpsert(session: SessionRecord, onlyIf: SQL): SQL {
  const [column, owner] =
    session.customerId !== null
      ? [sql`customer_id`, sql`${session.customerId}::int`]
      : [sql`session_token_hash`, sql`${session.tokenHash}::text`];
  return sql`INSERT INTO ${carts} (${column}) SELECT ${owner} WHERE ${onlyIf}
    ON CONFLICT (${column}) DO UPDATE SET updated_at = now() RETURNING id`;
}

/**
 * At login the anonymous cart joins the customer's: lines of the same variation add up, the
 * rest move across, and the anonymous cart is removed. One transaction, so nothing is lost.
 * The guest's discount code goes across when the customer's basket has none and the code can
 * still be used (enabled, within its dates, not used up); the rest of its rules (minimum spend,
 * the customer's own uses) are checked whenever the merged basket is priced, as for any code.
 */
export async function mergeSessionCartIntoCustomer(
  db: Database,
  sessionTokenHash: string,
  customerId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [anonymous] = await tx
      .select({ id: carts.id, discountCodeId: carts.discountCodeId })
      .from(carts)
      .where(eq(carts.sessionTokenHash, sessionTokenHash))
      .for('update');
    if (!anonymous) return;
    const [own] = await tx
      .insert(carts)
      .values({ customerId })
      .onConflictDoUpdate({ target: carts.customerId, set: { updatedAt: sql`now()` } })
      .returning({ id: carts.id });
    await tx.execute(sql`
      INSERT INTO cart_items (cart_id, product_id, variation_id, quantity, m2_quantity, is_sample)
      SELECT ${own!.id}, product_id, variation_id, quantity, m2_quantity, is_sample
      FROM cart_items WHERE cart_id = ${anonymous.id}
      ON CONFLICT (cart_id, variation_id, is_sample) DO UPDATE SET
        quantity = cart_items.quantity + excluded.quantity,
        m2_quantity = CASE
          WHEN cart_items.m2_quantity IS NULL AND excluded.m2_quantity IS NULL THEN NULL
          ELSE coalesce(cart_items.m2_quantity, 0) + coalesce(excluded.m2_quantity, 0)
        END`);
    if (anonymous.discountCodeId !== null) {
      await tx.execute(sql`UPDATE carts SET discount_code_id = d.id
        FROM discount_codes d
        WHERE carts.id = ${own!.id} AND carts.discount_code_id IS NULL
          AND d.id = ${anonymous.discountCodeId} AND d.active
          AND (d.starts_at IS NULL OR d.starts_at <= now())
          AND (d.ends_at IS NULL OR d.ends_at > now())
          AND (d.max_uses IS NULL OR d.uses < d.max_uses)`);
    }
    await tx.delete(cartItems).where(and(eq(cartItems.cartId, anonymous.id)));
    await tx.delete(carts).where(eq(carts.id, anonymous.id));
  });
}
