// The trade side of a customer's data export (data-export.ts): what they sent to apply for a
// trade account and staff's answer, and the account with its terms. The evidence file is named by
// its kind and size only: it is the customer's own document, sent to them on request.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type { DataExportJson } from '#domain/api-schemas-privacy.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { isoInstant, isoInstantOrNull } from '#domain/dates.ts';

export async function exportTradeData(
  db: Database,
  customerId: number,
): Promise<DataExportJson['trade']> {
  const [applications, accounts] = await Promise.all([
    queryRows<
      Omit<
        DataExportJson['trade']['applications'][number],
        'evidence' | 'sent_at' | 'decided_at'
      > & {
        content_type: string | null;
        size_bytes: number | null;
        sent_at: string | Date;
        decided_at: string | Date | null;
      }
    >(
      db,
      sql`SELECT a.status, a.company, a.company_number, a.vat_number, a.trade, a.address_line_1,
            a.address_line_2, a.town, a.postcode, a.refusal_reason, a.created_at AS sent_at,
            a.decided_at, e.content_type, e.size_bytes
          FROM trade_applications a LEFT JOIN trade_evidence e ON e.id = a.evidence_id
          WHERE a.customer_id = ${customerId} ORDER BY a.created_at, a.id`,
    ),
    queryRows<{
      company: string;
      company_number: string;
      vat_number: string;
      trade: string;
      credit_limit_pence: number | null;
      terms_kind: string;
      terms_days: number;
      stopped_at: string | Date | null;
      stop_reason: string | null;
      created_at: string | Date;
    }>(
      db,
      sql`SELECT company, company_number, vat_number, trade, credit_limit_pence, terms_kind,
            terms_days, stopped_at, stop_reason, created_at
          FROM trade_accounts WHERE customer_id = ${customerId}`,
    ),
  ]);
  const account = accounts[0];
  return {
    applications: applications.map(({ content_type, size_bytes, ...row }) => ({
      ...row,
      evidence: content_type === null || size_bytes === null ? null : { content_type, size_bytes },
      sent_at: isoInstant(row.sent_at),
      decided_at: isoInstantOrNull(row.decided_at),
    })),
    account: account
      ? {
          company: account.company,
          company_number: account.company_number,
          vat_number: account.vat_number,
          trade: account.trade,
          credit_limit:
            account.credit_limit_pence === null
              ? null
              : formatPoundsPlain(account.credit_limit_pence),
          terms_kind: account.terms_kind,
          terms_days: account.terms_days,
          stopped_at: isoInstantOrNull(account.stopped_at),
          stop_reason: account.stop_reason,
          opened_at: isoInstant(account.created_at),
        }
      : null,
  };
}
