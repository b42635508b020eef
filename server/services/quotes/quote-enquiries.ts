import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { EnquirySummaryJson } from '#domain/api-schemas-quotes.ts';

/** The latest enquiries staff may answer with a quote, each with the quote made from it. */
export async function quotableEnquiries(db: Database): Promise<EnquirySummaryJson[]> {
  const rows = await queryRows<
    Omit<EnquirySummaryJson, 'created_at'> & { created_at: Date | string }
  >(
    db,
    sql`SELECT e.id, e.kind, e.name, e.email, e.phone, e.message, e.product_id, e.product_name,
          e.size, e.thickness, e.quantity, e.finish, e.created_at,
          (SELECT q.number FROM quotes q WHERE q.enquiry_id = e.id LIMIT 1) AS quote_number
        FROM enquiries e ORDER BY e.created_at DESC, e.id DESC LIMIT 100`,
  );
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
