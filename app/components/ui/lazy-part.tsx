import { Component, lazy, type ComponentType, type ReactNode } from 'react';

/** Shown in place of a part whose code cannot be fetched (the connection dropped after the page came). */
export const PART_UNAVAILABLE =
  'Sorry, this could not be opened. Please check your connection and try again.';

/** A part whose code can be fetched ahead of its first render. */
export interface Preloadable {
  preload(): void;
}

interface UnavailableProps {
  fallback: ReactNode;
  onError(): void;
  children: ReactNode;
}

/** Keeps a failed download to the part that needed it, instead of the page's error screen. */
class Unavailable extends Component<UnavailableProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const notice = (
  <p role="alert" className="text-sm">
    {PART_UNAVAILABLE}
  </p>
);

/**
 * Fetches a part's code once, however often it is asked for; a failed fetch is forgotten, so
 * the next request tries again. `loaded()` is the component once it has arrived.
 */
export function codeLoader<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  const fetch = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // A failed early download is not the shopper's problem yet: the render reports it if it recurs.
  const preload = () => void fetch().catch(() => {});
  return { fetch, preload, loaded: () => loaded };
}

/**
 * A component whose code loads when it is first rendered rather than with the page, for parts
 * only some visitors open (dialogs and drawers). Spread `openerProps(part)` on the button that
 * opens it: pointing at or focusing the button starts the download, so the part is usually there
 * by the click. Render it inside a Suspense boundary. If its code cannot be fetched it shows
 * `unavailable` (by default, a notice saying so) and tries again when it is next mounted.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const { fetch, preload } = codeLoader(load);
  const fetchModule = () => fetch().then((component) => ({ default: component }));
  // React keeps a lazy component's failure for good, so the next attempt needs a new one.
  let Lazy = lazy(fetchModule);
  const retryLater = () => {
    Lazy = lazy(fetchModule);
  };
  function Part({ unavailable = notice, ...props }: Props & { unavailable?: ReactNode }) {
    return (
      <Unavailable fallback={unavailable} onError={retryLater}>
        <Lazy {...(props as Props)} />
      </Unavailable>
    );
  }
  return Object.assign(Part, { preload });
}

/** Handlers for an opener: pointing at it or focusing it starts fetching the parts it opens. */
export function openerProps(...parts: Preloadable[]) {
  const start = () => {
    for (const part of parts) part.preload();
  };
  return { onPointerEnter: start, onFocus: start };
}
