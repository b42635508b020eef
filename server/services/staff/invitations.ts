import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generateSecret } from 'otplib';
import { queryRows, type Database } from '#db/client.ts';
import { STAFF_INVITATION_HOURS, STAFF_MESSAGES, type StaffRole } from '#domain/staff.ts';
import { HttpError } from '../../http/errors.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { mailShop, signatureLines } from '../shop-signature.ts';
import type { Mailer } from '../mail.ts';
import { hashToken } from '../sessions.ts';
import { audit, type AuditActor } from './audit.ts';
import { assertStrongStaffPassword } from './password-strength.ts';
import {
  CodeAttempts,
  enrolment,
  newRecoveryCodes,
  totpStep,
  type Enrolment,
} from './second-factor.ts';

const invalid = () => new HttpError(400, 'invalid_request', STAFF_MESSAGES.invitationInvalid);

interface InvitationRow {
  staff_id: number;
  pending_secret: string | null;
  email: string;
  name: string;
  role: StaffRole;
  totp_last_step: string | number;
}

/** What the invitation page shows: who is invited, and the authenticator to add. */
export interface OpenInvitation {
  email: string;
  name: string;
  role: StaffRole;
  enrol: Enrolment;
}

/**
 * One-time links through which a staff member sets their password and enrols an authenticator:
 * sent by an owner to a new account, or after resetting someone's second factor. The link carries
 * the token in its fragment (`#…`), which browsers never send to the server, so no log holds it;
 * the database keeps only its hash. Using it (or a newer one) ends the older links.
 */
export class StaffInvitations {
  constructor(
    private readonly db: Database,
    private readonly attempts: CodeAttempts,
    private readonly mailer: Mailer | null,
  ) {}

  /** Makes a new link for a staff member, ending their unused ones; answers its token. */
  async issue(tx: Database, staffId: number, invitedBy: number | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await tx.execute(
      sql`DELETE FROM staff_invitations WHERE staff_id = ${staffId} AND used_at IS NULL`,
    );
    await tx.execute(sql`INSERT INTO staff_invitations (token_hash, staff_id, invited_by, expires_at)
      VALUES (${hashToken(token)}, ${staffId}, ${invitedBy},
        now() + make_interval(hours => ${STAFF_INVITATION_HOURS}))`);
    return token;
  }

  /** Mails a link once the transaction that issued it has committed. */
  async mail(member: { email: string; name: string }, token: string, origin: string) {
    if (!this.mailer) return;
    const shop = await mailShop(this.db);
    await this.mailer.sendMail({
      to: member.email,
      subject: `Your ${shop.trading_name} back office account`,
      text: [
        `Hello ${member.name},`,
        '',
        `To sign in to the ${shop.trading_name} back office, open this link, choose a password and add the account to an authenticator app on your phone:`,
        '',
        `${origin}/admin/invitation#${token}`,
        '',
        `The link works once and expires in ${STAFF_INVITATION_HOURS} hours.`,
        ...signatureLines(shop),
      ].join('\n'),
    });
  }

  /** Whether a staff member has ever been sent a link (then they enrol only through one). */
  async invited(staffId: number): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      this.db,
      sql`SELECT 1 AS one FROM staff_invitations WHERE staff_id = ${staffId} LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** The page of a live link: the same secret each time it is opened, until it is used. */
  async open(token: string): Promise<OpenInvitation> {
    const [row] = await queryRows<InvitationRow>(
      this.db,
      sql`UPDATE staff_invitations i SET pending_secret = coalesce(i.pending_secret, ${generateSecret()})
          FROM staff s
          WHERE i.token_hash = ${hashToken(token)} AND s.id = i.staff_id
            AND i.used_at IS NULL AND i.expires_at > now() AND s.disabled_at IS NULL
          RETURNING i.staff_id, i.pending_secret, s.email, s.name, s.role, s.totp_last_step`,
    );
    if (!row?.pending_secret) throw invalid();
    return {
      email: row.email,
      name: row.name,
      role: row.role,
      enrol: await enrolment(row.email, row.pending_secret),
    };
  }

  /**
   * Sets the password and the authenticator once its first code matches (that try counts
   * against the account like any code), ends the account's sessions and gives new recovery
   * codes. Answers the staff member's id and their recovery codes.
   */
  async accept(
    input: { token: string; password: string; code: string },
    who: AuditActor,
  ): Promise<{ staffId: number; recoveryCodes: string[] }> {
    const [row] = await queryRows<InvitationRow>(
      this.db,
      sql`SELECT i.staff_id, i.pending_secret, s.email, s.name, s.role, s.totp_last_step
          FROM staff_invitations i JOIN staff s ON s.id = i.staff_id
          WHERE i.token_hash = ${hashToken(input.token)} AND i.used_at IS NULL
            AND i.expires_at > now() AND s.disabled_at IS NULL`,
    );
    if (!row?.pending_secret) throw invalid();
    assertStrongStaffPassword(input.password, 'password', [row.email, row.name]);
    const account = { id: row.staff_id, email: row.email };
    await this.attempts.reserve(account);
    const step = await totpStep(row.pending_secret, input.code, Number(row.totp_last_step));
    if (step === null) {
      await this.attempts.failed(account, who, 'invitation code');
      throw new HttpError(400, 'invalid_request', STAFF_MESSAGES.codeInvalid, {
        code: STAFF_MESSAGES.codeInvalid,
      });
    }
    const hash = await hashPassword(input.password);
    const recoveryCodes = await this.db.transaction(async (tx) => {
      const used = await queryRows<{ staff_id: number }>(
        tx,
        sql`UPDATE staff_invitations SET used_at = now()
            WHERE token_hash = ${hashToken(input.token)} AND used_at IS NULL
            RETURNING staff_id`,
      );
      if (used.length === 0) return null;
      await tx.execute(sql`UPDATE staff SET password_hash = ${hash}, totp_secret = ${row.pending_secret},
          totp_last_step = ${step}, updated_at = now()
        WHERE id = ${row.staff_id}`);
      await this.attempts.succeeded(tx, row.staff_id);
      await tx.execute(sql`DELETE FROM staff_sessions WHERE staff_id = ${row.staff_id}`);
      await tx.execute(sql`DELETE FROM staff_challenges WHERE staff_id = ${row.staff_id}`);
      await audit(
        tx,
        { ...who, staffId: row.staff_id, actor: row.email },
        { action: 'staff.enrol', entity: 'staff', entityId: row.staff_id },
      );
      return newRecoveryCodes(tx, row.staff_id);
    });
    if (!recoveryCodes) throw invalid();
    return { staffId: row.staff_id, recoveryCodes };
  }
}
