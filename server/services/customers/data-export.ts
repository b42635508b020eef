import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { DataExportJson } from '#domain/api-schemas-privacy.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import type { OrderService } from '../orders/orders.ts';
import { exportTradeData } from './trade-export.ts';
import { isoInstant, isoInstantOrNull } from '#domain/dates.ts';

type When = string | Date;

/**
 * Everything the shop holds about one customer, for their right of access (UK GDPR art. 15):
 * account, addresses, orders with lines, invoices, newsletter, enquiries and the trade side. Each part is read
 * by the customer's id or email only, and never a password hash or a session or link token.
 * `enquiriesByEmail`: staff answer a verified request; a customer's own download includes them
 * only once their email is verified, so nobody reads another's messages by claiming an address.
 */
export async function exportCustomerData(
  db: Database,
  orders: OrderService,
  customerId: number,
  options: { enquiriesByEmail: 'always' | 'when-verified' },
): Promise<DataExportJson | null> {
  const [account] = await queryRows<{
    id: number;
    email: string;
    username: string;
    first_name: string;
    last_name: string;
    created_at: When;
    email_verified_at: When | null;
    is_paying_customer: boolean;
  }>(
    db,
    sql`SELECT id, email, username, first_name, last_name, created_at, email_verified_at,
          is_paying_customer
        FROM customers WHERE id = ${customerId}`,
  );
  if (!account) return null;
  const withEnquiries = options.enquiriesByEmail === 'always' || account.email_verified_at !== null;

  const [addresses, orderIds, invoices, newsletter, enquiries, trade] = await Promise.all([
    queryRows<DataExportJson['addresses'][number]>(
      db,
      sql`SELECT kind, first_name, last_name, company, phone, email, country, postcode,
            address_1, address_2, city, county
          FROM addresses WHERE customer_id = ${customerId} ORDER BY kind`,
    ),
    queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM orders WHERE customer_id = ${customerId} ORDER BY placed_at, id`,
    ),
    queryRows<{ number: number; order_number: string; issued_at: When; tax_point: When }>(
      db,
      sql`SELECT i.number, o.number AS order_number, i.issued_at, i.tax_point
          FROM invoices i JOIN orders o ON o.id = i.order_id
          WHERE o.customer_id = ${customerId} ORDER BY i.number`,
    ),
    queryRows<{ created_at: When; confirmed_at: When | null }>(
      db,
      sql`SELECT created_at, confirmed_at FROM newsletter_subscribers
          WHERE lower(email) = lower(${account.email})`,
    ),
    withEnquiries
      ? queryRows<Omit<DataExportJson['enquiries'][number], 'created_at'> & { created_at: When }>(
          db,
          sql`SELECT kind, name, email, phone, message, product_name, size, thickness, quantity,
                finish, created_at
              FROM enquiries WHERE lower(email) = lower(${account.email}) ORDER BY created_at, id`,
        )
      : Promise.resolve([]),
    exportTradeData(db, customerId),
  ]);

  const orderJson = [];
  for (const { id } of orderIds) orderJson.push(await orders.json(id));
  const signUp = newsletter[0];
  return {
    exported_at: new Date().toISOString(),
    account: {
      ...account,
      created_at: isoInstant(account.created_at),
      email_verified_at: isoInstantOrNull(account.email_verified_at),
    },
    addresses,
    orders: orderJson,
    invoices: invoices.map((row) => ({
      number: formatInvoiceNumber(row.number),
      order_number: row.order_number,
      issued_at: isoInstant(row.issued_at),
      tax_point: isoInstant(row.tax_point),
    })),
    newsletter: signUp
      ? {
          subscribed: signUp.confirmed_at !== null,
          signed_up_at: isoInstant(signUp.created_at),
          confirmed_at: isoInstantOrNull(signUp.confirmed_at),
        }
      : null,
    enquiries: enquiries.map((row) => ({ ...row, created_at: isoInstant(row.created_at) })),
    trade,
  };
}
