import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  termsLabel,
  TRADE_ACCOUNT_MESSAGES,
  type TradeAccountJson,
  type TradeAccountRowJson,
  type TradeTermsInput,
  type TermsKind,
} from '#domain/api-schemas-trade-accounts.ts';
import { londonDay } from '#domain/dashboard.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { AuditActor } from '../staff/audit.ts';
import { versionedSave, type VersionTarget } from '../staff-write.ts';
import { accountStatement } from './ledger.ts';

const target = (customerId: number): VersionTarget => ({
  table: 'trade_accounts',
  keyColumn: 'customer_id',
  id: customerId,
  entity: 'trade_account',
  missing: TRADE_ACCOUNT_MESSAGES.notTrade,
});

/** One account as staff see it: the customer's statement and the account's own facts. */
export async function tradeAccountJson(
  db: Database,
  customerId: number,
  now = new Date(),
): Promise<TradeAccountJson | null> {
  const found = await accountStatement(db, customerId, now);
  if (!found) return null;
  const { head, statement } = found;
  return {
    ...statement,
    customer_id: head.customerId,
    email: head.email,
    group: head.group,
    company_number: head.companyNumber,
    vat_number: head.vatNumber,
    stopped_at: head.stoppedAt?.toISOString() ?? null,
    stop_reason: head.stopReason,
    version: head.version,
  };
}

/**
 * Trade accounts for staff: the list with each account's balance and what is overdue, one
 * account's ledger, and the saves of its credit limit, terms and stop, each version-checked
 * and audited (versionedSave).
 */
export class AdminTradeAccounts {
  constructor(private readonly db: Database) {}

  async list(query: {
    page: number;
    per_page: number;
    overdue?: boolean | undefined;
    q?: string | undefined;
  }): Promise<{ data: TradeAccountRowJson[]; total: number }> {
    const today = londonDay(new Date());
    const like = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
    const rows = await queryRows<{
      customer_id: number;
      company: string;
      email: string;
      group: string | null;
      credit_limit_pence: number | null;
      terms_kind: TermsKind;
      terms_days: number;
      balance: number;
      overdue: number;
      stopped: boolean;
      total: number;
    }>(
      this.db,
      // Per invoice what it still owes (never below nothing), then per account; the same sums
      // as domain/trade-ledger.ts accountFigures, so the list and the account agree.
      sql`WITH owed AS (
          SELECT o.customer_id, i.due_on, o.total_pence
              - coalesce((SELECT sum(c.amount_pence) FROM credit_notes c WHERE c.order_id = o.id
                  AND c.refund_ref <> 'revision' AND c.invoice_number IS NULL), 0) AS net,
            coalesce((SELECT sum(a.amount_pence) FROM account_allocations a
              WHERE a.invoice_id = i.id), 0) AS allocated
          FROM invoices i JOIN orders o ON o.id = i.order_id
          WHERE i.due_on IS NOT NULL AND i.superseded_at IS NULL
        ), figures AS (
          SELECT t.customer_id,
            coalesce((SELECT sum(net) FROM owed WHERE owed.customer_id = t.customer_id), 0)
              - coalesce((SELECT sum(amount_pence) FROM account_payments p
                  WHERE p.customer_id = t.customer_id), 0) AS balance,
            coalesce((SELECT sum(greatest(0, net - allocated)) FROM owed
              WHERE owed.customer_id = t.customer_id AND owed.due_on < ${today}::date), 0) AS overdue
          FROM trade_accounts t
        )
        SELECT t.customer_id, t.company, c.email, g.name AS "group", t.credit_limit_pence,
          t.terms_kind, t.terms_days, f.balance::int AS balance, f.overdue::int AS overdue,
          t.stopped_at IS NOT NULL AS stopped, count(*) OVER ()::int AS total
        FROM trade_accounts t JOIN customers c ON c.id = t.customer_id
        JOIN figures f ON f.customer_id = t.customer_id
        LEFT JOIN customer_groups g ON g.id = c.group_id
        WHERE (${query.overdue ?? false} = false OR f.overdue > 0)
          AND (${like}::text IS NULL OR t.company ILIKE ${like} OR c.email ILIKE ${like})
        ORDER BY f.overdue DESC, t.company, t.customer_id
        LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
    );
    return {
      total: rows[0]?.total ?? 0,
      data: rows.map((row) => ({
        customer_id: row.customer_id,
        company: row.company,
        email: row.email,
        group: row.group,
        credit_limit:
          row.credit_limit_pence === null ? null : formatPoundsPlain(row.credit_limit_pence),
        terms: termsLabel(row.terms_kind, row.terms_days),
        balance: formatPoundsPlain(row.balance),
        overdue: formatPoundsPlain(row.overdue),
        stopped: row.stopped,
      })),
    };
  }

  async one(customerId: number): Promise<TradeAccountJson> {
    const account = await tradeAccountJson(this.db, customerId);
    if (!account) throw notFound(TRADE_ACCOUNT_MESSAGES.notTrade);
    return account;
  }

  /** The credit limit and terms; orders already invoiced keep their due days. */
  async setTerms(customerId: number, input: TradeTermsInput, who: AuditActor) {
    await versionedSave(
      this.db,
      who,
      { target: target(customerId), loaded: input.version, action: 'trade_account.terms' },
      async (tx) => {
        const [before] = await queryRows<{
          credit_limit_pence: number | null;
          terms_kind: string;
          terms_days: number;
        }>(
          tx,
          sql`SELECT credit_limit_pence, terms_kind, terms_days FROM trade_accounts
              WHERE customer_id = ${customerId}`,
        );
        const after = {
          credit_limit_pence: input.credit_limit,
          terms_kind: input.terms_kind,
          terms_days: input.terms_days,
        };
        await tx.execute(sql`UPDATE trade_accounts SET credit_limit_pence = ${input.credit_limit},
            terms_kind = ${input.terms_kind}, terms_days = ${input.terms_days}, updated_at = now()
          WHERE customer_id = ${customerId}`);
        return { before, after, result: null };
      },
    );
    return this.one(customerId);
  }

  /** Stops the account (no new orders on account) with the reason, or opens it again. */
  async setStopped(
    customerId: number,
    change: { reason: string } | null,
    loaded: number | undefined,
    who: AuditActor,
  ) {
    await versionedSave(
      this.db,
      who,
      {
        target: target(customerId),
        loaded,
        action: change ? 'trade_account.stop' : 'trade_account.reopen',
      },
      async (tx) => {
        const [before] = await queryRows<{ stopped_at: Date | null; stop_reason: string | null }>(
          tx,
          sql`SELECT stopped_at, stop_reason FROM trade_accounts WHERE customer_id = ${customerId}`,
        );
        if (change && before!.stopped_at !== null) throw conflict(TRADE_ACCOUNT_MESSAGES.stopped);
        if (!change && before!.stopped_at === null) {
          throw conflict(TRADE_ACCOUNT_MESSAGES.notStopped);
        }
        await tx.execute(sql`UPDATE trade_accounts SET
            stopped_at = ${change ? sql`now()` : null}, stop_reason = ${change?.reason ?? null},
            updated_at = now()
          WHERE customer_id = ${customerId}`);
        return {
          before: { stopped: before!.stopped_at !== null, stop_reason: before!.stop_reason },
          after: { stopped: change !== null, stop_reason: change?.reason ?? null },
          result: null,
        };
      },
    );
    return this.one(customerId);
  }
}
