// What the Consumer Contracts Regulations 2013 give a shopper, stated once for the product page,
// the basket, the confirmation mail and the content pages: the 14-day right to cancel, its
// exemption for goods made to the customer's specification (reg. 28(1)(b)), the model
// cancellation form (Schedule 3, Part B) and how to complain.
import type { IdentitySettingsValue } from './api-schemas-settings-identity.ts';
import { SEEDED_IDENTITY } from './company.ts';
import { formatGBP } from './money.ts';
import { DEFAULT_RETURN_RULES, type ReturnRules } from './returns.ts';

/** Days from delivery in which a consumer may cancel (reg. 30). */
export const CANCELLATION_DAYS = 14;

/** The content page that says how to complain. */
export const COMPLAINTS_PATH = '/complaints';

/** A made-to-order size wherever it is offered or ordered: product page, basket, order. */
export const MADE_TO_ORDER_LABEL =
  'Made to your specification: no 14-day right to cancel once ordered';

/** What a line that may be cancelled says of it. */
export const CANCELLABLE_LABEL = `You may cancel within ${CANCELLATION_DAYS} days of delivery`;

/** What a pallet's collection costs, as the owner's return rules say (settings, returns). */
export type PalletCollection = Pick<ReturnRules, 'collectionPaidBy' | 'collectionPricePence'>;

/**
 * What returning goods delivered on a pallet costs, by the return rules in force.
 *
 * palletReturnText() → 'Stone delivered on a pallet goes back on a pallet: we collect it from a
 *   mainland UK address for £60.00 a pallet (including VAT), taken off your refund; ...'
 * palletReturnText({ collectionPaidBy: 'shop', … }) → '… we collect it from a mainland UK address
 *   at no charge to you; …'
 */
export function palletReturnText(collection: PalletCollection = DEFAULT_RETURN_RULES): string {
  const cost =
    collection.collectionPaidBy === 'shop'
      ? 'at no charge to you'
      : `for ${formatGBP(collection.collectionPricePence)} a pallet (including VAT), taken off your refund`;
  return `Stone delivered on a pallet goes back on a pallet: we collect it from a mainland UK address ${cost}; a collection from the Scottish Highlands or islands is quoted first. You may instead bring the goods to our showroom by appointment, at no charge.`;
}

/**
 * What the rights texts name of the shop: the owner's identity settings in a mail, the seeded
 * identity in the seeded content pages.
 */
export type RightsShop = Pick<
  IdentitySettingsValue,
  'legal_name' | 'registered_office' | 'email' | 'phone'
>;

/** The shop as the model form and complaints name it: name, postal address, email. */
export function shopContactLine(shop: RightsShop = SEEDED_IDENTITY): string {
  return `${shop.legal_name}, ${shop.registered_office.join(', ')}, email ${shop.email}`;
}

/**
 * The model cancellation form of Schedule 3, Part B, with the shop's name, address and email
 * filled in, one line each; the order number is filled in when known.
 */
export function modelCancellationForm(
  orderNumber?: string,
  shop: RightsShop = SEEDED_IDENTITY,
): string[] {
  return [
    '(Complete and return this form only if you wish to withdraw from the contract)',
    `To ${shopContactLine(shop)}:`,
    'I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*]/for the supply of the following service [*],',
    `Ordered on [*]/received on [*],${orderNumber ? ` order number ${orderNumber},` : ''}`,
    'Name of consumer(s),',
    'Address of consumer(s),',
    'Signature of consumer(s) (only if this form is notified on paper),',
    'Date',
    '[*] Delete as appropriate.',
  ];
}

/** How to complain, in the words of the mail and the complaints page, naming this shop. */
export const complaintsHowText = (shop: RightsShop = SEEDED_IDENTITY) =>
  `If you are unhappy with your order or our service, please tell us so we can put it right: email ${shop.email}, call ${shop.phone} (Monday to Friday, 9:00am to 5:30pm) or write to ${shop.legal_name}, ${shop.registered_office.join(', ')}. Please quote your order number.`;

/** How to complain, in the words of the mail and the complaints page. */
export const COMPLAINTS_TEXT = {
  how: complaintsHowText(),
  handling:
    'We acknowledge every complaint within 2 working days and aim to resolve it within 14 days; if it takes longer, we tell you why and when to expect our answer.',
  escalation:
    'If we cannot settle your complaint, you can get free, impartial advice from the Citizens Advice consumer helpline on 0808 223 1133. Your statutory rights are not affected.',
} as const;
