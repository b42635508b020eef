// Trade account applications: the evidence upload, the application (one open per customer), the
// staff queue and its two answers. Every decision is a staff write: version checked, audited,
// and mailed to the applicant through the outbox in the same transaction.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import type {
  AdminTradeApplicationJson,
  MyTradeStatusJson,
  TradeApplicationInput,
  TradeApplicationJson,
} from '#domain/api-schemas-trade.ts';
import {
  EVIDENCE_WAITING_MAX,
  evidenceFileName,
  TRADE_MESSAGES,
  type Trade,
  type TradeApplicationStatus,
} from '#domain/trade-applications.ts';
import { documentType } from '#domain/uploads.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import { announceMail, writeMail } from '../mail-outbox/outbox.ts';
import { mailShop } from '../shop-signature.ts';
import { versionedSave, type VersionTarget } from '../staff-write.ts';
import type { AuditActor } from '../staff/audit.ts';
import { decisionMail, newApplicationMail } from './trade-mails.ts';

interface ApplicationRow {
  id: number;
  customer_id: number;
  status: TradeApplicationStatus;
  company: string;
  company_number: string;
  vat_number: string;
  trade: Trade;
  address_line_1: string;
  address_line_2: string;
  town: string;
  postcode: string;
  evidence_id: number;
  refusal_reason: string | null;
  decided_by: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
  version: number;
  email: string;
  name: string;
  group_name: string | null;
  content_type: string;
  size_bytes: number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function applicationJson(row: ApplicationRow): TradeApplicationJson {
  return {
    id: row.id,
    status: row.status,
    company: row.company,
    company_number: row.company_number,
    vat_number: row.vat_number,
    trade: row.trade,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    town: row.town,
    postcode: row.postcode,
    refusal_reason: row.refusal_reason,
    created_at: iso(row.created_at)!,
    decided_at: iso(row.decided_at),
  };
}

function adminJson(row: ApplicationRow): AdminTradeApplicationJson {
  return {
    ...applicationJson(row),
    customer_id: row.customer_id,
    email: row.email,
    name: row.name,
    evidence: {
      id: row.evidence_id,
      content_type: row.content_type,
      size_bytes: row.size_bytes,
      file_name: evidenceFileName(row.id, row.content_type),
      url: `/api/admin/trade/applications/${row.id}/evidence`,
    },
    group: row.group_name,
    decided_by: row.decided_by,
    version: row.version,
  };
}

const SELECT = sql`SELECT a.*, c.email, trim(c.first_name || ' ' || c.last_name) AS name,
    g.name AS group_name, e.content_type, e.size_bytes
  FROM trade_applications a
  JOIN customers c ON c.id = a.customer_id
  JOIN trade_evidence e ON e.id = a.evidence_id
  LEFT JOIN customer_groups g ON g.id = a.group_id`;

const target = (id: number): VersionTarget => ({
  table: 'trade_applications',
  id,
  entity: 'trade_application',
  missing: 'Application not found',
});

/** Where the mails point: the back office's queue and the customer's trade page. */
export interface TradeLinks {
  shopEmail: string;
  origin: string;
}

export class TradeApplications {
  constructor(private readonly db: Database) {}

  private async one(db: Database, id: number): Promise<ApplicationRow | null> {
    const [row] = await queryRows<ApplicationRow>(db, sql`${SELECT} WHERE a.id = ${id}`);
    return row ?? null;
  }

  /**
   * Keeps an evidence file for the customer's coming application: 415 unless its bytes are a
   * PDF, JPEG, PNG or WebP; 409 when too many already wait.
   */
  async storeEvidence(customerId: number, bytes: unknown) {
    const type = Buffer.isBuffer(bytes) ? documentType(bytes) : null;
    if (!type) throw new HttpError(415, 'unsupported_media_type', TRADE_MESSAGES.evidenceType);
    const body = bytes as Buffer;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM customers WHERE id = ${customerId} FOR UPDATE`);
      const [waiting] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM trade_evidence e WHERE e.customer_id = ${customerId}
            AND NOT EXISTS (SELECT 1 FROM trade_applications a WHERE a.evidence_id = e.id)`,
      );
      if (waiting!.n >= EVIDENCE_WAITING_MAX) throw conflict(TRADE_MESSAGES.evidenceWaiting);
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO trade_evidence (customer_id, content_type, size_bytes, bytes)
            VALUES (${customerId}, ${type}, ${body.length}, ${body}) RETURNING id`,
      );
      return { id: row!.id, content_type: type, size_bytes: body.length };
    });
  }

  /** The customer's trade status and latest application. */
  async mine(customerId: number): Promise<MyTradeStatusJson> {
    const [customer] = await queryRows<{ group_name: string | null }>(
      this.db,
      sql`SELECT g.name AS group_name FROM customers c
          LEFT JOIN customer_groups g ON g.id = c.group_id WHERE c.id = ${customerId}`,
    );
    const [latest] = await queryRows<ApplicationRow>(
      this.db,
      sql`${SELECT} WHERE a.customer_id = ${customerId} ORDER BY a.id DESC LIMIT 1`,
    );
    return {
      trade: customer?.group_name != null,
      group: customer?.group_name ?? null,
      application: latest ? applicationJson(latest) : null,
    };
  }

  /**
   * Files an application: 409 when the customer is trade already or has one open; 400 naming
   * evidence_id when the evidence is not theirs or is used. The shop is mailed.
   */
  async apply(
    customerId: number,
    input: TradeApplicationInput,
    links: TradeLinks,
  ): Promise<TradeApplicationJson> {
    const json = await this.db.transaction(async (tx) => {
      const [customer] = await queryRows<{ group_id: number | null; email: string; name: string }>(
        tx,
        sql`SELECT group_id, email, trim(first_name || ' ' || last_name) AS name
            FROM customers WHERE id = ${customerId} FOR UPDATE`,
      );
      if (!customer) throw notFound('Account not found');
      if (customer.group_id !== null) throw conflict(TRADE_MESSAGES.alreadyTrade);
      const open = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM trade_applications
            WHERE customer_id = ${customerId} AND status = 'pending'`,
      );
      if (open.length > 0) throw conflict(TRADE_MESSAGES.alreadyOpen);
      const evidence = await queryRows<{ id: number }>(
        tx,
        sql`SELECT e.id FROM trade_evidence e
            WHERE e.id = ${input.evidence_id} AND e.customer_id = ${customerId}
              AND NOT EXISTS (SELECT 1 FROM trade_applications a WHERE a.evidence_id = e.id)`,
      );
      if (evidence.length === 0) {
        throw badRequest(TRADE_MESSAGES.evidenceRequired, {
          evidence_id: TRADE_MESSAGES.evidenceRequired,
        });
      }
      const [{ id }] = (await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO trade_applications (customer_id, company, company_number, vat_number,
              trade, address_line_1, address_line_2, town, postcode, evidence_id)
            VALUES (${customerId}, ${input.company}, ${input.company_number},
              ${input.vat_number}, ${input.trade}, ${input.address_line_1},
              ${input.address_line_2}, ${input.town}, ${input.postcode}, ${input.evidence_id})
            RETURNING id`,
      )) as [{ id: number }];
      const application = applicationJson((await this.one(tx, id))!);
      const shop = await mailShop(tx);
      await writeMail(tx, {
        kind: 'trade_application',
        orderId: null,
        eventKey: `trade_application:${id}`,
        message: newApplicationMail(application, customer, {
          shopEmail: links.shopEmail,
          queueUrl: `${links.origin}/admin/trade/applications`,
          shopName: shop.trading_name,
        }),
      });
      return application;
    });
    announceMail();
    return json;
  }

  /** The queue: pending first (oldest first, as they wait), then decided ones, newest first. */
  async list(status?: TradeApplicationStatus): Promise<AdminTradeApplicationJson[]> {
    const rows = await queryRows<ApplicationRow>(
      this.db,
      sql`${SELECT} ${status ? sql`WHERE a.status = ${status}` : sql``}
          ORDER BY a.status = 'pending' DESC,
            CASE WHEN a.status = 'pending' THEN a.created_at END ASC,
            a.decided_at DESC NULLS LAST, a.id DESC
          LIMIT 500`,
    );
    return rows.map(adminJson);
  }

  async get(id: number): Promise<AdminTradeApplicationJson> {
    const row = await this.one(this.db, id);
    if (!row) throw notFound('Application not found');
    return adminJson(row);
  }

  /** The evidence file, for staff only. */
  async evidence(id: number): Promise<{ contentType: string; fileName: string; bytes: Buffer }> {
    const [row] = await queryRows<{ content_type: string; bytes: Buffer }>(
      this.db,
      sql`SELECT e.content_type, e.bytes FROM trade_applications a
          JOIN trade_evidence e ON e.id = a.evidence_id WHERE a.id = ${id}`,
    );
    if (!row) throw notFound('Application not found');
    return {
      contentType: row.content_type,
      fileName: evidenceFileName(id, row.content_type),
      bytes: Buffer.from(row.bytes),
    };
  }

  /**
   * Approves a pending application: the customer joins the group (the seeded 'Trade' group
   * unless another is chosen) and gets a trade account with the company's facts and no credit.
   */
  approve(
    id: number,
    choice: { version: number; group_id?: number },
    who: AuditActor,
    links: TradeLinks,
  ): Promise<AdminTradeApplicationJson> {
    return this.decide(id, choice.version, who, links, 'approve', async (tx, row) => {
      const [group] = await queryRows<{ id: number }>(
        tx,
        choice.group_id === undefined
          ? sql`SELECT id FROM customer_groups WHERE name = 'Trade'`
          : sql`SELECT id FROM customer_groups WHERE id = ${choice.group_id}`,
      );
      if (!group) throw badRequest('Choose a customer group', { group_id: 'Choose a group' });
      await tx.execute(sql`UPDATE trade_applications SET status = 'approved',
          group_id = ${group.id} WHERE id = ${id}`);
      await tx.execute(sql`INSERT INTO trade_accounts
            (customer_id, company, company_number, vat_number, trade)
          VALUES (${row.customer_id}, ${row.company}, ${row.company_number}, ${row.vat_number},
            ${row.trade})
          ON CONFLICT (customer_id) DO UPDATE SET company = excluded.company,
            company_number = excluded.company_number, vat_number = excluded.vat_number,
            trade = excluded.trade, version = trade_accounts.version + 1, updated_at = now()`);
      await tx.execute(sql`UPDATE customers SET group_id = ${group.id}, updated_at = now()
          WHERE id = ${row.customer_id}`);
      return { group_id: group.id };
    });
  }

  /** Refuses a pending application with the reason the applicant reads. */
  refuse(
    id: number,
    choice: { version: number; reason: string },
    who: AuditActor,
    links: TradeLinks,
  ): Promise<AdminTradeApplicationJson> {
    return this.decide(id, choice.version, who, links, 'refuse', async (tx) => {
      await tx.execute(sql`UPDATE trade_applications SET status = 'refused',
          refusal_reason = ${choice.reason} WHERE id = ${id}`);
      return { reason: choice.reason };
    });
  }

  private async decide(
    id: number,
    loaded: number,
    who: AuditActor,
    links: TradeLinks,
    step: 'approve' | 'refuse',
    write: (tx: Database, row: ApplicationRow) => Promise<Record<string, unknown>>,
  ): Promise<AdminTradeApplicationJson> {
    const json = await versionedSave(
      this.db,
      who,
      { target: target(id), loaded, action: `trade_application.${step}` },
      async (tx) => {
        const before = (await this.one(tx, id))!;
        if (before.status !== 'pending') throw conflict(TRADE_MESSAGES.notPending);
        const after = await write(tx, before);
        await tx.execute(sql`UPDATE trade_applications SET decided_by = ${who.actor},
            decided_at = now(), updated_at = now() WHERE id = ${id}`);
        const row = (await this.one(tx, id))!;
        await writeMail(tx, {
          kind: 'trade_decision',
          orderId: null,
          eventKey: `trade_application:${id}`,
          message: decisionMail(
            applicationJson(row),
            row.email,
            { accountUrl: `${links.origin}/my-account/trade` },
            await mailShop(tx),
          ),
        });
        return {
          before: { status: before.status },
          after: { status: row.status, ...after },
          result: adminJson(row),
        };
      },
    );
    announceMail();
    return json;
  }
}
