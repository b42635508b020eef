import { Suspense, type ReactNode } from 'react';
import { Await, useLocation } from 'react-router';
import type { CmsPage } from './cms-page.ts';
import { ErrorLoadingPage, PageSpinner } from './ContentStates.tsx';

/** A page the server loader awaited, or one a client navigation is still fetching. */
export type MaybeDeferred<T> = T | Promise<T>;

/**
 * The spinner while a client navigation fetches the page, 'Error loading page' when it failed
 * or has no data, the page otherwise, inside the page's `<main>`. Server renders pass the page itself and show it at once.
 */
export function DeferredPage({
  page,
  children,
}: {
  page: MaybeDeferred<CmsPage | null>;
  children: (page: CmsPage) => ReactNode;
}) {
  // A boundary per page: navigations run as transitions, which keep an old boundary's content
  // on screen instead of its fallback.
  const { pathname } = useLocation();
  // The page's one main landmark, whatever it shows.
  return (
    <main>
      <Suspense key={pathname} fallback={<PageSpinner />}>
        <Await resolve={page} errorElement={<ErrorLoadingPage />}>
          {(resolved) => (resolved ? children(resolved) : <ErrorLoadingPage />)}
        </Await>
      </Suspense>
    </main>
  );
}
