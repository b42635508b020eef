import type { ReactNode } from 'react';

/**
 * A box whose children the server renders but the browser leaves as they came until `live`:
 * hydrating markup nobody can see yet (a closed menu panel) costs the page's start-up as much as
 * markup on screen. While not live in the browser the box takes no children, so React keeps
 * whatever the server wrote inside it; once live it is mounted afresh (a new key) with its
 * children rendered and wired. A box mounted in the browser without server markup (never the
 * case for the page's shell) stays empty until live.
 */
export function ServerHtml({
  live,
  className,
  children,
}: {
  live: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (live || typeof document === 'undefined') {
    return (
      <div key="live" className={className}>
        {children}
      </div>
    );
  }
  return (
    <div
      key="server"
      className={className}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: '' }}
    />
  );
}
