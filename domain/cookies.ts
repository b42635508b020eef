import { CONSENT_COOKIE, POSTCODE_COOKIE, SESSION_COOKIE, STAFF_COOKIE } from './cookie-names.ts';

/**
 * Every cookie the shop sets, in one list: the cookie page is rendered from it and a test
 * compares it with the cookies a full journey actually receives, so the page cannot drift.
 * Third-party embeds (the reviews widget, map tiles) load only after consent; what they set is
 * theirs and is named on the page by who sets it, not by cookie.
 */

export type CookieCategory = 'essential' | 'preference';

export interface ShopCookie {
  /** The name in development and tests; production adds the `__Host-` prefix where noted. */
  name: string;
  /** Whether production sends it as `__Host-<name>` (Secure, whole site, no Domain). */
  hostPrefixed: boolean;
  /** 'server' cookies arrive in Set-Cookie; 'browser' ones are written by the page's script. */
  setBy: 'server' | 'browser';
  category: CookieCategory;
  purpose: string;
  duration: string;
}

export const SHOP_COOKIES: readonly ShopCookie[] = [
  {
    name: SESSION_COOKIE,
    hostPrefixed: true,
    setBy: 'server',
    category: 'essential',
    purpose:
      'Keeps your basket and, once you sign in, your account session. Set when you first add something to the basket or sign in.',
    duration:
      'Until you close the browser; with "Remember me" at sign-in, 30 days after your last visit (90 days at most).',
  },
  {
    name: STAFF_COOKIE,
    hostPrefixed: true,
    setBy: 'server',
    category: 'essential',
    purpose: 'Keeps a member of our staff signed in to the back office. Shoppers never get it.',
    duration: 'Until the staff session ends (at most 12 hours).',
  },
  {
    name: POSTCODE_COOKIE,
    hostPrefixed: false,
    setBy: 'browser',
    category: 'essential',
    purpose:
      'Remembers the postcode you priced delivery to, so the basket and checkout start with it.',
    duration: 'Until you close the browser.',
  },
  {
    name: CONSENT_COOKIE,
    hostPrefixed: false,
    setBy: 'browser',
    category: 'essential',
    purpose:
      'Remembers whether you allowed the reviews widget and the map, so we do not ask on every page.',
    duration: '1 year.',
  },
];

/** What the shop keeps in the browser's own storage: never sent to us, all needed to work. */
export const BROWSER_STORAGE: readonly { name: string; purpose: string; duration: string }[] = [
  {
    name: 'tessera.profile',
    purpose: 'Your first name and email while signed in, to greet you before the page has loaded.',
    duration: 'Until you log out.',
  },
  {
    name: 'tessera.rememberedEmail',
    purpose: 'Your email for the sign-in form, only when you tick "Remember me".',
    duration: 'Until you sign in without "Remember me".',
  },
  {
    name: 'Product name',
    purpose: 'The size you last chose of a product, in this tab only.',
    duration: 'Until you close the tab.',
  },
];

/** What the shop loads only with consent, and who provides it. */
export const NON_ESSENTIAL_EMBEDS: readonly { name: string; purpose: string }[] = [
  {
    name: 'Reviews widget',
    purpose:
      'Shows independent customer reviews on the Reviews page. Its provider may set its own cookies and sees your IP address.',
  },
  {
    name: 'Map of our showroom',
    purpose:
      'Shows where we are on the Contact Us page. The map tiles come from a map provider, which sees your IP address.',
  },
];

/** The cookie names a server in `production` mode sends (`__Host-` where the list says so). */
export function serverCookieNames(production: boolean): string[] {
  return SHOP_COOKIES.filter((c) => c.setBy === 'server').map((c) =>
    production && c.hostPrefixed ? `__Host-${c.name}` : c.name,
  );
}
