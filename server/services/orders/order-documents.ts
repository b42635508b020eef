import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { OrderFulfilment } from '#domain/warehouse-documents.ts';
import { textArray } from '../catalogue/import-sql.ts';
import type { OrderService } from './orders.ts';
import type { DocumentOrder } from './warehouse-pdf.ts';

interface FulfilmentRow extends OrderFulfilment {
  id: number;
  number: string;
}

/**
 * The orders to print, in the order asked, each with how it is fulfilled; `missing` names the
 * numbers no order has (nothing is printed then).
 */
export async function ordersForDocuments(
  db: Database,
  orders: OrderService,
  numbers: readonly string[],
): Promise<{ items: DocumentOrder[]; missing: string[] }> {
  const rows = await queryRows<FulfilmentRow>(
    db,
    sql`SELECT id, number, fulfilment, delivery_date::text AS delivery_date, delivery_slot,
          site_access, delivery_instructions, carrier, tracking_number
        FROM orders WHERE number = ANY(${textArray([...numbers])})`,
  );
  const byNumber = new Map(rows.map((row) => [row.number, row]));
  const missing = numbers.filter((number) => !byNumber.has(number));
  if (missing.length) return { items: [], missing };
  const items: DocumentOrder[] = [];
  // One order at a time: a print of many must not take every pooled connection at once.
  for (const number of numbers) {
    const { id, number: _number, ...fulfilment } = byNumber.get(number)!;
    items.push({ order: await orders.json(id), fulfilment });
  }
  return { items, missing };
}
