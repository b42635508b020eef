// The postcode a shopper priced delivery to, kept for the browser session in a cookie so the
// basket and the checkout (whose first render is the server's) start with it.
import { useSyncExternalStore } from 'react';
import { POSTCODE_COOKIE } from '#domain/cookie-names.ts';
import { normaliseUkPostcode } from '#domain/postcode.ts';

export { POSTCODE_COOKIE };

/** The remembered postcode in a Cookie header ('' when none or not a UK postcode). */
export function postcodeFromCookies(header: string | null | undefined): string {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== POSTCODE_COOKIE) continue;
    try {
      return normaliseUkPostcode(decodeURIComponent(value.join('='))) ?? '';
    } catch {
      return '';
    }
  }
  return '';
}

const listeners = new Set<() => void>();

/** Remembers a postcode for the session (no Max-Age: gone when the browser closes). */
export function rememberPostcode(postcode: string): void {
  const value = encodeURIComponent(postcode);
  document.cookie = `${POSTCODE_COOKIE}=${value}; Path=/; SameSite=Lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remembered postcode, shared by every estimate on the page; '' on the server. */
export function useRememberedPostcode(): string {
  return useSyncExternalStore(
    subscribe,
    () => postcodeFromCookies(document.cookie),
    () => '',
  );
}
