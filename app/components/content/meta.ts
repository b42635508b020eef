import { renderedText } from '#domain/wordpress.ts';
import type { CmsPage } from './cms-page.ts';

/** The document title of a CMS page; a page still loading or missing gets the shop's name. */
export function cmsPageTitle(page: unknown, fallback: string): string {
  const loaded = page && !(page instanceof Promise) ? (page as CmsPage) : null;
  return `${loaded ? renderedText(loaded.title.rendered) : fallback} | Tessera`;
}
