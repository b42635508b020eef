import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The shop's staff: apart from customers, with a role and a second factor each. */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    /** Base32 TOTP secret; null until the first sign-in enrols an authenticator app. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step used: each code signs in once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Wrong second-factor codes since the last right one, across every challenge: each try is
     * reserved here before the code is checked, so a burst cannot outrun the lock.
     */
    codeFailures: integer('code_failures').notNull().default(0),
    /** Set when too many wrong codes were tried: no code is checked until then. */
    codeLockedUntil: timestamp('code_locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Counts saves: a staff save from an older version is refused (server/services/staff-write.ts). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('staff_email_lower').on(sql`lower(${t.email})`),
    check('staff_role', sql`${t.role} IN ('owner', 'manager', 'editor')`),
  ],
);

/** A password that was right, waiting for its second factor (or for enrolment). */
export const staffChallenges = pgTable('staff_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  /** For enrolment: the secret shown to the staff member, kept once the first code matches. */
  pendingSecret: text('pending_secret'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A one-time link an owner sends: the invitee sets a password and enrols an authenticator app
 * through it (a new account, or one whose second factor was reset). Only the hash is kept.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** The secret shown when the link is opened; kept once a code from it matches. */
    pendingSecret: text('pending_secret'),
    invitedBy: integer('invited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_invitations_staff').on(t.staffId)],
);

/** Single-use codes that stand in for an authenticator code; only their hashes are kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff').on(t.staffId)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/**
 * Every staff sign-in, failed sign-in and change: who, what, before → after, when, from where.
 * Append-only: a trigger refuses UPDATE and DELETE (migration 0005).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_entity').on(t.entity, t.entityId)],
);
