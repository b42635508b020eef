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

type Row = Omit<StaffCustomerRow, 'created_at' | 'orders_total'> & {
  created_at: string | Date;
  orders_total_pence: number;
};

/** Orders that count towards what a customer spent: not cancelled, not left unpaid to expire. */
const COUNTED = sql`o.status NOT IN ('cancelled', 'expired')`;
/** A paid order: money was taken, whatever was refunded since. */
const PAID = sql`o.payment_status IN ('succeeded', 'refunded', 'partially_refunded')`;

const newsletterOf = (email: SQL) => sql`EXISTS (SELECT 1 FROM newsletter_subscribers n
  WHERE lower(n.email) = lower(${email}) AND n.confirmed_at IS NOT NULL)`;
type SQL = ReturnType<typeof sql>;

/** Accounts, each with their orders' count and total. */
const ACCOUNTS = sql`SELECT c.id, 'account'::text AS kind, c.email, c.first_name, c.last_name,
    c.created_at, c.is_paying_customer,
    (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS orders,
    (SELECT coalesce(sum(o.total_pence), 0)::int FROM orders o
      WHERE o.customer_id = c.id AND ${COUNTED}) AS orders_total_pence,
    ${newsletterOf(sql`c.email`)} AS newsletter
  FROM customers c`;

/**
 * Guests: the emails of orders placed without an account, one row each, unless an account has
 * the email (its holder is listed as the account). Named as on their latest order.
 */
const GUESTS = sql`SELECT NULL::int AS id, 'guest'::text AS kind, g.email, g.first_name, g.last_name,
    g.created_at, g.is_paying_customer, g.orders, g.orders_total_pence,
    ${newsletterOf(sql`g.key`)} AS newsletter
  FROM (SELECT lower(o.email) AS key,
      (array_agg(o.email ORDER BY o.placed_at DESC, o.id DESC))[1] AS email,
      coalesce((array_agg(o.billing_address->>'first_name' ORDER BY o.placed_at DESC, o.id DESC))[1], '') AS first_name,
      coalesce((array_agg(o.billing_address->>'last_name' ORDER BY o.placed_at DESC, o.id DESC))[1], '') AS last_name,
      min(o.placed_at) AS created_at,
      bool_or(${PAID}) AS is_paying_customer,
      count(*)::int AS orders,
      (coalesce(sum(o.total_pence) FILTER (WHERE ${COUNTED}), 0))::int AS orders_total_pence
    FROM orders o
    WHERE o.customer_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM customers c WHERE lower(c.email) = lower(o.email))
    GROUP BY lower(o.email)) g`;

const present = ({ orders_total_pence, ...row }: Row): StaffCustomerRow => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  orders_total: formatPoundsPlain(orders_total_pence),
});

/** Customers for staff: accounts and guests searched by email or name, and one with their orders. */
export class StaffCustomers {
  constructor(private readonly db: Database) {}

  async search(
    q: string | undefined,
    page: number,
    perPage: number,
  ): Promise<{ data: StaffCustomerRow[]; total: number }> {
    const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await queryRows<Row & { total: number }>(
      this.db,
      sql`SELECT *, count(*) OVER ()::int AS total
          FROM (${ACCOUNTS} UNION ALL ${GUESTS}) x
          WHERE ${like === null ? sql`true` : sql`(x.email ILIKE ${like} OR (x.first_name || ' ' || x.last_name) ILIKE ${like})`}
          ORDER BY x.created_at DESC, x.id DESC NULLS LAST, x.email
          LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      data: rows.map(({ total: _total, ...row }) => present(row)),
    };
  }

  async one(id: number): Promise<StaffCustomerJson | null> {
    const [row] = await queryRows<Row & { role: string }>(
      this.db,
      sql`SELECT x.*, c.role FROM (${ACCOUNTS} WHERE c.id = ${id}) x
        JOIN customers c ON c.id = x.id`,
    );
    if (!row) return null;
    const [addresses, orders] = await Promise.all([
      queryRows<StaffCustomerAddress>(
        this.db,
        sql`SELECT kind, first_name, last_name, company, phone, email, country, postcode,
              address_1, address_2, city, county
            FROM addresses WHERE customer_id = ${id} ORDER BY kind`,
      ),
      this.orders(sql`customer_id = ${id}`),
    ]);
    const { role, ...customer } = row;
    return { ...present(customer), role, addresses, order_list: orders };
  }

  /** A guest by the email of their orders (any case); null when none was placed without an account. */
  async guest(email: string): Promise<StaffCustomerJson | null> {
    const [row] = await queryRows<Row>(
      this.db,
      sql`SELECT * FROM (${GUESTS}) x WHERE lower(x.email) = lower(${email})`,
    );
    if (!row) return null;
    const mine = sql`customer_id IS NULL AND lower(email) = lower(${email})`;
    const [latest] = await queryRows<{
      billing: Record<string, string>;
      shipping: Record<string, string>;
    }>(
      this.db,
      sql`SELECT billing_address AS billing, shipping_address AS shipping FROM orders
        WHERE ${mine} ORDER BY placed_at DESC, id DESC LIMIT 1`,
    );
    const address = (kind: 'billing' | 'shipping', a: Record<string, string> | undefined) => {
      const field = (name: string) => (typeof a?.[name] === 'string' ? a[name] : '');
      return {
        kind,
        ...Object.fromEntries(
          ['first_name', 'last_name', 'company', 'phone', 'email', 'country', 'postcode']
            .concat(['address_1', 'address_2', 'city', 'county'])
            .map((name) => [name, field(name)]),
        ),
      } as StaffCustomerAddress;
    };
    return {
      ...present(row),
      role: 'guest',
      addresses: [address('billing', latest?.billing), address('shipping', latest?.shipping)],
      order_list: await this.orders(mine),
    };
  }

  private async orders(where: SQL): Promise<StaffCustomerJson['order_list']> {
    const rows = await queryRows<{
      number: string;
      placed_at: string | Date;
      status: OrderStatus;
      payment_status: PaymentStatus;
      total_pence: number;
    }>(
      this.db,
      sql`SELECT number, placed_at, status, payment_status, total_pence FROM orders
          WHERE ${where} ORDER BY placed_at DESC, id DESC LIMIT 100`,
    );
    return rows.map((o) => ({
      number: o.number,
      placed_at: new Date(o.placed_at).toISOString(),
      status: o.status,
      payment_status: o.payment_status,
      total: formatPoundsPlain(o.total_pence),
    }));
  }
}
