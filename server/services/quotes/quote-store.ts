// Reading quotes: one revision with its lines (and, for staff, its history) as the API answers
// it, and the list staff work from. A sent quote past its validity reads as expired.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { QuoteDrawingJson, QuoteJson, QuoteSummaryJson } from '#domain/api-schemas-quotes.ts';
import { MADE_TO_ORDER_LABEL } from '#domain/consumer-rights.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { effectiveState, quoteTotals, type QuoteState } from '#domain/quotes.ts';
import { splitGross, sumSplits, type VatSplit } from '#domain/vat.ts';
import type { QuoteLineRow } from './quote-pricing.ts';
import { isoInstantOrNull } from '#domain/dates.ts';

export interface QuoteRow {
  id: number;
  number: string;
  revision: number;
  state: QuoteState;
  customer_id: number | null;
  email: string;
  name: string;
  phone: string | null;
  address: Record<string, unknown>;
  enquiry_id: number | null;
  valid_days: number;
  valid_until: Date | string | null;
  deposit_percent: number;
  manual_delivery_pence: number | null;
  delivery_pence: number;
  total_pence: number;
  deposit_pence: number;
  vat_rate: string;
  weight_kg: string;
  delivery: QuoteDeliveryFacts;
  notes: string | null;
  sent_at: Date | string | null;
  order_id: number | null;
  order_number: string | null;
  created_at: Date | string;
  version: number;
}

/** How the delivery goes, as the rules said when the quote was priced. */
export interface QuoteDeliveryFacts {
  zone: { code: string; name: string };
  method: 'post' | 'parcel' | 'pallet' | null;
  parcels: number;
  pallets: number;
  note: string | null;
  min_days: number;
  max_days: number;
}

const QUOTE_COLUMNS = sql`q.*, o.number AS order_number`;

/** One revision, chosen by `where` over quotes q (newest revision first); `lock` for writes. */
export async function readQuote(db: Database, where: SQL, lock = false): Promise<QuoteRow | null> {
  const [row] = await queryRows<QuoteRow>(
    db,
    sql`SELECT ${QUOTE_COLUMNS} FROM quotes q LEFT JOIN orders o ON o.id = q.order_id
        WHERE ${where} ORDER BY q.revision DESC LIMIT 1 ${lock ? sql`FOR UPDATE OF q` : sql``}`,
  );
  return row ?? null;
}

/** A stored line with its drawing, if it has one. */
export type ReadLine = QuoteLineRow & { drawing: QuoteDrawingJson | null };

export function readLines(db: Database, quoteId: number): Promise<ReadLine[]> {
  return queryRows<ReadLine>(
    db,
    sql`SELECT l.position, l.kind, l.product_id, l.variation_id, l.name, l.description,
          l.thickness_mm, l.length_mm, l.width_mm, l.drawing_id, l.edge_profile, l.finish,
          l.cutouts, l.cutout_price_pence, l.pieces, l.pricing, l.unit_price_pence, l.m2,
          l.weight_kg, l.gross_pence,
          CASE WHEN d.id IS NULL THEN NULL ELSE jsonb_build_object('id', d.id,
            'file_name', d.file_name, 'content_type', d.content_type,
            'size_bytes', d.size_bytes) END AS drawing
        FROM quote_lines l LEFT JOIN quote_drawings d ON d.id = l.drawing_id
        WHERE l.quote_id = ${quoteId} ORDER BY l.position`,
  );
}

/** A bespoke line's split: the pieces and the cut-outs each split once, as the order's lines. */
export function lineSplit(line: QuoteLineRow, vatPercent: number): VatSplit[] {
  const cutouts = line.pieces * line.cutouts * line.cutout_price_pence;
  return cutouts === 0
    ? [splitGross(line.gross_pence, vatPercent)]
    : [splitGross(line.gross_pence - cutouts, vatPercent), splitGross(cutouts, vatPercent)];
}

const splitJson = (split: VatSplit) => ({
  net: formatPoundsPlain(split.netPence),
  vat: formatPoundsPlain(split.vatPence),
  gross: formatPoundsPlain(split.grossPence),
});

/** A quote as the API answers it: its figures from its stored lines, never today's catalogue. */
export async function quoteJson(
  db: Database,
  row: QuoteRow,
  options: { history: boolean; now?: Date },
): Promise<QuoteJson> {
  const lines = await readLines(db, row.id);
  const vat = Number(row.vat_rate);
  const totals = quoteTotals(
    lines.map((line) => ({ total: sumSplits(lineSplit(line, vat)) })),
    row.delivery_pence,
    row.deposit_percent,
    vat,
  );
  const state = effectiveState(
    { state: row.state, validUntil: row.valid_until ? new Date(row.valid_until) : null },
    options.now ?? new Date(),
  );
  const history = options.history
    ? (
        await queryRows<{ at: Date | string; kind: string; actor: string; note: string | null }>(
          db,
          sql`SELECT e.at, e.kind, e.actor, e.note FROM quote_events e
              JOIN quotes q ON q.id = e.quote_id
              WHERE q.number = ${row.number} ORDER BY e.at, e.id`,
        )
      ).map((event) => ({ ...event, at: isoInstantOrNull(event.at)! }))
    : undefined;
  return {
    number: row.number,
    revision: row.revision,
    state,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    customer_id: row.customer_id,
    enquiry_id: row.enquiry_id,
    valid_days: row.valid_days,
    sent_at: isoInstantOrNull(row.sent_at),
    valid_until: isoInstantOrNull(row.valid_until),
    deposit_percent: row.deposit_percent,
    delivery: {
      manual: row.manual_delivery_pence !== null,
      price: formatPoundsPlain(row.delivery_pence),
      weight_kg: row.weight_kg,
    },
    lines: lines.map((line) => ({
      position: line.position,
      kind: line.kind,
      product_id: line.product_id,
      variation_id: line.variation_id,
      name: line.name,
      description: line.description,
      thickness_mm: line.thickness_mm,
      length_mm: line.length_mm,
      width_mm: line.width_mm,
      edge_profile: line.edge_profile,
      finish: line.finish,
      drawing: line.drawing,
      cutouts: line.cutouts,
      cutout_price: formatPoundsPlain(line.cutout_price_pence),
      pieces: line.pieces,
      pricing: line.pricing,
      unit_price: formatPoundsPlain(line.unit_price_pence),
      m2: line.m2,
      weight_kg: line.weight_kg,
      made_to_specification: line.kind === 'bespoke',
      total: splitJson(sumSplits(lineSplit(line, vat))),
    })),
    totals: {
      goods: splitJson(totals.goods),
      delivery: splitJson(totals.delivery),
      total: splitJson(totals.total),
      vat_rate: row.vat_rate,
      deposit: formatPoundsPlain(totals.depositPence),
      balance: formatPoundsPlain(totals.balancePence),
      pay_now: formatPoundsPlain(totals.payNowPence),
    },
    notes: row.notes,
    order_number: row.order_number,
    rights_note: lines.some((line) => line.kind === 'bespoke') ? MADE_TO_ORDER_LABEL : null,
    version: row.version,
    ...(history ? { history } : {}),
  };
}

/** Every revision, newest first, with the state a customer would see; optionally one state. */
export async function listQuotes(
  db: Database,
  state: QuoteState | undefined,
): Promise<QuoteSummaryJson[]> {
  const effective = sql`CASE WHEN q.state = 'sent' AND q.valid_until <= now() THEN 'expired'
    ELSE q.state END`;
  const rows = await queryRows<{
    number: string;
    revision: number;
    state: QuoteState;
    name: string;
    email: string;
    total_pence: number;
    valid_until: Date | string | null;
    order_number: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT q.number, q.revision, ${effective} AS state, q.name, q.email, q.total_pence,
          q.valid_until, o.number AS order_number, q.created_at
        FROM quotes q LEFT JOIN orders o ON o.id = q.order_id
        ${state ? sql`WHERE ${effective} = ${state}` : sql``}
        ORDER BY q.created_at DESC, q.id DESC LIMIT 200`,
  );
  return rows.map((row) => ({
    number: row.number,
    revision: row.revision,
    state: row.state,
    name: row.name,
    email: row.email,
    total: formatPoundsPlain(row.total_pence),
    valid_until: isoInstantOrNull(row.valid_until),
    order_number: row.order_number,
    created_at: isoInstantOrNull(row.created_at)!,
  }));
}

/** Adds a line to a quote's history. */
export function recordQuoteEvent(
  tx: Database,
  quoteId: number,
  event: { kind: string; actor: string; note?: string | null },
) {
  return tx.execute(sql`INSERT INTO quote_events (quote_id, kind, actor, note)
    VALUES (${quoteId}, ${event.kind}, ${event.actor}, ${event.note ?? null})`);
}
