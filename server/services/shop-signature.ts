// Who signs the shop's mails: the identity the owner last saved, read as each mail is written.
import type { Database } from '#db/client.ts';
import type { IdentitySettingsValue } from '#domain/api-schemas-settings-identity.ts';
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

/** The sign-off of a plain-text mail: the shop's name and how to reach it. */
export function signatureLines(shop: SignatureShop): string[] {
  return ['', shop.trading_name, `Phone ${shop.phone}, email ${shop.email}`];
}
