import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { newsletterSubscribers } from '#db/schema/index.ts';
import { mailShop, signatureLines } from '../shop-signature.ts';
import type { Mailer } from '../mail.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Asks the address's owner to confirm (double opt-in): anyone can type a stranger's address, so
 * the only mail an unconfirmed address gets is the one with the confirmation link; asking again
 * sends a fresh link (the caller limits how often). A confirmed address gets nothing and the
 * caller answers the same, so the answer never tells whether an address is on the list. Only
 * the tokens' hashes are stored: the table alone can neither confirm nor unsubscribe anyone.
 */
export async function subscribe(
  db: Database,
  mail: Mailer,
  email: string,
  origin: string,
): Promise<void> {
  const address = email.trim().toLowerCase();
  const token = newToken();
  const [pending] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO newsletter_subscribers AS n (email, unsubscribe_token_hash, confirm_token_hash)
        VALUES (${address}, ${hashToken(newToken())}, ${hashToken(token)})
        ON CONFLICT (email) DO UPDATE SET confirm_token_hash = excluded.confirm_token_hash
          WHERE n.confirmed_at IS NULL
        RETURNING n.id`,
  );
  if (!pending) return;
  const shop = await mailShop(db);
  await mail.sendMail({
    to: address,
    subject: `Please confirm your subscription to the ${shop.trading_name} newsletter`,
    text: [
      `Someone, we hope you, asked to receive news and offers from ${shop.trading_name} at this address.`,
      '',
      `To confirm, open this link: ${origin}/newsletter/confirm?token=${token}`,
      '',
      'If it was not you, ignore this email: you will not hear from us again.',
      ...signatureLines(shop, origin),
    ].join('\n'),
  });
}

/**
 * Confirms the address whose confirmation token this is and sends the welcome mail with its
 * unsubscribe link; false when the token matches no unconfirmed address.
 */
export async function confirm(
  db: Database,
  mail: Mailer,
  token: string,
  origin: string,
): Promise<boolean> {
  const unsubscribeToken = newToken();
  const [confirmed] = await queryRows<{ email: string }>(
    db,
    sql`UPDATE newsletter_subscribers
        SET confirmed_at = now(), confirm_token_hash = NULL,
          unsubscribe_token_hash = ${hashToken(unsubscribeToken)}
        WHERE confirm_token_hash = ${hashToken(token)} AND confirmed_at IS NULL
        RETURNING email`,
  );
  if (!confirmed) return false;
  const shop = await mailShop(db);
  await mail.sendMail({
    to: confirmed.email,
    subject: `You're subscribed to the ${shop.trading_name} newsletter`,
    text: [
      `Thank you for subscribing to news and offers from ${shop.trading_name}.`,
      'We will send you new arrivals, stone care advice and offers, never more than twice a month.',
      '',
      `To unsubscribe at any time, open this link: ${origin}/newsletter/unsubscribe?token=${unsubscribeToken}`,
      ...signatureLines(shop, origin),
    ].join('\n'),
  });
  return true;
}

/** Removes the address whose unsubscribe token this is; false when the token matches none. */
export async function unsubscribe(db: Database, token: string): Promise<boolean> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, hashToken(token)))
    .returning({ id: newsletterSubscribers.id });
  return removed.length > 0;
}
