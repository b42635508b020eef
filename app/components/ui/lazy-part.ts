import { lazy, type ComponentType } from 'react';

/**
 * A component whose code loads when it is first rendered rather than with the page, for parts
 * only some visitors open (dialogs and drawers). Spread `openerProps` on the button that opens
 * it: pointing at or focusing the button starts the download, so the part is usually there by
 * the click.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  // A failed early download is not the shopper's problem yet: the render reports it if it recurs.
  const start = () => void preload().catch(() => {});
  return Object.assign(lazy(preload), { openerProps: { onPointerEnter: start, onFocus: start } });
}
