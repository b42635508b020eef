import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type {
  ReturnFiguresJson,
  ReturnJson,
  ReturnOptionsJson,
  ReturnRequestInput,
} from '#domain/api-schemas-returns.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { formatCreditNoteNumber } from '#domain/refunds.ts';
import {
  damageClaimOpen,
  DEFAULT_RETURN_RULES,
  describeReturnRules,
  lineEligibility,
  linePiecesProblem,
  RETURN_MESSAGES,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  returnedGrossPence,
  returnFigures,
  returnNumber,
  returnWindowProblem,
  type ReturnableLine,
  type ReturnFigures,
  type ReturnReason,
  type ReturnRules,
  type ReturnStatus,
} from '#domain/returns.ts';
import { splitGross, type VatSplit } from '#domain/vat.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { recordEvent } from '../orders/order-rows.ts';

interface LineRow {
  id: number;
  position: number;
  name: string;
  size: string;
  kind: ReturnableLine['kind'];
  is_bespoke: boolean;
  pieces: number;
  pieces_per_pack: number;
  gross_pence: number;
  in_returns: number;
}

export interface ReturnRow {
  id: number;
  number: string;
  order_id: number;
  order_number: string;
  status: ReturnStatus;
  reason: ReturnReason;
  note: string | null;
  damage: boolean;
  damage_on_delivery_note: boolean;
  goods_pence: number;
  restocking_fee_pence: number;
  collection_pence: number;
  refund_pence: number;
  refund_net_pence: number;
  refund_vat_pence: number;
  refusal: string | null;
  collection_date: string | null;
  credit_note_number: number | null;
  requested_at: string | Date;
  version: number;
}

/** A return's lines and figures worked out from a request; nothing is written. */
export interface ReturnPlan {
  lines: { row: LineRow; pieces: number; grossPence: number }[];
  figures: ReturnFigures;
  damage: boolean;
}

const splitJson = (split: VatSplit) => ({
  net: formatPoundsPlain(split.netPence),
  vat: formatPoundsPlain(split.vatPence),
  gross: formatPoundsPlain(split.grossPence),
});

export const figuresJson = (figures: ReturnFigures): ReturnFiguresJson => ({
  goods: splitJson(figures.goods),
  restocking_fee: splitJson(figures.restockingFee),
  collection: splitJson(figures.collection),
  refund: splitJson(figures.refund),
});

/** The columns a return is read with; `r` is returns, `o` its order. */
export const RETURN_COLUMNS = sql`r.id, r.number, r.order_id, o.number AS order_number, r.status,
  r.reason, r.note, r.damage, r.damage_on_delivery_note, r.goods_pence, r.restocking_fee_pence,
  r.collection_pence, r.refund_pence, r.refund_net_pence, r.refund_vat_pence, r.refusal,
  r.collection_date::text AS collection_date, r.credit_note_number, r.requested_at, r.version`;

/**
 * Returns for customers: the rules, what each line of a delivered order can still send back,
 * the figures before sending, and the request itself (written under the order's row lock, so
 * two requests at once cannot return the same pack twice).
 */
export class ReturnService {
  constructor(private readonly db: Database) {}

  async rules(db: Database = this.db): Promise<ReturnRules> {
    const [row] = await queryRows<{
      window_days: number;
      restocking_fee_percent: number;
      collection_paid_by: 'customer' | 'shop';
      collection_price_pence: number;
      damage_claim_hours: number;
    }>(db, sql`SELECT * FROM return_rules WHERE id = 1`);
    if (!row) return DEFAULT_RETURN_RULES;
    return {
      windowDays: row.window_days,
      restockingFeePercent: row.restocking_fee_percent,
      collectionPaidBy: row.collection_paid_by,
      collectionPricePence: row.collection_price_pence,
      damageClaimHours: row.damage_claim_hours,
    };
  }

  private lines(db: Database, orderId: number): Promise<LineRow[]> {
    return queryRows<LineRow>(
      db,
      sql`SELECT l.id, l.position, l.name, l.size, l.kind, l.is_bespoke, l.pieces,
            l.pieces_per_pack, l.gross_pence,
            coalesce((SELECT sum(rl.pieces) FROM return_lines rl JOIN returns r ON r.id = rl.return_id
              WHERE rl.order_line_id = l.id AND r.status <> 'refused'), 0)::int AS in_returns
          FROM order_lines l WHERE l.order_id = ${orderId} ORDER BY l.position`,
    );
  }

  private async deliveredAt(db: Database, orderId: number): Promise<Date | null> {
    const [row] = await queryRows<{ delivered_at: string | Date | null }>(
      db,
      sql`SELECT delivered_at FROM orders WHERE id = ${orderId}`,
    );
    return row?.delivered_at ? new Date(row.delivered_at) : null;
  }

  /** What the order page offers: rules, each line's returnable packs, the order's returns. */
  async options(orderId: number, now = new Date()): Promise<ReturnOptionsJson> {
    const [rules, lines, deliveredAt, returns] = await Promise.all([
      this.rules(),
      this.lines(this.db, orderId),
      this.deliveredAt(this.db, orderId),
      this.forOrder(orderId),
    ]);
    return {
      rules: {
        window_days: rules.windowDays,
        restocking_fee_percent: rules.restockingFeePercent,
        collection_paid_by: rules.collectionPaidBy,
        collection_price: formatPoundsPlain(rules.collectionPricePence),
        damage_claim_hours: rules.damageClaimHours,
        text: describeReturnRules(rules),
      },
      closed: returnWindowProblem(rules, deliveredAt, now),
      damage_claim_open: damageClaimOpen(rules, deliveredAt, now),
      lines: lines.map((row) => {
        const eligibility = lineEligibility(returnable(row));
        return {
          line: row.position,
          name: row.name,
          size: row.size,
          pieces: row.pieces,
          pieces_per_pack: row.pieces_per_pack,
          returnable_pieces: eligibility.returnablePieces,
          why_not: eligibility.whyNot,
        };
      }),
      returns,
    };
  }

  /**
   * Checks a request against the rules and works out its figures: 409 when the order cannot
   * take a return now, 400 naming each line or field that is wrong.
   */
  async plan(
    db: Database,
    orderId: number,
    input: ReturnRequestInput,
    now: Date,
  ): Promise<ReturnPlan> {
    const [rules, rows, deliveredAt] = await Promise.all([
      this.rules(db),
      this.lines(db, orderId),
      this.deliveredAt(db, orderId),
    ]);
    const closed = returnWindowProblem(rules, deliveredAt, now);
    if (closed) throw conflict(closed);
    const damage = input.reason === 'damaged';
    const fields: Record<string, string> = {};
    if (damage) {
      if (!damageClaimOpen(rules, deliveredAt, now)) {
        fields.reason = RETURN_MESSAGES.damageTooLate(rules.damageClaimHours);
      } else {
        if (!input.damage_on_delivery_note) {
          fields.damage_on_delivery_note = RETURN_MESSAGES.deliveryNoteNeeded;
        }
        if (!input.photos?.length) fields.photos = RETURN_MESSAGES.photosNeeded;
      }
    }
    const lines: ReturnPlan['lines'] = [];
    input.lines.forEach((choice, i) => {
      const row = rows.find((r) => r.position === choice.line);
      const problem = row
        ? linePiecesProblem(returnable(row), choice.pieces)
        : 'This order has no such line';
      if (problem || !row) fields[`lines.${i}.pieces`] = problem ?? '';
      else
        lines.push({
          row,
          pieces: choice.pieces,
          grossPence: returnedGrossPence(toGross(row), choice.pieces),
        });
    });
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);
    const goods = lines.reduce((sum, line) => sum + line.grossPence, 0);
    return { lines, figures: returnFigures(rules, goods, damage), damage };
  }

  /** Asks for a return: stored as requested, in the order's history, photos attached. */
  async request(
    order: { id: number; number: string },
    input: ReturnRequestInput,
    actor: string,
    now = new Date(),
  ): Promise<ReturnJson> {
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM orders WHERE id = ${order.id} FOR UPDATE`);
      const plan = await this.plan(tx, order.id, input, now);
      const photos = plan.damage ? (input.photos ?? []) : [];
      if (photos.length > 0) {
        const [found] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM return_photos WHERE order_id = ${order.id}
              AND return_id IS NULL AND id = ANY(${`{${photos.join(',')}}`}::int[])`,
        );
        if (found!.n !== new Set(photos).size) {
          throw badRequest('Upload the photos again: some were not found', {
            photos: 'Upload the photos again: some were not found',
          });
        }
      }
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM returns WHERE order_id = ${order.id}`,
      );
      const number = returnNumber(order.number, count!.n + 1);
      const f = plan.figures;
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO returns (number, order_id, reason, note, damage, damage_on_delivery_note,
              goods_pence, restocking_fee_pence, collection_pence, refund_pence, refund_net_pence,
              refund_vat_pence)
            VALUES (${number}, ${order.id}, ${input.reason}, ${input.note || null}, ${plan.damage},
              ${plan.damage && input.damage_on_delivery_note === true}, ${f.goods.grossPence},
              ${f.restockingFee.grossPence}, ${f.collection.grossPence}, ${f.refund.grossPence},
              ${f.refund.netPence}, ${f.refund.vatPence})
            RETURNING id`,
      );
      for (const line of plan.lines) {
        await tx.execute(sql`INSERT INTO return_lines (return_id, order_line_id, pieces, gross_pence)
          VALUES (${row!.id}, ${line.row.id}, ${line.pieces}, ${line.grossPence})`);
      }
      if (photos.length > 0) {
        await tx.execute(sql`UPDATE return_photos SET return_id = ${row!.id}
          WHERE order_id = ${order.id} AND id = ANY(${`{${photos.join(',')}}`}::int[])`);
      }
      await recordEvent(tx, order.id, {
        kind: 'note',
        from: null,
        to: `return_requested`,
        actor,
        note: `Return ${number} asked for: ${plan.lines
          .map((l) => `${l.pieces} × ${l.row.name} ${l.row.size}`)
          .join(', ')} (${RETURN_REASON_LABELS[input.reason]}); refund £${formatPoundsPlain(
          f.refund.grossPence,
        )}`,
      });
      return row!.id;
    });
    return (await this.byIds([id]))[0]!;
  }

  /** Keeps a damage photo for the order until a return takes it; answers its id. */
  async storePhoto(
    orderId: number,
    bytes: Buffer,
    info: { contentType: string; width: number; height: number },
    most: number,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM orders WHERE id = ${orderId} FOR UPDATE`);
      // Photos are for damage claims only: none once the claim hours have passed.
      const rules = await this.rules(tx);
      if (!damageClaimOpen(rules, await this.deliveredAt(tx, orderId), new Date())) {
        throw conflict(RETURN_MESSAGES.damageTooLate(rules.damageClaimHours));
      }
      const [waiting] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM return_photos
            WHERE order_id = ${orderId} AND return_id IS NULL`,
      );
      if (waiting!.n >= most) {
        throw conflict(`At most ${most} photos can wait for a return: send the return first`);
      }
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO return_photos (order_id, content_type, width, height, bytes)
            VALUES (${orderId}, ${info.contentType}, ${info.width}, ${info.height}, ${bytes})
            RETURNING id`,
      );
      return row!.id;
    });
  }

  async forOrder(orderId: number): Promise<ReturnJson[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`SELECT id FROM returns WHERE order_id = ${orderId} ORDER BY id`,
    );
    return this.byIds(rows.map((r) => r.id));
  }

  /** Returns as the API answers them, in the order of `ids`. */
  async byIds(ids: number[], db: Database = this.db): Promise<ReturnJson[]> {
    if (ids.length === 0) return [];
    const list = `{${ids.join(',')}}`;
    const [rows, lines, photos] = await Promise.all([
      queryRows<ReturnRow>(
        db,
        sql`SELECT ${RETURN_COLUMNS} FROM returns r JOIN orders o ON o.id = r.order_id
            WHERE r.id = ANY(${list}::int[])`,
      ),
      queryRows<{
        return_id: number;
        position: number;
        name: string;
        size: string;
        pieces: number;
        pieces_per_pack: number;
        gross_pence: number;
      }>(
        db,
        sql`SELECT rl.return_id, l.position, l.name, l.size, rl.pieces, l.pieces_per_pack,
              rl.gross_pence
            FROM return_lines rl JOIN order_lines l ON l.id = rl.order_line_id
            WHERE rl.return_id = ANY(${list}::int[]) ORDER BY l.position`,
      ),
      queryRows<{ return_id: number; n: number }>(
        db,
        sql`SELECT return_id, count(*)::int AS n FROM return_photos
            WHERE return_id = ANY(${list}::int[]) GROUP BY return_id`,
      ),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        returnJson(
          row,
          lines.filter((l) => l.return_id === id),
          photos.find((p) => p.return_id === id)?.n ?? 0,
        ),
      ];
    });
  }
}

const toGross = (row: LineRow) => ({ pieces: row.pieces, grossPence: row.gross_pence });

const returnable = (row: LineRow): ReturnableLine => ({
  line: row.position,
  kind: row.kind,
  isBespoke: row.is_bespoke,
  pieces: row.pieces,
  piecesPerPack: row.pieces_per_pack,
  grossPence: row.gross_pence,
  piecesInReturns: row.in_returns,
});

function storedFigures(row: ReturnRow): ReturnFigures {
  return {
    goods: splitGross(row.goods_pence),
    restockingFee: splitGross(row.restocking_fee_pence),
    collection: splitGross(row.collection_pence),
    refund: {
      grossPence: row.refund_pence,
      netPence: row.refund_net_pence,
      vatPence: row.refund_vat_pence,
    },
  };
}

function returnJson(
  row: ReturnRow,
  lines: {
    position: number;
    name: string;
    size: string;
    pieces: number;
    pieces_per_pack: number;
    gross_pence: number;
  }[],
  photos: number,
): ReturnJson {
  return {
    number: row.number,
    order: row.order_number,
    status: row.status,
    status_label: RETURN_STATUS_LABELS[row.status],
    reason: row.reason,
    reason_label: RETURN_REASON_LABELS[row.reason],
    note: row.note,
    damage: row.damage,
    damage_on_delivery_note: row.damage_on_delivery_note,
    lines: lines.map((line) => ({
      line: line.position,
      name: line.name,
      size: line.size,
      pieces: line.pieces,
      pieces_per_pack: line.pieces_per_pack,
      packs: Math.floor(line.pieces / Math.max(1, line.pieces_per_pack)),
      gross: formatPoundsPlain(line.gross_pence),
    })),
    figures: figuresJson(storedFigures(row)),
    photos,
    refusal: row.refusal,
    collection_date: row.collection_date,
    credit_note:
      row.credit_note_number === null ? null : formatCreditNoteNumber(row.credit_note_number),
    requested_at: new Date(row.requested_at).toISOString(),
    version: row.version,
  };
}
