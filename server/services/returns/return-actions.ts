import { announceMail } from '../mail-outbox/outbox.ts';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { ReturnJson } from '#domain/api-schemas-returns.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { parseCreditNoteNumber } from '#domain/refunds.ts';
import { canMoveReturn, RETURN_STATUS_LABELS, type ReturnStatus } from '#domain/returns.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { RefundService } from '../orders/refunds.ts';
import { recordEvent } from '../orders/order-rows.ts';
import type { AuditActor } from '../staff/audit.ts';
import { versionedSave } from '../staff-write.ts';
import { stockContext } from '../stock.ts';
import { RETURN_COLUMNS, type ReturnRow, type ReturnService } from './returns.ts';

export type ReturnAction =
  | { kind: 'approve' }
  | { kind: 'refuse'; reason: string }
  | { kind: 'book'; date: string }
  | { kind: 'receive' }
  | { kind: 'refund' };

const TARGET_STATUS: Record<ReturnAction['kind'], ReturnStatus> = {
  approve: 'approved',
  refuse: 'refused',
  book: 'collection_booked',
  receive: 'received',
  refund: 'refunded',
};

/**
 * What staff do with a return, each step one versioned, audited transaction (versionedSave): a
 * step from a stale page is a 409, a step out of turn a 409. Receiving puts the packs back on
 * sale through the stock ledger; refunding pays back through the order's refund code (Stripe
 * for a card) and issues its credit note in the same transaction.
 */
export class ReturnActions {
  constructor(
    private readonly db: Database,
    private readonly returns: ReturnService,
    private readonly refunds: RefundService,
  ) {}

  async list(filter: { status?: ReturnStatus; order?: string }): Promise<ReturnJson[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT r.id FROM returns r JOIN orders o ON o.id = r.order_id
          WHERE (${filter.status ?? null}::text IS NULL OR r.status = ${filter.status ?? null})
            AND (${filter.order ?? null}::text IS NULL OR o.number = ${filter.order ?? null})
          ORDER BY r.requested_at DESC, r.id DESC LIMIT 200`,
    );
    return this.returns.byIds(rows.map((r) => r.id));
  }

  private async row(db: Database, number: string): Promise<ReturnRow> {
    const [row] = await queryRows<ReturnRow>(
      db,
      sql`SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id
          WHERE r.number = ${number}`,
    );
    if (!row) throw notFound('Return not found');
    return row;
  }

  async get(number: string): Promise<ReturnJson> {
    const row = await this.row(this.db, number);
    return (await this.returns.byIds([row.id]))[0]!;
  }

  /** A damage photo's bytes, for staff only. */
  async photo(number: string, nth: number): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await this.row(this.db, number);
    const [photo] = await queryRows<{ content_type: string; bytes: Buffer | Uint8Array }>(
      this.db,
      sql`SELECT content_type, bytes FROM return_photos WHERE return_id = ${row.id}
          ORDER BY id OFFSET ${nth - 1} LIMIT 1`,
    );
    if (!photo) throw notFound('No such photo');
    return { contentType: photo.content_type, bytes: Buffer.from(photo.bytes) };
  }

  async act(
    number: string,
    action: ReturnAction,
    loaded: number,
    who: AuditActor,
  ): Promise<ReturnJson> {
    const { id } = await this.row(this.db, number);
    const to = TARGET_STATUS[action.kind];
    await versionedSave(
      this.db,
      who,
      {
        target: { table: 'returns', id, entity: 'return', missing: 'Return not found' },
        loaded,
        action: `return.${action.kind}`,
      },
      async (tx) => {
        const row = await this.row(tx, number);
        if (!canMoveReturn(row.status, to)) {
          throw conflict(
            `This return is ${RETURN_STATUS_LABELS[row.status].toLowerCase()}: it cannot be ${RETURN_STATUS_LABELS[to].toLowerCase()} now`,
          );
        }
        const actor = `staff:${who.actor}`;
        let note = '';
        let creditNote: number | null = null;
        if (action.kind === 'refuse') note = `: ${action.reason}`;
        if (action.kind === 'book') note = ` for ${action.date}`;
        if (action.kind === 'receive') {
          await this.restock(tx, row, actor);
          note = ': the packs are back in stock';
        }
        if (action.kind === 'refund' && row.refund_pence > 0) {
          const { creditNote: printed } = await this.refunds.refundIn(tx, {
            orderNumber: row.order_number,
            amountPence: row.refund_pence,
            reason: `Return ${row.number}`,
            who,
          });
          creditNote = parseCreditNoteNumber(printed);
          note = ` with credit note ${printed}: £${formatPoundsPlain(row.refund_pence)}`;
        }
        await tx.execute(sql`UPDATE returns SET status = ${to}, updated_at = now(),
            refusal = ${action.kind === 'refuse' ? action.reason : row.refusal},
            collection_date = ${action.kind === 'book' ? action.date : row.collection_date}::date,
            credit_note_number = ${creditNote ?? row.credit_note_number}
          WHERE id = ${row.id}`);
        await recordEvent(tx, row.order_id, {
          kind: 'note',
          from: `return_${row.status}`,
          to: `return_${to}`,
          actor,
          note: `Return ${row.number} ${RETURN_STATUS_LABELS[to].toLowerCase()}${note}`,
        });
        return {
          before: { number: row.number, status: row.status },
          after: {
            number: row.number,
            status: to,
            ...(action.kind === 'refuse' ? { refusal: action.reason } : {}),
            ...(action.kind === 'book' ? { collection_date: action.date } : {}),
            ...(creditNote !== null ? { credit_note: creditNote } : {}),
          },
          result: null,
        };
      },
    );
    // A refund wrote its mail in the step's transaction: the sender takes it now.
    if (action.kind === 'refund') announceMail();
    return this.get(number);
  }

  /** The returned pieces go back on sale, each change a stock_ledger row naming the return. */
  private async restock(tx: Database, row: ReturnRow, actor: string): Promise<void> {
    await stockContext(tx, { reason: 'return', actor, orderId: row.order_id, ref: row.number });
    await tx.execute(sql`
      WITH per_variation AS (
        SELECT l.variation_id, sum(rl.pieces)::int AS pieces
        FROM return_lines rl JOIN order_lines l ON l.id = rl.order_line_id
        WHERE rl.return_id = ${row.id} GROUP BY l.variation_id
      )
      UPDATE variations v SET stock_quantity = v.stock_quantity + p.pieces
      FROM per_variation p WHERE v.id = p.variation_id AND v.stock_quantity IS NOT NULL`);
  }
}
