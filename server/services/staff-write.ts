import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { audit, type AuditActor } from './staff/audit.ts';

/** The tables staff edit row by row, each with a `version` counted up on every save. */
export type VersionedTable =
  | 'products'
  | 'categories'
  | 'attribute_terms'
  | 'pages'
  | 'posts'
  | 'staff'
  | 'returns'
  | 'orders'
  | 'discount_codes'
  | 'trade_accounts'
  | 'trade_applications'
  | 'customer_groups'
  | 'quotes';

export interface VersionTarget {
  table: VersionedTable;
  id: number;
  /** The audit log's entity name for the row, where its history is read from. */
  entity: string;
  /** What the 404 says when the row is gone. */
  missing: string;
  /** The audit log's entity_id for the row, when not its id (an order's number). */
  auditId?: string;
  /** The row's key column when not `id` (a trade account is keyed by its customer). */
  keyColumn?: 'customer_id';
}

/** One save made since the version the editor loaded, from the audit log. */
export interface ChangeSince {
  at: string;
  actor: string;
  action: string;
  fields: string[];
}

/** The top-level fields whose values differ between an audit row's before and after. */
function changedFields(before: unknown, after: unknown): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || typeof a !== 'object' || Array.isArray(a)) return [];
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (key) => key !== 'version' && JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  );
}

/** The saves of an entity since a version (or the last one when none recorded a version). */
async function changesSince(
  tx: Database,
  entity: string,
  id: number | string,
  version: number,
): Promise<ChangeSince[]> {
  const rows = await queryRows<{
    at: Date | string;
    actor: string;
    action: string;
    before: unknown;
    after: unknown;
    versioned: boolean;
  }>(
    tx,
    sql`SELECT at, actor, action, before, after,
        (after->>'version') IS NOT NULL AS versioned
      FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)}
        AND (after->>'version' IS NULL OR (after->>'version')::int > ${version})
      ORDER BY id DESC LIMIT 10`,
  );
  const since = rows.some((r) => r.versioned) ? rows.filter((r) => r.versioned) : rows.slice(0, 1);
  return since.reverse().map((row) => ({
    at: new Date(row.at).toISOString(),
    actor: row.actor,
    action: row.action,
    fields: changedFields(row.before, row.after),
  }));
}

/** The 409 of a save from an older version: who saved what since, and the version now. */
async function staleVersion(
  tx: Database,
  entity: string,
  id: number | string,
  loaded: number,
  current: number,
): Promise<HttpError> {
  const changes = await changesSince(tx, entity, id, loaded);
  const last = changes.at(-1);
  const message = last
    ? `Someone else saved this since you opened it (${last.actor}, ${last.fields.join(', ') || last.action}): reload to see their changes, then apply yours again`
    : 'Someone else saved this since you opened it: reload to see their changes, then apply yours again';
  return new HttpError(409, 'version_conflict', message, undefined, undefined, {
    version: current,
    your_version: loaded,
    changes,
  });
}

/**
 * Locks a row for a staff save and checks the version its editor loaded: an older one is refused
 * with a 409 naming what changed since and by whom (from the audit log). Answers the row's next
 * version, already stored, so the caller's audit row can carry it. `loaded` undefined (an API
 * client that does not send one) skips the check but still counts the save.
 */
export async function claimVersion(
  tx: Database,
  target: VersionTarget,
  loaded: number | undefined,
): Promise<number> {
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`SELECT version FROM ${sql.identifier(target.table)}
      WHERE ${sql.identifier(target.keyColumn ?? 'id')} = ${target.id} FOR UPDATE`,
  );
  if (!row) throw notFound(target.missing);
  if (loaded !== undefined && loaded !== row.version) {
    throw await staleVersion(tx, target.entity, target.auditId ?? target.id, loaded, row.version);
  }
  await tx.execute(sql`UPDATE ${sql.identifier(target.table)} SET version = version + 1
    WHERE ${sql.identifier(target.keyColumn ?? 'id')} = ${target.id}`);
  return row.version + 1;
}

/** What is saved whole, each with one version counter: the mega-menu, the home page, settings. */
export type VersionedResource = 'menu' | 'home' | `settings:${string}`;

/**
 * The same for what is saved whole (the mega-menu, the home page, a section of the settings):
 * one counter per resource, created at version 1 on first use.
 */
export async function claimResourceVersion(
  tx: Database,
  resource: VersionedResource,
  loaded: number | undefined,
): Promise<number> {
  await tx.execute(sql`INSERT INTO resource_versions (resource) VALUES (${resource})
    ON CONFLICT (resource) DO NOTHING`);
  const [row] = await queryRows<{ version: number }>(
    tx,
    sql`SELECT version FROM resource_versions WHERE resource = ${resource} FOR UPDATE`,
  );
  if (loaded !== undefined && loaded !== row!.version) {
    throw await staleVersion(tx, resource, resource, loaded, row!.version);
  }
  await tx.execute(sql`UPDATE resource_versions SET version = version + 1
    WHERE resource = ${resource}`);
  return row!.version + 1;
}

/** The version of a whole resource now (1 before its first save). */
export async function resourceVersion(db: Database, resource: VersionedResource): Promise<number> {
  const [row] = await queryRows<{ version: number }>(
    db,
    sql`SELECT version FROM resource_versions WHERE resource = ${resource}`,
  );
  return row?.version ?? 1;
}

export interface VersionedSave<T> {
  /** The audit row's before and after (the after gets the new version). */
  before: unknown;
  after: Record<string, unknown>;
  result: T;
}

/**
 * A staff save of one versioned row, in one transaction: the row locked and its version checked
 * (claimVersion), the write, and its audit row (before → after, with the new version, which a
 * later 409 reads back).
 */
export function versionedSave<T>(
  db: Database,
  who: AuditActor,
  spec: { target: VersionTarget; loaded: number | undefined; action: string },
  write: (tx: Database, version: number) => Promise<VersionedSave<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const version = await claimVersion(tx, spec.target, spec.loaded);
    const { before, after, result } = await write(tx, version);
    await audit(tx, who, {
      action: spec.action,
      entity: spec.target.entity,
      entityId: spec.target.id,
      before,
      after: { ...after, version },
    });
    return result;
  });
}
