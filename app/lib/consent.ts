// The shopper's choice about non-essential embeds (the reviews widget, the map), kept in a cookie
// the browser writes. Pages are cached for every visitor alike, so the choice is read in the
// browser only: the server's render never depends on it.
import { useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentFromCookies,
  type ConsentChoice,
} from '#domain/cookie-names.ts';

/** 'unknown' while the page is the server's render (before hydration); null: not asked yet. */
export type ConsentState = ConsentChoice | null | 'unknown';

const listeners = new Set<() => void>();
const settingsListeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function saveConsent(choice: ConsentChoice): void {
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax`;
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(
    subscribe,
    () => consentFromCookies(document.cookie),
    () => 'unknown' as const,
  );
}

/** Opens the consent dialog again ("Cookie settings" in the footer and on the cookie page). */
export function openCookieSettings(): void {
  for (const listener of settingsListeners) listener();
}

export function onOpenCookieSettings(listener: () => void): () => void {
  settingsListeners.add(listener);
  return () => settingsListeners.delete(listener);
}
