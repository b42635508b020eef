import { data, useLoaderData } from 'react-router';
import { isSlug } from '#domain/slug.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import type { CmsPage } from '#app/components/content/cms-page.ts';
import { loadCmsPage } from '#app/components/content/cms-page.server.ts';
import { ContentPageLayout } from '#app/components/content/ContentPageLayout.tsx';
import { cmsPageTitle } from '#app/components/content/meta.ts';
import { NotFoundMessage } from '#app/components/layout/NotFoundMessage.tsx';

export function meta({ data: loaded }: { data: { page: CmsPage } | undefined }) {
  return loaded?.page
    ? [{ title: cmsPageTitle(loaded.page, 'Tessera') }]
    : [{ title: 'Page not found | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Any path no route matches: a published CMS page of that slug when staff have written one (a
 * page beyond those the spec names, e.g. /showroom-opening), else a real 404 status with the
 * shop's header and footer.
 */
export async function loader({ request, context }: { request: Request; context: PageLoadContext }) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
  const page = isSlug(slug) ? await loadCmsPage(context, slug) : null;
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export default function NotFound() {
  const { page } = useLoaderData<typeof loader>();
  return <ContentPageLayout page={page} />;
}

export function ErrorBoundary() {
  return <NotFoundMessage />;
}
