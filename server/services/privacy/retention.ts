import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import {
  CONTACT_ADDRESS_FIELDS,
  ERASED_EMAIL_DOMAIN,
  INVOICE_ADDRESS_FIELDS,
  SETTLED_ORDER_STATUSES,
  UNATTACHED_UPLOAD_DAYS,
  UNCONFIRMED_SIGNUP_DAYS,
  type RetentionCounts,
} from '#domain/retention.ts';
import { audit, type AuditActor } from '../staff/audit.ts';

/** Taken for the sweep's transaction: two instances never sweep at once. */
const RETENTION_LOCK = 7_310_028;

const blanks = (fields: readonly string[]) =>
  sql.raw(`'${JSON.stringify(Object.fromEntries(fields.map((f) => [f, ''])))}'::jsonb`);

const settled = sql.raw(SETTLED_ORDER_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Removes guest personal data older than `days` (docs/decisions/0010-guest-data-retention.md),
 * in one transaction under an advisory lock: another instance already sweeping makes this one
 * answer null and change nothing. Settled guest orders lose their contact details (and, never
 * invoiced, their addresses); enquiries, abandoned guest baskets, unconfirmed newsletter
 * sign-ups, and uploads nothing names (quote drawings, trade evidence) go. A second run finds
 * nothing left to do. The counts are audit-logged as `who`.
 */
export async function sweepGuestData(
  db: Database,
  days: number,
  who: AuditActor,
  now = new Date(),
): Promise<RetentionCounts | null> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const signupCutoff = new Date(
    now.getTime() - Math.min(days, UNCONFIRMED_SIGNUP_DAYS) * 86_400_000,
  ).toISOString();
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [lock] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS locked`,
    );
    if (!lock?.locked) return null;

    // Guests only: a customer's orders stay theirs to see in their account until they delete it.
    const due = sql`o.customer_id IS NULL AND o.status IN (${settled}) AND NOT o.needs_refund
      AND o.placed_at < ${cutoff}::timestamptz
      AND o.email NOT LIKE ${`%@${ERASED_EMAIL_DOMAIN}`}`;
    const contact = blanks(CONTACT_ADDRESS_FIELDS);
    const everything = blanks([
      ...CONTACT_ADDRESS_FIELDS,
      ...INVOICE_ADDRESS_FIELDS.filter((f) => f !== 'country'),
    ]);
    const erase = (addresses: ReturnType<typeof blanks>) => sql`
      email = o.number || ${`@${ERASED_EMAIL_DOMAIN}`},
      shipping_address = o.shipping_address || ${addresses},
      billing_address = o.billing_address || ${addresses},
      delivery_instructions = NULL,
      site_access = '{}'::jsonb,
      updated_at = now()`;
    const invoiced = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE orders o SET ${erase(contact)}
          WHERE ${due} AND EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
          RETURNING o.id`,
    );
    const uninvoiced = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE orders o SET ${erase(everything)}
          WHERE ${due} AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
          RETURNING o.id`,
    );
    const enquiries = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM enquiries WHERE created_at < ${cutoff}::timestamptz RETURNING id`,
    );
    const signups = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM newsletter_subscribers
          WHERE confirmed_at IS NULL AND created_at < ${signupCutoff}::timestamptz RETURNING id`,
    );
    const carts = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM carts WHERE customer_id IS NULL AND updated_at < ${cutoff}::timestamptz
          RETURNING id`,
    );
    const uploadCutoff = new Date(
      now.getTime() - UNATTACHED_UPLOAD_DAYS * 86_400_000,
    ).toISOString();
    const drawings = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM quote_drawings d WHERE d.created_at < ${uploadCutoff}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM quote_lines l WHERE l.drawing_id = d.id)
          RETURNING d.id`,
    );
    const evidence = await queryRows<{ id: number }>(
      tx,
      sql`DELETE FROM trade_evidence e WHERE e.created_at < ${uploadCutoff}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM trade_applications a WHERE a.evidence_id = e.id)
          RETURNING e.id`,
    );
    const counts: RetentionCounts = {
      invoiced_orders: invoiced.length,
      uninvoiced_orders: uninvoiced.length,
      enquiries: enquiries.length,
      unconfirmed_signups: signups.length,
      abandoned_carts: carts.length,
      unattached_drawings: drawings.length,
      unattached_evidence: evidence.length,
    };
    if (Object.values(counts).some((n) => n > 0)) {
      await audit(tx, who, {
        action: 'retention.sweep',
        entity: 'guest_data',
        after: { ...counts, retention_days: days, cutoff },
      });
    }
    return counts;
  });
}

/** The actor of a sweep nobody started by hand. */
export const RETENTION_ACTOR: AuditActor = {
  staffId: null,
  actor: 'system:retention',
  ip: null,
  userAgent: null,
};
