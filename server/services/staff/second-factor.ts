import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { queryRows, type Database } from '#db/client.ts';
import { STAFF_CODE_LOCK, STAFF_MESSAGES, isRecoveryCode } from '#domain/staff.ts';
import { HttpError } from '../../http/errors.ts';
import type { Mailer } from '../mail.ts';
import { audit, type AuditActor } from './audit.ts';

/** Authenticator clocks drift: a code of the previous 30 s window still counts. */
const TOTP_TOLERANCE: [number, number] = [30, 0];
const ISSUER = 'Tessera back office';
export const RECOVERY_CODE_COUNT = 10;

/** What a staff member needs to add the account to an authenticator app. */
export interface Enrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as a QR code: an SVG data URL. */
  qr: string;
}

export async function enrolment(email: string, secret = generateSecret()): Promise<Enrolment> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Recovery codes are long random strings: a fast hash is enough (nothing to brute-force). */
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');

/** Ten fresh recovery codes for an account (the old ones stop working); answers them once. */
export async function newRecoveryCodes(tx: Database, staffId: number): Promise<string[]> {
  await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE staff_id = ${staffId}`);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(8).toString('hex');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
  for (const code of codes) {
    await tx.execute(sql`INSERT INTO staff_recovery_codes (code_hash, staff_id)
      VALUES (${hashRecoveryCode(code)}, ${staffId})`);
  }
  return codes;
}

/** The TOTP time step a code belongs to when it is right for `secret`, else null. */
export async function totpStep(secret: string, code: string, afterStep: number) {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE,
    afterTimeStep: afterStep,
  }).catch(() => ({ valid: false as const }));
  // A TOTP verification answers the time step the code belongs to (HOTP's would not).
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export interface CodeAccount {
  id: number;
  email: string;
}

/**
 * Counts second-factor tries per account, across challenges and instances: each try is reserved
 * in the staff row before the code is checked (one conditional UPDATE, so a parallel burst gets
 * at most `attempts` tries), and the try that reaches the limit locks the account for a while
 * and tells the owners (mail and audit log). A right code clears the count.
 */
export class CodeAttempts {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer | null,
  ) {}

  /** Takes one try, or answers 429 while the account is locked. */
  async reserve(account: CodeAccount): Promise<void> {
    const [taken] = await queryRows<{ id: number }>(
      this.db,
      sql`UPDATE staff SET code_failures = code_failures + 1
          WHERE id = ${account.id} AND code_failures < ${STAFF_CODE_LOCK.attempts}
            AND (code_locked_until IS NULL OR code_locked_until <= now())
          RETURNING id`,
    );
    if (taken) return;
    const [row] = await queryRows<{ wait: number | null }>(
      this.db,
      sql`SELECT extract(epoch FROM code_locked_until - now())::float8 AS wait
          FROM staff WHERE id = ${account.id}`,
    );
    throw new HttpError(429, 'too_many_requests', STAFF_MESSAGES.codeLocked, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(row?.wait ?? STAFF_CODE_LOCK.ms / 1000))),
    });
  }

  /** A wrong code: the try that used up the account's allowance locks it and tells the owners. */
  async failed(account: CodeAccount, who: AuditActor, step: string): Promise<void> {
    await audit(
      this.db,
      { ...who, staffId: account.id, actor: account.email },
      { action: 'staff.sign_in_failed', after: { step } },
    );
    const [locked] = await queryRows<{ until: Date | string }>(
      this.db,
      sql`UPDATE staff SET code_failures = 0,
            code_locked_until = now() + make_interval(secs => ${STAFF_CODE_LOCK.ms / 1000})
          WHERE id = ${account.id} AND code_failures >= ${STAFF_CODE_LOCK.attempts}
          RETURNING code_locked_until AS until`,
    );
    if (!locked) return;
    const until = new Date(locked.until).toISOString();
    await audit(
      this.db,
      { ...who, staffId: account.id, actor: account.email },
      {
        action: 'staff.code_locked',
        entity: 'staff',
        entityId: account.id,
        after: { attempts: STAFF_CODE_LOCK.attempts, until },
      },
    );
    await this.tellOwners(account, who, until);
  }

  /** A right code (or recovery code): the count starts again. */
  async succeeded(tx: Database, staffId: number): Promise<void> {
    await tx.execute(
      sql`UPDATE staff SET code_failures = 0, code_locked_until = NULL WHERE id = ${staffId}`,
    );
  }

  /** Uses one recovery code of the account, once; true when it was unused and theirs. */
  async useRecoveryCode(tx: Database, staffId: number, code: string): Promise<boolean> {
    if (!isRecoveryCode(code)) return false;
    const used = await queryRows<{ staff_id: number }>(
      tx,
      sql`UPDATE staff_recovery_codes SET used_at = now()
          WHERE code_hash = ${hashRecoveryCode(code)} AND staff_id = ${staffId}
            AND used_at IS NULL
          RETURNING staff_id`,
    );
    return used.length > 0;
  }

  private async tellOwners(account: CodeAccount, who: AuditActor, until: string) {
    if (!this.mailer) return;
    const owners = await queryRows<{ email: string }>(
      this.db,
      sql`SELECT email FROM staff WHERE role = 'owner' AND disabled_at IS NULL ORDER BY id`,
    );
    for (const owner of owners) {
      await this.mailer.sendMail({
        to: owner.email,
        subject: `Back office: sign-in locked for ${account.email}`,
        text: [
          `${STAFF_CODE_LOCK.attempts} wrong authenticator codes were tried for ${account.email} after a right password (last from ${who.ip ?? 'an unknown address'}).`,
          '',
          `Codes for this account are refused until ${until}. If it was not them, their password is known to someone else: reset their second factor and ask them to choose a new password, or disable the account, under Staff in the back office.`,
        ].join('\n'),
      });
    }
  }
}
