import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffArea } from '#domain/staff.ts';
import type { ShopChange } from '../plugins/changes.ts';
import { auditActor, requireStaff } from '../plugins/staff-session.ts';
import type { AuditActor } from '../services/staff/audit.ts';
import type { StaffMember } from '../services/staff/staff.ts';

export interface StaffWriteSpec<T> {
  /** The part of the back office the write belongs to: the role must be allowed to work there. */
  area: StaffArea;
  /**
   * The change to announce once the write has committed, so every cache drops what it made stale
   * (server/plugins/changes.ts); a function decides from the result (e.g. nothing changed).
   */
  announce?: ShopChange | ((result: T) => ShopChange | null);
}

/**
 * Every staff write goes through here: the role is checked, the write runs (its service checks
 * the version the editor loaded and writes the audit row in the write's own transaction, through
 * versionedSave in services/staff-write.ts, given the actor made here), and the change is
 * announced after it commits.
 */
export async function staffWrite<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  spec: StaffWriteSpec<T>,
  write: (who: AuditActor, member: StaffMember) => Promise<T>,
): Promise<T> {
  const member = await requireStaff(request, spec.area);
  const result = await write(auditActor(request, member), member);
  const change = typeof spec.announce === 'function' ? spec.announce(result) : spec.announce;
  if (change) await app.changes.publish(change);
  return result;
}
