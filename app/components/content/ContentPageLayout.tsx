import type { ReactNode } from 'react';
import type { CmsPage } from './cms-page.ts';
import { CmsHtml, CmsTitle } from './CmsHtml.tsx';

/** A CMS page's title and sanitised HTML, with room for what a page adds (map, widget). */
export function ContentPageLayout({ page, children }: { page: CmsPage; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 lg:px-8">
      <CmsTitle
        rendered={page.title.rendered}
        className="text-3xl font-semibold tracking-tight text-stone-ink"
      />
      <CmsHtml html={page.content.rendered} className="mt-4" />
      {children}
    </article>
  );
}
