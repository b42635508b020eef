// The shop's company details: one source for the footer, the contact page and the seeded CMS copy.
// All details are fictional but used consistently across the site.

export const COMPANY_NAME = 'Tessera Stone Ltd';

export const SHOP_ADDRESS: readonly string[] = [
  'Unit 4, Riverside Trading Estate',
  'Feeder Road',
  'Bristol',
  'BS2 0UX',
  'United Kingdom',
];

export const SHOP_PHONE = '0117 496 0472';

export const SHOP_EMAIL = 'hello@tesserastone.co.uk';

export const COMPANY_NUMBER = '13584207';

export const VAT_NUMBER = 'GB 318 4726 59';

/** Opening hours exactly as spec section 1 states them, one line each. */
export const OPENING_HOURS: readonly string[] = [
  'Mon-Fri 9:00am-5:30pm',
  'Weekends and bank holidays closed',
  'Saturday by appointment',
];

/** Map marker for the showroom (Feeder Road, St Philip's Marsh, Bristol). */
export const SHOP_LOCATION = { lat: 51.4487, lng: -2.5672 };

export const SOCIAL_LINKS: readonly { name: string; href: string }[] = [
  { name: 'Instagram', href: 'https://www.instagram.com/tesserastone' },
  { name: 'Facebook', href: 'https://www.facebook.com/tesserastone' },
  { name: 'Pinterest', href: 'https://www.pinterest.co.uk/tesserastone' },
  { name: 'YouTube', href: 'https://www.youtube.com/@tesserastone' },
];

/** Where bank-transfer orders are paid; the order number is the payment's reference. */
export const BANK_DETAILS = {
  accountName: 'Tessera Stone Ltd',
  sortCode: '30-94-57',
  accountNumber: '48215736',
} as const;

/**
 * What collecting a returned pallet from a mainland UK address costs a customer who cancels,
 * VAT included: deducted from the refund. One figure for the confirmation mail and the return
 * policy; a collection from the Highlands or islands is quoted first. The same price the seeded
 * `return_rules` row charges for a return's collection (migration 0025).
 */
export const PALLET_RETURN_PENCE = 6000;
