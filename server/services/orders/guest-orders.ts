import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { VERIFY_MESSAGES, type ClaimableOrderJson } from '#domain/api-schemas-tracking.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { textArray } from '../catalogue/import-sql.ts';
import { recordEvent } from './order-rows.ts';

/**
 * Orders placed as a guest joining the account of the same email. Only an address the customer
 * proved is theirs counts: anyone may register an account with a stranger's email, and must not
 * see that stranger's orders through it.
 */
export class GuestOrders {
  constructor(private readonly db: Database) {}

  /** The verified email of the customer; 403 while it is unverified. */
  private async verifiedEmail(db: Database, customerId: number): Promise<string> {
    const [customer] = await queryRows<{ email: string; email_verified_at: string | Date | null }>(
      db,
      sql`SELECT email, email_verified_at FROM customers WHERE id = ${customerId}`,
    );
    if (!customer) throw unauthorized();
    if (customer.email_verified_at === null) throw forbidden(VERIFY_MESSAGES.verifyFirst);
    return customer.email;
  }

  /** Guest orders placed with the customer's verified email, newest first. */
  async claimable(customerId: number): Promise<ClaimableOrderJson[]> {
    const email = await this.verifiedEmail(this.db, customerId);
    const rows = await queryRows<{ number: string; placed_at: string | Date; total_pence: number }>(
      this.db,
      sql`SELECT number, placed_at, total_pence FROM orders
          WHERE customer_id IS NULL AND lower(email) = lower(${email})
          ORDER BY placed_at DESC, id DESC LIMIT 100`,
    );
    return rows.map((row) => ({
      number: row.number,
      placed_at: new Date(row.placed_at).toISOString(),
      total: formatPoundsPlain(row.total_pence),
    }));
  }

  /**
   * Adds the guest orders of the customer's verified email (all, or those numbered) to the
   * account, each with a line in its history; returns the numbers added. An order of another
   * email, or already in an account, is left as it is.
   */
  async claim(customerId: number, numbers: readonly string[] | undefined): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const email = await this.verifiedEmail(tx, customerId);
      const only = numbers ? sql`AND number = ANY(${textArray([...numbers])})` : sql``;
      const claimed = await queryRows<{ id: number; number: string; paid: boolean }>(
        tx,
        sql`UPDATE orders SET customer_id = ${customerId}, updated_at = now()
            WHERE customer_id IS NULL AND lower(email) = lower(${email}) ${only}
            RETURNING id, number, payment_status IN ('succeeded', 'partially_refunded', 'refunded') AS paid`,
      );
      for (const order of claimed) {
        await recordEvent(tx, order.id, {
          kind: 'note',
          from: null,
          to: 'claimed',
          actor: `customer:${customerId}`,
          note: `Added to the account of ${email}, verified`,
        });
      }
      if (claimed.some((order) => order.paid)) {
        await tx.execute(
          sql`UPDATE customers SET is_paying_customer = true WHERE id = ${customerId}`,
        );
      }
      return claimed.map((order) => order.number).sort();
    });
  }
}
