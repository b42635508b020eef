import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { OrderStatus, PaymentStatus } from '#domain/order-states.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import type { staffCustomerRowSchema, staffCustomerSchema } from '#domain/api-schemas-staff.ts';
import type { z } from '#domain/zod.ts';

/** One row of the staff's customer list. */
export type StaffCustomerRow = z.infer<typeof staffCustomerRowSchema>;
export type StaffCustomerAddress = StaffCustomerJson['addresses'][number];
/** One customer as staff see them: read-only, never their password hash or sessions. */
export type StaffCustomerJson = z.infer<typeof staffCustomerSchema>;

/** Customers for staff: a list searched by email or name, and one customer with their orders. */
export class StaffCustomers {
  constructor(private readonly db: Database) {}

  async search(
    q: string | undefined,
    page: number,
    perPage: number,
  ): Promise<{ data: StaffCustomerRow[]; total: number }> {
    const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await queryRows<StaffCustomerRow & { created_at: string | Date; total: number }>(
      this.db,
      sql`SELECT c.id, c.email, c.first_name, c.last_name, c.created_at, c.is_paying_customer,
            (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS orders,
            EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE lower(n.email) = lower(c.email)
              AND n.confirmed_at IS NOT NULL) AS newsletter,
            count(*) OVER ()::int AS total
          FROM customers c
          WHERE ${like === null ? sql`true` : sql`(c.email ILIKE ${like} OR (c.first_name || ' ' || c.last_name) ILIKE ${like})`}
          ORDER BY c.created_at DESC, c.id DESC
          LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      data: rows.map(({ total: _total, ...row }) => ({
        ...row,
        created_at: new Date(row.created_at).toISOString(),
      })),
    };
  }

  async one(id: number): Promise<StaffCustomerJson | null> {
    const [row] = await queryRows<StaffCustomerRow & { created_at: string | Date; role: string }>(
      this.db,
      sql`SELECT c.id, c.email, c.first_name, c.last_name, c.created_at, c.is_paying_customer, c.role,
            (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS orders,
            EXISTS (SELECT 1 FROM newsletter_subscribers n WHERE lower(n.email) = lower(c.email)
              AND n.confirmed_at IS NOT NULL) AS newsletter
          FROM customers c WHERE c.id = ${id}`,
    );
    if (!row) return null;
    const [addresses, orders] = await Promise.all([
      queryRows<StaffCustomerAddress>(
        this.db,
        sql`SELECT kind, first_name, last_name, company, phone, email, country, postcode,
              address_1, address_2, city, county
            FROM addresses WHERE customer_id = ${id} ORDER BY kind`,
      ),
      queryRows<{
        number: string;
        placed_at: string | Date;
        status: OrderStatus;
        payment_status: PaymentStatus;
        total_pence: number;
      }>(
        this.db,
        sql`SELECT number, placed_at, status, payment_status, total_pence FROM orders
            WHERE customer_id = ${id} ORDER BY placed_at DESC, id DESC LIMIT 100`,
      ),
    ]);
    return {
      ...row,
      created_at: new Date(row.created_at).toISOString(),
      addresses,
      order_list: orders.map((o) => ({
        number: o.number,
        placed_at: new Date(o.placed_at).toISOString(),
        status: o.status,
        payment_status: o.payment_status,
        total: formatPoundsPlain(o.total_pence),
      })),
    };
  }
}
