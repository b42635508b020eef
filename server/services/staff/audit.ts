import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';

/** Who did something, and from where. */
export interface AuditActor {
  staffId: number | null;
  /** The staff member's email, or what was typed at a failed sign-in. */
  actor: string;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEntry {
  action: string;
  entity?: string;
  entityId?: string | number;
  before?: unknown;
  after?: unknown;
}

export interface AuditRowJson {
  id: number;
  at: string;
  staff_id: number | null;
  actor: string;
  action: string;
  entity: string | null;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  user_agent: string | null;
}

/** Appends to the audit log (the table refuses updates and deletes); `db` may be a transaction. */
export async function audit(db: Database, who: AuditActor, entry: AuditEntry): Promise<void> {
  await db.execute(sql`INSERT INTO audit_log
      (staff_id, actor, action, entity, entity_id, before, after, ip, user_agent)
    VALUES (${who.staffId}, ${who.actor}, ${entry.action}, ${entry.entity ?? null},
      ${entry.entityId === undefined ? null : String(entry.entityId)},
      ${entry.before === undefined ? null : JSON.stringify(entry.before)}::jsonb,
      ${entry.after === undefined ? null : JSON.stringify(entry.after)}::jsonb,
      ${who.ip}, ${who.userAgent})`);
}

/** The log, newest first, with its total. */
export async function readAudit(
  db: Database,
  page: number,
  perPage: number,
): Promise<{ data: AuditRowJson[]; total: number }> {
  const rows = await queryRows<AuditRowJson & { at: string | Date; total: number }>(
    db,
    sql`SELECT id, at, staff_id, actor, action, entity, entity_id, before, after, ip, user_agent,
          count(*) OVER ()::int AS total
        FROM audit_log ORDER BY id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  return {
    total: rows[0]?.total ?? 0,
    data: rows.map(({ total: _total, ...row }) => ({
      ...row,
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
    })),
  };
}
