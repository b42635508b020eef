import { lazy, type ComponentType } from 'react';

/** A part whose code can be fetched ahead of its first render. */
export interface Preloadable {
  preload(): void;
}

/**
 * A component whose code loads when it is first rendered rather than with the page, for parts
 * only some visitors open (dialogs and drawers). Spread `openerProps(part)` on the button that
 * opens it: pointing at or focusing the button starts the download, so the part is usually there
 * by the click.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const fetch = () => (loading ??= load().then((component) => ({ default: component })));
  // A failed early download is not the shopper's problem yet: the render reports it if it recurs.
  const preload = () => void fetch().catch(() => {});
  return Object.assign(lazy(fetch), { preload });
}

/** Handlers for an opener: pointing at it or focusing it starts fetching the parts it opens. */
export function openerProps(...parts: Preloadable[]) {
  const start = () => {
    for (const part of parts) part.preload();
  };
  return { onPointerEnter: start, onFocus: start };
}
