import { useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { fetchCmsPage, slugOfPath, type CmsPage } from '#app/components/content/cms-page.ts';
import { loadCmsPage } from '#app/components/content/cms-page.server.ts';
import { DeferredPage, type MaybeDeferred } from '#app/components/content/DeferredPage.tsx';
import { ContentPageLayout } from '#app/components/content/ContentPageLayout.tsx';
import { cmsPageTitle } from '#app/components/content/meta.ts';
import { SampleRules } from '#app/components/content/SampleRules.tsx';
import { DeliveryAreas } from '#app/components/content/DeliveryAreas.tsx';
import { PrivacyRights } from '#app/components/content/PrivacyRights.tsx';

interface ContentPageData {
  page: MaybeDeferred<CmsPage | null>;
}

export function meta({ data }: { data: ContentPageData | undefined }) {
  return [{ title: cmsPageTitle(data?.page, 'Natural stone advice') }];
}

// A missing page is no error of the route: it answers 200 with 'Error loading page' (spec 8).
export async function loader({
  request,
  context,
}: {
  request: Request;
  context: PageLoadContext;
}): Promise<ContentPageData> {
  return { page: await loadCmsPage(context, slugOfPath(new URL(request.url).pathname)) };
}

/** Client navigations render at once with the spinner while the page arrives. */
export function clientLoader({ request }: { request: Request }): ContentPageData {
  return { page: fetchCmsPage(slugOfPath(new URL(request.url).pathname)) };
}

export default function ContentPage() {
  const { page } = useLoaderData() as ContentPageData;
  return (
    <DeferredPage page={page}>
      {(loaded) => (
        <ContentPageLayout page={loaded}>
          {loaded.slug === 'samples' ? <SampleRules /> : null}
          {loaded.slug === 'delivery-information' ? <DeliveryAreas /> : null}
          {loaded.slug === 'privacy-policy' ? <PrivacyRights /> : null}
        </ContentPageLayout>
      )}
    </DeferredPage>
  );
}
