import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { newsletterSubscribers } from '#db/schema/index.ts';
import { COMPANY_NAME } from '#domain/company.ts';
import type { Mailer } from '../mail.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SubscribeResult {
  /** False when the address was already on the list: the caller answers the same either way. */
  created: boolean;
}

/**
 * Puts an address on the mailing list once. A new subscriber is sent a welcome mail with the
 * unsubscribe link; only the link token's hash is stored, so the table cannot unsubscribe anyone.
 */
export async function subscribe(
  db: Database,
  mail: Mailer,
  email: string,
  origin: string,
): Promise<SubscribeResult> {
  const address = email.trim().toLowerCase();
  const token = randomBytes(32).toString('base64url');
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: address, unsubscribeTokenHash: hashToken(token) })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 0) return { created: false };
  const link = `${origin}/newsletter/unsubscribe?token=${token}`;
  await mail.sendMail({
    to: address,
    subject: `You're subscribed to the ${COMPANY_NAME} newsletter`,
    text: [
      `Thank you for subscribing to news and offers from ${COMPANY_NAME}.`,
      'We will send you new arrivals, stone care advice and offers, never more than twice a month.',
      '',
      `To unsubscribe at any time, open this link: ${link}`,
    ].join('\n'),
  });
  return { created: true };
}

/** Removes the address whose unsubscribe token this is; false when the token matches none. */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)))
    .returning({ id: newsletterSubscribers.id });
  return removed.length > 0;
}
