import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { queryRows, type Database } from '#db/client.ts';
import { STAFF_MESSAGES, type NewStaff, type StaffJson, type StaffRole } from '#domain/staff.ts';
import { conflict, HttpError, unauthorized } from '../../http/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../accounts/passwords.ts';
import { hashToken } from '../sessions.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#domain/rate-limits.ts';
import { Throttle } from '../throttle.ts';
import { audit, type AuditActor } from './audit.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ATTEMPTS = 5;
/** Staff sessions end after 8 idle hours and 12 hours in all: a working day. */
const STAFF_IDLE_MS = 8 * 3_600_000;
const STAFF_ABSOLUTE_MS = 12 * 3_600_000;
/** Authenticator clocks drift: a code of the previous 30 s window still counts. */
const TOTP_TOLERANCE: [number, number] = [30, 0];
const ISSUER = 'Tessera back office';

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
  enrol: { secret: string; uri: string } | null;
}

/**
 * Staff accounts and their two-step sign-in: the password, then a TOTP code from an
 * authenticator app (enrolled at the first sign-in). Each code signs in once; attempts are
 * reserved per account and per address in the database before the password is checked, so
 * every instance counts them and a burst gets no more checks than the limit.
 */
export class StaffService {
  private readonly throttle: Throttle;
  constructor(
    private readonly db: Database,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {
    this.throttle = new Throttle(db);
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

  /** Adds a staff member; 409 when the email is taken. */
  async create(input: NewStaff, who: AuditActor | null): Promise<StaffJson> {
    const hash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<StaffRow>(
        tx,
        sql`INSERT INTO staff (email, name, password_hash, role)
            VALUES (${input.email}, ${input.name}, ${hash}, ${input.role})
            ON CONFLICT DO NOTHING RETURNING *`,
      );
      if (!row) throw conflict(STAFF_MESSAGES.emailTaken);
      const json = staffJson(row);
      await audit(tx, who ?? { staffId: null, actor: 'system', ip: null, userAgent: null }, {
        action: 'staff.create',
        entity: 'staff',
        entityId: row.id,
        after: json,
      });
      return json;
    });
  }

  /** Disables a staff member and ends every session they have. */
  async disable(id: number, who: AuditActor): Promise<StaffJson | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await queryRows<StaffRow>(
        tx,
        sql`SELECT * FROM staff WHERE id = ${id} FOR UPDATE`,
      );
      if (!before) return null;
      const [row] = await queryRows<StaffRow>(
        tx,
        sql`UPDATE staff SET disabled_at = coalesce(disabled_at, now()), updated_at = now(),
          version = version + 1
            WHERE id = ${id} RETURNING *`,
      );
      await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${id}`);
      await tx.execute(sql`DELETE FROM staff_challenges WHERE staff_id = ${id}`);
      await audit(tx, who, {
        action: 'staff.disable',
        entity: 'staff',
        entityId: id,
        before: staffJson(before),
        after: staffJson(row!),
      });
      return staffJson(row!);
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
    const valid = row
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
    const challenge = newToken();
    const pendingSecret = row.totp_secret === null ? generateSecret() : null;
    await this.db
      .execute(sql`INSERT INTO staff_challenges (token_hash, staff_id, pending_secret, expires_at)
        VALUES (${hashToken(challenge)}, ${row.id}, ${pendingSecret},
          ${new Date(Date.now() + CHALLENGE_TTL_MS).toISOString()}::timestamptz)`);
    return {
      challenge,
      enrol: pendingSecret
        ? {
            secret: pendingSecret,
            uri: generateURI({ issuer: ISSUER, label: row.email, secret: pendingSecret }),
          }
        : null,
    };
  }

  /**
   * Step two: the code. It must be current and newer than the last code this account used, so
   * a code seen over a shoulder cannot be used again. Answers the new session's token.
   */
  async verifyCode(
    challenge: string,
    code: string,
    who: AuditActor,
  ): Promise<{ token: string; staff: StaffMember; expiresAt: Date }> {
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
    const secret = row.totp_secret ?? pending.pending_secret;
    const result = secret
      ? await verify({
          secret,
          token: code,
          epochTolerance: TOTP_TOLERANCE,
          afterTimeStep: Number(row.totp_last_step),
        }).catch(() => ({ valid: false as const }))
      : { valid: false as const };
    const refuse = async () => {
      await audit(
        this.db,
        { ...who, staffId: row.id, actor: row.email },
        {
          action: 'staff.sign_in_failed',
          after: { step: 'code' },
        },
      );
      return new HttpError(401, 'unauthorized', STAFF_MESSAGES.codeInvalid, {
        code: STAFF_MESSAGES.codeInvalid,
      });
    };
    // A TOTP verification answers the time step the code belongs to (HOTP's would not).
    const timeStep = result.valid && 'timeStep' in result ? result.timeStep : null;
    if (timeStep === null) throw await refuse();
    const signedIn = await this.db.transaction(async (tx) => {
      // Only a time step newer than the last one used: two requests with one code, one wins.
      const used = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE staff SET totp_secret = ${secret}, totp_last_step = ${timeStep},
              updated_at = now()
            WHERE id = ${row.id} AND totp_last_step < ${timeStep} AND disabled_at IS NULL
            RETURNING id`,
      );
      if (used.length === 0) return null;
      await tx.execute(
        sql`DELETE FROM staff_challenges WHERE token_hash = ${hashToken(challenge)}`,
      );
      const token = newToken();
      const expiresAt = new Date(Date.now() + STAFF_ABSOLUTE_MS);
      await tx.execute(sql`INSERT INTO staff_sessions (token_hash, staff_id, expires_at)
          VALUES (${hashToken(token)}, ${row.id}, ${expiresAt.toISOString()}::timestamptz)`);
      await audit(
        tx,
        { ...who, staffId: row.id, actor: row.email },
        {
          action: row.totp_secret === null ? 'staff.enrol_and_sign_in' : 'staff.sign_in',
        },
      );
      return { token, expiresAt };
    });
    if (!signedIn) throw await refuse();
    await this.throttle.clear(`staff:${row.email.toLowerCase()}`);
    return {
      ...signedIn,
      staff: { id: row.id, email: row.email, name: row.name, role: row.role },
    };
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
