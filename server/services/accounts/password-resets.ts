import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { passwordResets } from '#db/schema/index.ts';
import { hashToken } from '../sessions.ts';

/** A reset link works once, within this time. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Single-use reset tokens; the database keeps only their hash, like sessions. */
export class PasswordResets {
  constructor(private readonly db: Database) {}

  async issue(customerId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(passwordResets).values({
      tokenHash: hashToken(token),
      customerId,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    return token;
  }

  /**
   * Marks the token used and returns its customer, or null when it is unknown, used or expired.
   * One UPDATE, so two requests racing with the same link cannot both win.
   */
  async redeem(token: string): Promise<number | null> {
    const [row] = await this.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ customerId: passwordResets.customerId });
    return row?.customerId ?? null;
  }

  /** After a successful reset, older links for the same account stop working too. */
  async revokeAll(customerId: number): Promise<void> {
    await this.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.customerId, customerId), isNull(passwordResets.usedAt)));
  }
}
