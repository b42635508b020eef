// Who signs the shop's mails: the identity the owner last saved, read as each mail is written.
import type { Database } from '#db/client.ts';
import type { IdentitySettingsValue } from '#domain/api-schemas-settings-identity.ts';
import { COMPLAINTS_PATH } from '#domain/consumer-rights.ts';
import { identitySection } from './settings/identity-section.ts';

/** What a sign-off shows of the shop. */
export type SignatureShop = Pick<IdentitySettingsValue, 'trading_name' | 'phone' | 'email'>;

/**
 * The shop's identity for a mail, read in the mail's own transaction when it has one, so a mail
 * written after the owner saves carries the saved details.
 */
export const mailShop = (db: Database): Promise<IdentitySettingsValue> => identitySection.read(db);

/** The closing line of a customer's mail. */
export const thanksLine = (shop: SignatureShop) =>
  `Thank you for shopping with ${shop.trading_name}.`;

/** What a customer's mail says before its link to the complaints page. */
export const COMPLAINTS_INVITE = 'Not happy with something? Tell us and we will put it right.';

/** The complaints page's address from the shop's public origin; the path alone without one. */
export const complaintsUrl = (origin: string | undefined) => `${origin ?? ''}${COMPLAINTS_PATH}`;

/**
 * The sign-off of a plain-text mail: the shop's name and how to reach it, and for a customer
 * (given the shop's public origin) the route to the complaints page.
 */
export function signatureLines(shop: SignatureShop, complaintsOrigin?: string): string[] {
  const lines = ['', shop.trading_name, `Phone ${shop.phone}, email ${shop.email}`];
  if (complaintsOrigin === undefined) return lines;
  return [...lines, '', `${COMPLAINTS_INVITE} How to complain: ${complaintsUrl(complaintsOrigin)}`];
}
