import type { WpContentJson } from '#domain/wordpress.ts';
import { apiFetch } from '../../lib/api.ts';

/** A CMS page that takes longer than this shows 'Error loading page' instead of hanging. */
export const CONTENT_LOAD_TIMEOUT_MS = 5_000;

export type CmsPage = WpContentJson;

/** The WordPress-compatible query of one page by slug, as spec section 7 makes it. */
export const cmsPagePath = (slug: string) =>
  `/wp-json/wp/v2/pages?slug=${encodeURIComponent(slug)}&_embed`;

/** The page's slug is its path: /about-us → about-us. */
export const slugOfPath = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

/** In the browser (client navigations): the page, or null on failure, no data or timeout. */
export async function fetchCmsPage(slug: string): Promise<CmsPage | null> {
  try {
    const pages = await apiFetch<CmsPage[]>(cmsPagePath(slug), {
      signal: AbortSignal.timeout(CONTENT_LOAD_TIMEOUT_MS),
    });
    return pages[0] ?? null;
  } catch {
    return null;
  }
}
