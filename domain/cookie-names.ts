// The shop's cookie names and the consent choice: small, for the first view's script. The list
// the cookie page shows is domain/cookies.ts.

export const SESSION_COOKIE = 'tessera_session';
export const STAFF_COOKIE = 'tessera_staff';
export const POSTCODE_COOKIE = 'tessera_postcode';
export const CONSENT_COOKIE = 'tessera_consent';

/** The consent cookie's life: a year, then the shopper is asked again. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** 'all': non-essential embeds may load; 'essential': only what the shop needs to work. */
export type ConsentChoice = 'all' | 'essential';

/** The choice in a Cookie header or `document.cookie`, or null when none was made. */
export function consentFromCookies(header: string | null | undefined): ConsentChoice | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    if (value === 'all' || value === 'essential') return value;
  }
  return null;
}
