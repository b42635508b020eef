import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { customers, emailVerifications } from '#db/schema/index.ts';
import { hashToken } from '../sessions.ts';

/** A verification link works once, within this time (a day: it may sit in an inbox overnight). */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60_000;

/** Single-use links proving an email address; the database keeps only their hash. */
export class EmailVerifications {
  constructor(private readonly db: Database) {}

  async issue(customerId: number, email: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(emailVerifications).values({
      tokenHash: hashToken(token),
      customerId,
      email,
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
    return token;
  }

  /**
   * Uses the link and marks its account verified; returns the customer id, or null when the link
   * is unknown, used, expired, or was sent to an address the account no longer has. One
   * statement, so two clicks racing on the same link cannot both win.
   */
  async redeem(token: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(emailVerifications)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailVerifications.tokenHash, hashToken(token)),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, new Date()),
          ),
        )
        .returning({ customerId: emailVerifications.customerId, email: emailVerifications.email });
      if (!row) return null;
      const [verified] = await tx
        .update(customers)
        .set({ emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, now())` })
        .where(and(eq(customers.id, row.customerId), eq(sql`lower(${customers.email})`, row.email)))
        .returning({ id: customers.id });
      return verified?.id ?? null;
    });
  }
}
