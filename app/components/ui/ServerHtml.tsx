import { useState, type ReactNode } from 'react';

/**
 * A box whose children the server renders but the browser leaves as they came until `live`:
 * hydrating markup nobody can see yet (a closed menu panel) costs the page's start-up as much as
 * markup on screen. Until first live in the browser the box takes no children, so React keeps
 * whatever the server wrote inside it; from then on it is mounted afresh (a new key) with its
 * children rendered and wired, and stays so. A box mounted in the browser without server markup
 * (never the case for the page's shell) stays empty until live.
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
  const [wasLive, setWasLive] = useState(live);
  if (live && !wasLive) setWasLive(true);
  if (live || wasLive || typeof document === 'undefined') {
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
