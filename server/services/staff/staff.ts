import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { queryRows, type Database } from '#db/client.ts';
import {
  isRecoveryCode,
  STAFF_MESSAGES,
  type FirstStaff,
  type NewStaff,
  type StaffJson,
  type StaffRole,
} from '#domain/staff.ts';
import { badRequest, conflict, HttpError, unauthorized } from '../../http/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../accounts/passwords.ts';
import type { Mailer } from '../mail.ts';
import { hashToken } from '../sessions.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#domain/rate-limits.ts';
import { Throttle } from '../throttle.ts';
import { audit, type AuditActor } from './audit.ts';
import { StaffInvitations } from './invitations.ts';
import { assertStrongStaffPassword } from './password-strength.ts';
import {
  CodeAttempts,
  enrolment,
  newRecoveryCodes,
  totpStep,
  type Enrolment,
} from './second-factor.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ATTEMPTS = 5;
/** Staff sessions end after 8 idle hours and 12 hours in all: a working day. */
const STAFF_IDLE_MS = 8 * 3_600_000;
const STAFF_ABSOLUTE_MS = 12 * 3_600_000;

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

interface StaffRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Empty until an invited staff member sets theirs. */
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: string | number;
  disabled_at: Date | string | null;
  created_at: Date | string;
}

const newToken = () => randomBytes(32).toString('base64url');
const signInFailed = () => unauthorized(STAFF_MESSAGES.signInFailed);

export function staffJson(row: StaffRow): StaffJson {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    enrolled: row.totp_secret !== null,
    disabled: row.disabled_at !== null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The first step's answer: a challenge for the code, and for a first sign-in the secret to enrol. */
export interface SignInChallenge {
  challenge: string;
  enrol: Enrolment | null;
}

/** What a staff write needs: who acts and from where, for the audit row. */
type Change = { action: string; who: AuditActor };

/**
 * Staff accounts and their two-step sign-in: the password, then a TOTP code from an
 * authenticator app (or a recovery code). Staff an owner adds enrol through an invitation link;
 * only the first owner (made from the environment or the admin:create command, with no invitation)
 * enrols at their first sign-in. Each code signs in once; password tries are reserved per account
 * and per address in the database before the password is checked, code tries per account
 * (CodeAttempts), so every instance counts them and a burst gets no more checks than the limit.
 */
export class StaffService {
  private readonly throttle: Throttle;
  readonly codes: CodeAttempts;
  readonly invitations: StaffInvitations;
  constructor(
    private readonly db: Database,
    mailer: Mailer | null = null,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {
    this.throttle = new Throttle(db);
    this.codes = new CodeAttempts(db, mailer);
    this.invitations = new StaffInvitations(db, this.codes, mailer);
  }

  async count(): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM staff`,
    );
    return row?.n ?? 0;
  }

  async list(): Promise<StaffJson[]> {
    const rows = await queryRows<StaffRow>(this.db, sql`SELECT * FROM staff ORDER BY id`);
    return rows.map(staffJson);
  }

  /** A staff member with a password of their own (the first owner); 409 when the email is taken. */
  async createWithPassword(input: FirstStaff, who: AuditActor | null): Promise<StaffJson> {
    assertStrongStaffPassword(input.password, 'password', [input.email, input.name]);
    const hash = await hashPassword(input.password);
    return this.insert(input, hash, who ?? SYSTEM, async () => {});
  }

  /** Adds a staff member without a password and mails them an invitation link; 409 when taken. */
  async invite(input: NewStaff, who: AuditActor, origin: string): Promise<StaffJson> {
    let token = '';
    const member = await this.insert(input, '', who, async (tx, row) => {
      token = await this.invitations.issue(tx, row.id, who.staffId);
    });
    await this.invitations.mail(member, token, origin);
    return member;
  }

  private async insert(
    input: NewStaff,
    hash: string,
    who: AuditActor,
    then: (tx: Database, row: StaffRow) => Promise<void>,
  ): Promise<StaffJson> {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<StaffRow>(
        tx,
        sql`INSERT INTO staff (email, name, password_hash, role)
            VALUES (${input.email}, ${input.name}, ${hash}, ${input.role})
            ON CONFLICT DO NOTHING RETURNING *`,
      );
      if (!row) throw conflict(STAFF_MESSAGES.emailTaken);
      const json = staffJson(row);
      await audit(tx, who, {
        action: 'staff.create',
        entity: 'staff',
        entityId: row.id,
        after: json,
      });
      await then(tx, row);
      return json;
    });
  }

  /**
   * One staff write: the row locked, the change, the audit row (before → after), in one
   * transaction. Answers null for an unknown id. Owners are locked first so two owners changing
   * each other at once cannot leave the shop without one.
   */
  private async change(
    id: number,
    { action, who }: Change,
    apply: (tx: Database, before: StaffRow) => Promise<StaffRow | undefined>,
  ): Promise<StaffJson | null> {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM staff WHERE role = 'owner' AND disabled_at IS NULL ORDER BY id FOR UPDATE`,
      );
      const [before] = await queryRows<StaffRow>(
        tx,
        sql`SELECT * FROM staff WHERE id = ${id} FOR UPDATE`,
      );
      if (!before) return null;
      const after = (await apply(tx, before)) ?? before;
      await audit(tx, who, {
        action,
        entity: 'staff',
        entityId: id,
        before: staffJson(before),
        after: staffJson(after),
      });
      return staffJson(after);
    });
  }

  /** 409 when `member` is the last active owner and the change would leave the shop none. */
  private async keepAnOwner(tx: Database, member: StaffRow): Promise<void> {
    if (member.role !== 'owner' || member.disabled_at !== null) return;
    const [others] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM staff
          WHERE role = 'owner' AND disabled_at IS NULL AND id <> ${member.id}`,
    );
    if ((others?.n ?? 0) === 0) throw conflict(STAFF_MESSAGES.lastOwner);
  }

  private async endSessions(tx: Database, id: number): Promise<void> {
    await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${id}`);
    await tx.execute(sql`DELETE FROM staff_challenges WHERE staff_id = ${id}`);
  }

  /** Disables a staff member and ends every session they have; never the last active owner. */
  async disable(id: number, who: AuditActor): Promise<StaffJson | null> {
    return this.change(id, { action: 'staff.disable', who }, async (tx, before) => {
      await this.keepAnOwner(tx, before);
      await this.endSessions(tx, id);
      return this.updateRow(
        tx,
        sql`UPDATE staff SET disabled_at = coalesce(disabled_at, now()), updated_at = now(),
          version = version + 1
            WHERE id = ${id} RETURNING *`,
      );
    });
  }

  async enable(id: number, who: AuditActor): Promise<StaffJson | null> {
    return this.change(id, { action: 'staff.enable', who }, (tx) =>
      this.updateRow(
        tx,
        sql`UPDATE staff SET disabled_at = NULL, updated_at = now(), version = version + 1
            WHERE id = ${id} RETURNING *`,
      ),
    );
  }

  /** A new role, in force from the member's next request (each request reads the role). */
  async setRole(id: number, role: StaffRole, who: AuditActor): Promise<StaffJson | null> {
    return this.change(id, { action: 'staff.role', who }, async (tx, before) => {
      if (role === before.role) return before;
      await this.keepAnOwner(tx, before);
      return this.updateRow(
        tx,
        sql`UPDATE staff SET role = ${role}, updated_at = now(), version = version + 1
            WHERE id = ${id} RETURNING *`,
      );
    });
  }

  /**
   * Forgets a staff member's authenticator and recovery codes, ends their sessions and mails
   * them a new invitation link, through which they choose a password and enrol again.
   */
  async resetSecondFactor(id: number, who: AuditActor, origin: string) {
    let token = '';
    const member = await this.change(
      id,
      { action: 'staff.reset_second_factor', who },
      async (tx) => {
        await this.endSessions(tx, id);
        await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE staff_id = ${id}`);
        const after = await this.updateRow(
          tx,
          // A new secret makes the old codes worthless, so the used-step mark starts again.
          sql`UPDATE staff SET totp_secret = NULL, totp_last_step = 0, code_failures = 0,
              code_locked_until = NULL, updated_at = now(), version = version + 1
            WHERE id = ${id} RETURNING *`,
        );
        if (after) token = await this.invitations.issue(tx, id, who.staffId);
        return after;
      },
    );
    if (member) await this.invitations.mail(member, token, origin);
    return member;
  }

  private async updateRow(tx: Database, query: ReturnType<typeof sql>) {
    const [row] = await queryRows<StaffRow>(tx, query);
    return row;
  }

  /** A staff member's own new password; every other session of theirs ends. */
  async changePassword(
    member: StaffMember,
    keepSession: string,
    input: { current_password: string; new_password: string },
    who: AuditActor,
  ): Promise<void> {
    const [row] = await queryRows<StaffRow>(
      this.db,
      sql`SELECT * FROM staff WHERE id = ${member.id}`,
    );
    if (!row || !(await verifyPassword(input.current_password, row.password_hash))) {
      throw badRequest(STAFF_MESSAGES.currentPasswordWrong, {
        current_password: STAFF_MESSAGES.currentPasswordWrong,
      });
    }
    assertStrongStaffPassword(input.new_password, 'new_password', [row.email, row.name]);
    const hash = await hashPassword(input.new_password);
    await this.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE staff SET password_hash = ${hash}, updated_at = now() WHERE id = ${member.id}`,
      );
      await tx.execute(sql`DELETE FROM staff_sessions
        WHERE staff_id = ${member.id} AND token_hash <> ${hashToken(keepSession)}`);
      await tx.execute(sql`DELETE FROM staff_challenges WHERE staff_id = ${member.id}`);
      await audit(tx, who, { action: 'staff.password', entity: 'staff', entityId: member.id });
    });
  }

  /** Step one: the password. A right one (of an enabled account) earns a challenge for the code. */
  async signIn(email: string, password: string, who: AuditActor): Promise<SignInChallenge> {
    await this.throttle.reserve([
      [`staff-ip:${who.ip ?? 'unknown'}`, this.limits.staffLoginPerIp],
      [`staff:${email.toLowerCase()}`, this.limits.staffLoginPerAccount],
    ]);
    const [row] = await queryRows<StaffRow>(
      this.db,
      sql`SELECT * FROM staff WHERE lower(email) = lower(${email})`,
    );
    const valid = row?.password_hash
      ? await verifyPassword(password, row.password_hash)
      : await verifyAgainstDummy(password);
    if (!row || !valid || row.disabled_at !== null) {
      await audit(
        this.db,
        { ...who, staffId: row?.id ?? null, actor: email },
        {
          action: 'staff.sign_in_failed',
          after: { step: 'password', reason: !row || !valid ? 'wrong password' : 'disabled' },
        },
      );
      throw signInFailed();
    }
    // Only an account never sent an invitation (the first owner) enrols with a password alone.
    if (row.totp_secret === null && (await this.invitations.invited(row.id))) {
      throw new HttpError(403, 'forbidden', STAFF_MESSAGES.enrolByInvitation);
    }
    const challenge = newToken();
    const pendingSecret = row.totp_secret === null ? generateSecret() : null;
    await this.db
      .execute(sql`INSERT INTO staff_challenges (token_hash, staff_id, pending_secret, expires_at)
        VALUES (${hashToken(challenge)}, ${row.id}, ${pendingSecret},
          ${new Date(Date.now() + CHALLENGE_TTL_MS).toISOString()}::timestamptz)`);
    return {
      challenge,
      enrol: pendingSecret ? await enrolment(row.email, pendingSecret) : null,
    };
  }

  /**
   * Step two: the code, or one of the account's recovery codes. A code must be current and newer
   * than the last one this account used, so a code seen over a shoulder cannot be used again.
   * Each try is reserved against the account before it is checked. Answers the new session's
   * token, and after an enrolment the account's recovery codes.
   */
  async verifyCode(
    challenge: string,
    code: string,
    who: AuditActor,
  ): Promise<{
    token: string;
    staff: StaffMember;
    expiresAt: Date;
    recoveryCodes: string[] | null;
  }> {
    // Each try counts at once (outside any transaction a failure would undo).
    const [pending] = await queryRows<{
      staff_id: number;
      pending_secret: string | null;
      attempts: number;
    }>(
      this.db,
      sql`UPDATE staff_challenges SET attempts = attempts + 1
          WHERE token_hash = ${hashToken(challenge)} AND expires_at > now()
          RETURNING staff_id, pending_secret, attempts`,
    );
    if (!pending || pending.attempts > CHALLENGE_ATTEMPTS) {
      throw new HttpError(401, 'unauthorized', STAFF_MESSAGES.challengeExpired);
    }
    const [row] = await queryRows<StaffRow>(
      this.db,
      sql`SELECT * FROM staff WHERE id = ${pending.staff_id}`,
    );
    if (!row || row.disabled_at !== null) {
      throw new HttpError(403, 'forbidden', STAFF_MESSAGES.disabled);
    }
    await this.codes.reserve(row);
    const secret = row.totp_secret ?? pending.pending_secret;
    const recovery = row.totp_secret !== null && isRecoveryCode(code);
    const timeStep =
      secret && !recovery ? await totpStep(secret, code, Number(row.totp_last_step)) : null;
    const refuse = async () => {
      await this.codes.failed(row, who, recovery ? 'recovery code' : 'code');
      return new HttpError(401, 'unauthorized', STAFF_MESSAGES.codeInvalid, {
        code: STAFF_MESSAGES.codeInvalid,
      });
    };
    if (timeStep === null && !recovery) throw await refuse();
    const signedIn = await this.db.transaction(async (tx) => {
      const accepted = recovery
        ? await this.codes.useRecoveryCode(tx, row.id, code)
        : // Only a time step newer than the last one used: two requests with one code, one wins.
          (
            await queryRows<{ id: number }>(
              tx,
              sql`UPDATE staff SET totp_secret = ${secret}, totp_last_step = ${timeStep},
                    updated_at = now()
                  WHERE id = ${row.id} AND totp_last_step < ${timeStep} AND disabled_at IS NULL
                  RETURNING id`,
            )
          ).length > 0;
      if (!accepted) return null;
      await this.codes.succeeded(tx, row.id);
      await tx.execute(
        sql`DELETE FROM staff_challenges WHERE token_hash = ${hashToken(challenge)}`,
      );
      const enrolled = row.totp_secret === null;
      const session = await startSession(tx, row.id);
      await audit(
        tx,
        { ...who, staffId: row.id, actor: row.email },
        {
          action: enrolled
            ? 'staff.enrol_and_sign_in'
            : recovery
              ? 'staff.sign_in_recovery_code'
              : 'staff.sign_in',
        },
      );
      return { ...session, recoveryCodes: enrolled ? await newRecoveryCodes(tx, row.id) : null };
    });
    if (!signedIn) throw await refuse();
    await this.throttle.clear(`staff:${row.email.toLowerCase()}`);
    return {
      ...signedIn,
      staff: { id: row.id, email: row.email, name: row.name, role: row.role },
    };
  }

  /** Signs in the staff member who has just enrolled through an invitation. */
  async sessionAfterEnrolment(staffId: number) {
    const [row] = await queryRows<StaffRow>(
      this.db,
      sql`SELECT * FROM staff WHERE id = ${staffId}`,
    );
    if (!row) throw unauthorized();
    const session = await startSession(this.db, staffId);
    return { ...session, staff: { id: row.id, email: row.email, name: row.name, role: row.role } };
  }

  /** The enabled staff member of a live session, or null; touches the session now and then. */
  async findSession(token: string): Promise<StaffMember | null> {
    if (!token || token.length > 200) return null;
    const [row] = await queryRows<StaffMember & { last_seen_at: Date | string }>(
      this.db,
      sql`SELECT s.id, s.email, s.name, s.role, ss.last_seen_at
          FROM staff_sessions ss JOIN staff s ON s.id = ss.staff_id
          WHERE ss.token_hash = ${hashToken(token)} AND ss.expires_at > now()
            AND ss.last_seen_at > now() - make_interval(secs => ${STAFF_IDLE_MS / 1000})
            AND s.disabled_at IS NULL`,
    );
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > 60_000) {
      await this.db.execute(
        sql`UPDATE staff_sessions SET last_seen_at = now() WHERE token_hash = ${hashToken(token)}`,
      );
    }
    return { id: row.id, email: row.email, name: row.name, role: row.role };
  }

  async endSession(token: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM staff_sessions WHERE token_hash = ${hashToken(token)}`);
  }
}

const SYSTEM: AuditActor = { staffId: null, actor: 'system', ip: null, userAgent: null };

async function startSession(tx: Database, staffId: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + STAFF_ABSOLUTE_MS);
  await tx.execute(sql`INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
      VALUES (${hashToken(token)}, ${staffId}, ${expiresAt.toISOString()}::timestamptz)`);
  return { token, expiresAt };
}
