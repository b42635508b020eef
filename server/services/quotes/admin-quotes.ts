// Staff build quotes: a draft from scratch or an enquiry, edited while a draft, sent (a PDF and
// a link by mail), revised (a new revision of the same number, which replaces the one before as
// it is sent) and withdrawn. Every save is a staff write: version checked, audited.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { QuoteInput, QuoteJson } from '#domain/api-schemas-quotes.ts';
import {
  mayDo,
  QUOTE_MESSAGES,
  validUntil,
  effectiveState,
  QUOTE_ACTIONS,
} from '#domain/quotes.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import { hashToken } from '../sessions.ts';
import { mailShop } from '../shop-signature.ts';
import { versionedSave, type VersionTarget } from '../staff-write.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { priceQuote, type PricedQuote } from './quote-pricing.ts';
import { quoteMail } from './quote-mail.ts';
import { quoteJson, readQuote, recordQuoteEvent, type QuoteRow } from './quote-store.ts';

const target = (row: QuoteRow): VersionTarget => ({
  table: 'quotes',
  id: row.id,
  entity: 'quote',
  missing: QUOTE_MESSAGES.notFound,
  auditId: `${row.number}/v${row.revision}`,
});

/** The state staff act on: a sent quote past its validity counts as expired. */
const stateOf = (row: QuoteRow) =>
  effectiveState(
    { state: row.state, validUntil: row.valid_until ? new Date(row.valid_until) : null },
    new Date(),
  );

/** Locks every revision of a number (a customer may be accepting an older one meanwhile). */
async function lockRevisions(tx: Database, number: string) {
  const revisions = await queryRows<{ state: string }>(
    tx,
    sql`SELECT state FROM quotes WHERE number = ${number} ORDER BY revision FOR UPDATE`,
  );
  if (revisions.some((r) => r.state === 'accepted')) {
    throw conflict('An earlier revision of this quote was accepted: it can no longer change');
  }
}

function refuseUnless(action: keyof typeof QUOTE_ACTIONS, row: QuoteRow) {
  if (mayDo(action, stateOf(row))) return;
  const message =
    action === 'revise'
      ? QUOTE_MESSAGES.notRevisable
      : action === 'withdraw'
        ? QUOTE_MESSAGES.notWithdrawable
        : QUOTE_MESSAGES.notDraft;
  throw conflict(message);
}

/** The quote's columns and lines as priced, written over whatever the row held. */
async function writeQuote(tx: Database, id: number, input: QuoteInput, priced: PricedQuote) {
  const a = input.address;
  await tx.execute(sql`UPDATE quotes SET
      customer_id = coalesce(${input.customer_id ?? null}::int,
        (SELECT id FROM customers WHERE lower(email) = lower(${a.email}) LIMIT 1)),
      email = ${a.email}, name = ${`${a.first_name} ${a.last_name}`}, phone = ${a.phone},
      address = ${JSON.stringify(a)}::jsonb, enquiry_id = ${input.enquiry_id ?? null},
      valid_days = ${input.valid_days}, deposit_percent = ${input.deposit_percent},
      manual_delivery_pence = ${input.manual_delivery ?? null},
      delivery_pence = ${priced.deliveryPence}, total_pence = ${priced.totals.total.grossPence},
      deposit_pence = ${priced.totals.depositPence}, vat_rate = ${String(priced.vatPercent)},
      weight_kg = ${priced.weightKg.toFixed(2)}, delivery = ${JSON.stringify(priced.delivery)}::jsonb,
      notes = ${input.notes || null}, updated_at = now()
    WHERE id = ${id}`);
  await tx.execute(sql`DELETE FROM quote_lines WHERE quote_id = ${id}`);
  await tx.execute(sql`INSERT INTO quote_lines (quote_id, position, kind, product_id,
      variation_id, name, description, thickness_mm, length_mm, width_mm, drawing_id,
      edge_profile, finish, cutouts, cutout_price_pence, pieces, pricing, unit_price_pence, m2,
      weight_kg, gross_pence)
    SELECT ${id}, l.position, l.kind, l.product_id, l.variation_id, l.name, l.description,
      l.thickness_mm, l.length_mm, l.width_mm, l.drawing_id, l.edge_profile, l.finish, l.cutouts,
      l.cutout_price_pence, l.pieces, l.pricing, l.unit_price_pence, l.m2, l.weight_kg,
      l.gross_pence
    FROM jsonb_populate_recordset(NULL::quote_lines, ${JSON.stringify(priced.lines)}::jsonb) l`);
}

const summary = (input: QuoteInput, priced: PricedQuote) => ({
  email: input.address.email,
  lines: priced.lines.length,
  total: priced.totals.total.grossPence,
  deposit_percent: input.deposit_percent,
  valid_days: input.valid_days,
});

export class AdminQuotes {
  constructor(private readonly db: Database) {}

  /** The newest revision of a number, with its history. */
  async get(number: string): Promise<QuoteJson> {
    const row = await readQuote(this.db, sql`q.number = ${number}`);
    if (!row) throw notFound(QUOTE_MESSAGES.notFound);
    return quoteJson(this.db, row, { history: true });
  }

  /** A new draft (Q-100001, revision 1), from scratch or answering an enquiry. */
  async create(input: QuoteInput, who: AuditActor): Promise<QuoteJson> {
    if (input.enquiry_id) {
      const [found] = await queryRows(
        this.db,
        sql`SELECT 1 FROM enquiries WHERE id = ${input.enquiry_id}`,
      );
      if (!found) throw notFound(QUOTE_MESSAGES.unknownEnquiry);
    }
    const priced = await priceQuote(this.db, input);
    const number = await this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number; number: string }>(
        tx,
        sql`INSERT INTO quotes (number, email, name, address, created_by)
            VALUES ('Q-' || nextval('quote_number_seq'), '', '', '{}'::jsonb, ${who.actor})
            RETURNING id, number`,
      );
      await writeQuote(tx, row!.id, input, priced);
      await recordQuoteEvent(tx, row!.id, {
        kind: 'created',
        actor: who.actor,
        note: input.enquiry_id ? `From enquiry #${input.enquiry_id}` : null,
      });
      await audit(tx, who, {
        action: 'quote.create',
        entity: 'quote',
        entityId: `${row!.number}/v1`,
        after: { ...summary(input, priced), version: 1 },
      });
      return row!.number;
    });
    return this.get(number);
  }

  /** A draft changed and priced again (409 unless a draft, or from an older version). */
  async update(number: string, input: QuoteInput, who: AuditActor): Promise<QuoteJson> {
    const row = await this.latest(number);
    refuseUnless('edit', row);
    const priced = await priceQuote(this.db, input);
    await versionedSave(
      this.db,
      who,
      { target: target(row), loaded: input.version, action: 'quote.edit' },
      async (tx) => {
        const locked = await readQuote(tx, sql`q.id = ${row.id}`, true);
        refuseUnless('edit', locked!);
        await writeQuote(tx, row.id, input, priced);
        await recordQuoteEvent(tx, row.id, { kind: 'edited', actor: who.actor });
        return {
          before: { total: row.total_pence, email: row.email },
          after: summary(input, priced),
          result: null,
        };
      },
    );
    return this.get(number);
  }

  /**
   * Sends a draft: valid from now for its days, a new link secret, a mail with the PDF and the
   * link. Earlier revisions are superseded as it goes (409 when one was accepted meanwhile).
   */
  async send(
    number: string,
    loaded: number | undefined,
    who: AuditActor,
    linkTo: (number: string, token: string) => string,
  ): Promise<{ data: QuoteJson; link: string }> {
    const row = await this.latest(number);
    const token = randomBytes(24).toString('base64url');
    const link = linkTo(number, token);
    await versionedSave(
      this.db,
      who,
      { target: target(row), loaded, action: 'quote.send' },
      async (tx) => {
        await lockRevisions(tx, number);
        const locked = (await readQuote(tx, sql`q.id = ${row.id}`))!;
        refuseUnless('send', locked);
        const [lines] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM quote_lines WHERE quote_id = ${row.id}`,
        );
        if (!lines!.n) throw conflict(QUOTE_MESSAGES.noLines);
        const sentAt = new Date();
        const until = validUntil(sentAt, locked.valid_days);
        await tx.execute(sql`UPDATE quotes SET state = 'superseded',
            updated_at = now()
          WHERE number = ${number} AND id <> ${row.id} AND state IN ('sent', 'expired', 'draft')`);
        await tx.execute(sql`UPDATE quotes SET state = 'sent', sent_at = ${sentAt.toISOString()},
            valid_until = ${until.toISOString()}, token_hash = ${hashToken(token)},
            updated_at = now()
          WHERE id = ${row.id}`);
        const json = await quoteJson(tx, (await readQuote(tx, sql`q.id = ${row.id}`))!, {
          history: false,
        });
        await writeMail(tx, {
          kind: 'quote',
          orderId: null,
          eventKey: `quote:${row.id}:${hashToken(token).slice(0, 16)}`,
          message: quoteMail(json, link, await mailShop(tx)),
          attachments: [{ kind: 'quote', id: row.id }],
        });
        await recordQuoteEvent(tx, row.id, {
          kind: 'sent',
          actor: who.actor,
          note: `To ${locked.email}, valid until ${until.toISOString().slice(0, 10)}`,
        });
        return {
          before: { state: locked.state },
          after: { state: 'sent', valid_until: until.toISOString() },
          result: null,
        };
      },
    );
    announceMail();
    return { data: await this.get(number), link };
  }

  /** A new draft revision copying the sent (or expired) one; it replaces it once sent. */
  async revise(number: string, loaded: number | undefined, who: AuditActor): Promise<QuoteJson> {
    const row = await this.latest(number);
    await versionedSave(
      this.db,
      who,
      { target: target(row), loaded, action: 'quote.revise' },
      async (tx) => {
        const locked = (await readQuote(tx, sql`q.id = ${row.id}`))!;
        refuseUnless('revise', locked);
        const [next] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO quotes (number, revision, customer_id, email, name, phone, address,
                enquiry_id, valid_days, deposit_percent, manual_delivery_pence, delivery_pence,
                total_pence, deposit_pence, vat_rate, weight_kg, delivery, notes, created_by)
              SELECT number, revision + 1, customer_id, email, name, phone, address, enquiry_id,
                valid_days, deposit_percent, manual_delivery_pence, delivery_pence, total_pence,
                deposit_pence, vat_rate, weight_kg, delivery, notes, ${who.actor}
              FROM quotes WHERE id = ${row.id}
              RETURNING id`,
        );
        await tx.execute(sql`INSERT INTO quote_lines (quote_id, position, kind, product_id,
            variation_id, name, description, thickness_mm, length_mm, width_mm, drawing_id,
            edge_profile, finish, cutouts, cutout_price_pence, pieces, pricing,
            unit_price_pence, m2, weight_kg, gross_pence)
          SELECT ${next!.id}, position, kind, product_id, variation_id, name, description,
            thickness_mm, length_mm, width_mm, drawing_id, edge_profile, finish, cutouts,
            cutout_price_pence, pieces, pricing, unit_price_pence, m2, weight_kg, gross_pence
          FROM quote_lines WHERE quote_id = ${row.id}`);
        await recordQuoteEvent(tx, next!.id, {
          kind: 'revised',
          actor: who.actor,
          note: `Revision ${row.revision + 1} drafted from revision ${row.revision}`,
        });
        return {
          before: { revision: row.revision },
          after: { revision: row.revision + 1 },
          result: null,
        };
      },
    );
    return this.get(number);
  }

  /** Withdraws a draft or sent quote: its link stops working. */
  async withdraw(number: string, loaded: number | undefined, who: AuditActor): Promise<QuoteJson> {
    const row = await this.latest(number);
    await versionedSave(
      this.db,
      who,
      { target: target(row), loaded, action: 'quote.withdraw' },
      async (tx) => {
        await lockRevisions(tx, number);
        const locked = (await readQuote(tx, sql`q.id = ${row.id}`))!;
        refuseUnless('withdraw', locked);
        // The sent revision a draft would replace is withdrawn with it: its link must stop too.
        await tx.execute(sql`UPDATE quotes SET state = 'withdrawn', updated_at = now()
          WHERE number = ${number} AND (id = ${row.id} OR state IN ('sent', 'expired', 'draft'))`);
        await recordQuoteEvent(tx, row.id, { kind: 'withdrawn', actor: who.actor });
        return { before: { state: locked.state }, after: { state: 'withdrawn' }, result: null };
      },
    );
    return this.get(number);
  }

  private async latest(number: string): Promise<QuoteRow> {
    const row = await readQuote(this.db, sql`q.number = ${number}`);
    if (!row) throw notFound(QUOTE_MESSAGES.notFound);
    return row;
  }
}
