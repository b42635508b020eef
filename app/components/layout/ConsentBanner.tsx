import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ConsentChoice } from '#domain/cookie-names.ts';
import { onOpenCookieSettings, saveConsent, useConsent } from '#app/lib/consent.ts';

const button =
  'min-h-11 rounded border px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * The consent choice, fixed to the bottom of the window so it moves nothing on the page (no
 * layout shift): asked once when the shop has a non-essential embed configured (`needed`), and
 * again whenever "Cookie settings" is chosen. Not modal: the page stays usable behind it, and
 * embeds stay placeholders until "Allow all".
 */
export function ConsentBanner({ needed }: { needed: boolean }) {
  const consent = useConsent();
  const [reopened, setReopened] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(
    () =>
      onOpenCookieSettings(() => {
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setReopened(true);
      }),
    [],
  );
  // Reopened on request: take the focus there, as a dialog does; the first ask leaves it alone.
  useEffect(() => {
    if (reopened) heading.current?.focus();
  }, [reopened]);

  const open = reopened || (needed && consent === null);
  if (!open || consent === 'unknown') return null;

  const close = () => {
    setReopened(false);
    if (opener.current?.isConnected) opener.current.focus();
  };
  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    close();
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && reopened) close();
      }}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-300 bg-white shadow-[0_-4px_16px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:gap-6 lg:px-8">
        <div className="flex-1 text-sm text-stone-700">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="mb-1 text-base font-semibold text-stone-ink focus:outline-none"
          >
            Cookies and embedded content
          </h2>
          <p>
            We use only the cookies the shop needs to work. Our reviews widget and showroom map come
            from other companies, which see your IP address and may set their own cookies: they load
            only if you allow them.{' '}
            <Link to="/cookies" className="underline underline-offset-2">
              Cookie policy
            </Link>
          </p>
          {consent !== null ? (
            <p className="mt-1 font-medium">
              Your choice now:{' '}
              {consent === 'all' ? 'reviews widget and map allowed' : 'essential cookies only'}.
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            onClick={() => choose('essential')}
            className={`${button} border-stone-ink bg-white text-stone-ink hover:bg-stone-100`}
          >
            Reject non-essential
          </button>
          <button
            type="button"
            onClick={() => choose('all')}
            className={`${button} border-stone-ink bg-stone-ink text-white hover:bg-stone-700`}
          >
            Allow all
          </button>
          {reopened ? (
            <button
              type="button"
              onClick={close}
              className={`${button} border-transparent text-stone-700 underline`}
            >
              Close
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
