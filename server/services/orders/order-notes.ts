// Staff notes on an order: a private one stays in the back office; one to the customer shows on
// their order page and tracking page and is mailed, written in the same transaction as the note.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { OrderNoteInput, OrderNoteJson } from '#domain/api-schemas-order-tasks.ts';
import { notFound } from '../../http/errors.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { orderNoteMail } from './order-task-mails.ts';
import { mailShop } from '../shop-signature.ts';

interface NoteRow {
  id: number;
  created_at: string | Date;
  text: string;
  to_customer: boolean;
  actor: string;
}

const noteJson = (row: NoteRow): OrderNoteJson => ({
  id: row.id,
  at: new Date(row.created_at).toISOString(),
  text: row.text,
  to_customer: row.to_customer,
  actor: row.actor,
});

/** Every note of an order, private and to the customer, oldest first (staff only). */
export async function orderNotes(db: Database, orderId: number): Promise<OrderNoteJson[]> {
  const rows = await queryRows<NoteRow>(
    db,
    sql`SELECT id, created_at, text, to_customer, actor FROM order_notes
        WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map(noteJson);
}

/** Adds a note, its audit row and (to the customer) its mail, in one transaction. */
export async function addOrderNote(
  db: Database,
  orderNumber: string,
  input: OrderNoteInput,
  who: AuditActor,
): Promise<OrderNoteJson> {
  const note = await db.transaction(async (tx) => {
    const [order] = await queryRows<{ id: number; email: string }>(
      tx,
      sql`SELECT id, email FROM orders WHERE number = ${orderNumber} FOR UPDATE`,
    );
    if (!order) throw notFound('Order not found');
    const [row] = await queryRows<NoteRow>(
      tx,
      sql`INSERT INTO order_notes (order_id, text, to_customer, actor)
          VALUES (${order.id}, ${input.text}, ${input.to_customer}, ${who.actor})
          RETURNING id, created_at, text, to_customer, actor`,
    );
    await audit(tx, who, {
      action: 'order.note',
      entity: 'order',
      entityId: orderNumber,
      after: { note: row!.id, to_customer: input.to_customer, text: input.text },
    });
    if (input.to_customer) {
      await writeMail(tx, {
        kind: 'order_note',
        orderId: order.id,
        eventKey: `note:${row!.id}`,
        message: orderNoteMail(
          { number: orderNumber, email: order.email },
          await mailShop(tx),
          input.text,
        ),
      });
    }
    return noteJson(row!);
  });
  if (note.to_customer) announceMail();
  return note;
}
