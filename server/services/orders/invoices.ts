import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { OrderJson } from '#domain/checkout.ts';

/**
 * One of an order's invoices by number, current or superseded; a superseded one carries the
 * order as it printed it (its snapshot), so its PDF still says what it said.
 */
export async function invoiceByNumber(
  db: Database,
  orderId: number,
  number: number,
): Promise<{ number: number; issuedAt: Date; taxPoint: Date; snapshot: OrderJson | null } | null> {
  const [row] = await queryRows<{
    number: number;
    issued_at: string | Date;
    tax_point: string | Date;
    snapshot: OrderJson | null;
  }>(
    db,
    sql`SELECT number, issued_at, tax_point, snapshot FROM invoices
        WHERE order_id = ${orderId} AND number = ${number}`,
  );
  return row
    ? {
        number: row.number,
        issuedAt: new Date(row.issued_at),
        taxPoint: new Date(row.tax_point),
        snapshot: row.snapshot,
      }
    : null;
}
