// The shop's company details as seeded, and what is not a setting (the map's marker, the pallet
// return charge). All details are fictional but used consistently across the site.

import type { BankSettingsValue, IdentitySettingsValue } from './api-schemas-settings-identity.ts';

/**
 * The shop's identity as seeded (migration 0030_shop_settings): the owner edits it in the
 * settings (shop_settings), and the footer, contact page, mails, invoices and credit notes read
 * it from there. The seeded CMS copy still prints these defaults.
 */
export const SEEDED_IDENTITY: IdentitySettingsValue = {
  trading_name: 'Tessera Stone',
  legal_name: 'Tessera Stone Ltd',
  registered_office: [
    'Unit 4, Riverside Trading Estate',
    'Feeder Road',
    'Bristol',
    'BS2 0UX',
    'United Kingdom',
  ],
  company_number: '13584207',
  vat_number: 'GB 318 4726 59',
  phone: '0117 496 0472',
  email: 'hello@tesserastone.co.uk',
  reply_to: '',
  /** Opening hours exactly as spec section 1 states them, one line each. */
  opening_hours: [
    'Mon-Fri 9:00am-5:30pm',
    'Weekends and bank holidays closed',
    'Saturday by appointment',
  ],
  social_links: [
    { name: 'Instagram', href: 'https://www.instagram.com/tesserastone' },
    { name: 'Facebook', href: 'https://www.facebook.com/tesserastone' },
    { name: 'Pinterest', href: 'https://www.pinterest.co.uk/tesserastone' },
    { name: 'YouTube', href: 'https://www.youtube.com/@tesserastone' },
  ],
};

/** The bank details as seeded; null days: ORDER_PAYMENT_DAYS until the owner saves some. */
export const SEEDED_BANK: BankSettingsValue = {
  account_name: 'Tessera Stone Ltd',
  sort_code: '30-94-57',
  account_number: '48215736',
  payment_days: null,
};

// The seeded details by their old names, for the seeded copy that prints the defaults.
export const COMPANY_NAME = SEEDED_IDENTITY.legal_name;
export const SHOP_ADDRESS: readonly string[] = SEEDED_IDENTITY.registered_office;
export const SHOP_PHONE = SEEDED_IDENTITY.phone;
export const SHOP_EMAIL = SEEDED_IDENTITY.email;
export const COMPANY_NUMBER = SEEDED_IDENTITY.company_number;
export const VAT_NUMBER = SEEDED_IDENTITY.vat_number;

/** Map marker for the showroom (Feeder Road, St Philip's Marsh, Bristol). */
export const SHOP_LOCATION = { lat: 51.4487, lng: -2.5672 };

/**
 * What collecting a returned pallet from a mainland UK address costs a customer who cancels,
 * VAT included: deducted from the refund. One figure for the confirmation mail and the return
 * policy; a collection from the Highlands or islands is quoted first. The same price the seeded
 * `return_rules` row charges for a return's collection (migration 0025).
 */
export const PALLET_RETURN_PENCE = 6000;
