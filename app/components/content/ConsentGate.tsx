import type { ReactNode } from 'react';
import { openCookieSettings, saveConsent, useConsent } from '#app/lib/consent.ts';

/** The host a URL (or a tile template such as https://{s}.tile.example/{z}/…) points at. */
export function providerOf(url: string): string {
  try {
    return new URL(url.replace(/\{s\}\./, '').replace(/[{}]/g, '')).host;
  } catch {
    return 'another company';
  }
}

/**
 * A non-essential embed behind the shopper's consent: until "Allow all" (here, in the banner or
 * in Cookie settings) a placeholder says what would load and from whom, and nothing of it is
 * requested. The server's render is always the placeholder (pages are shared by everyone).
 */
export function ConsentGate({
  label,
  provider,
  children,
}: {
  /** What it is, e.g. "reviews widget". */
  label: string;
  /** Who serves it, for the shopper to judge. */
  provider: string;
  children: () => ReactNode;
}) {
  const consent = useConsent();
  if (consent === 'all') return <>{children()}</>;
  return (
    <div
      data-consent-placeholder=""
      className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center text-sm text-stone-700"
    >
      <p>
        The {label} comes from {provider}, which sees your IP address and may set cookies. It loads
        only if you allow it.
      </p>
      {consent === 'unknown' ? null : (
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={() => saveConsent('all')}
            className="min-h-11 rounded border border-stone-ink bg-stone-ink px-4 py-2 font-semibold text-white hover:bg-stone-700"
          >
            Allow and show the {label}
          </button>
          <button
            type="button"
            onClick={openCookieSettings}
            className="min-h-11 rounded px-3 py-2 underline underline-offset-2"
          >
            Cookie settings
          </button>
        </div>
      )}
    </div>
  );
}
