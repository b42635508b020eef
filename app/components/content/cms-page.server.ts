import type { PageLoadContext } from '#domain/page-load-context.ts';
import { CONTENT_LOAD_TIMEOUT_MS, cmsPagePath, type CmsPage } from './cms-page.ts';

/** Settles with the value, or with `fallback` once `ms` have passed: a hung CMS never hangs a page. */
export function orFallbackAfter<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/** On the server: the page by slug, or null on failure, no data or timeout. */
export function loadCmsPage(context: PageLoadContext, slug: string): Promise<CmsPage | null> {
  return orFallbackAfter(
    context
      .api<CmsPage[]>(cmsPagePath(slug))
      .then((response) => (response.status === 200 ? (response.data[0] ?? null) : null)),
    CONTENT_LOAD_TIMEOUT_MS,
    null,
  );
}
