import { useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { fetchCmsPage, type CmsPage } from '#app/components/content/cms-page.ts';
import { loadCmsPage } from '#app/components/content/cms-page.server.ts';
import { DeferredPage, type MaybeDeferred } from '#app/components/content/DeferredPage.tsx';
import { ContentPageLayout } from '#app/components/content/ContentPageLayout.tsx';
import { ReviewsWidget } from '#app/components/content/ReviewsWidget.tsx';
import { cmsPageTitle } from '#app/components/content/meta.ts';

interface ReviewsData {
  page: MaybeDeferred<CmsPage | null>;
  widgetSrc: MaybeDeferred<string | undefined>;
}

export function meta({ data }: { data: ReviewsData | undefined }) {
  return [{ title: cmsPageTitle(data?.page, 'Reviews') }];
}

export async function loader({ context }: { context: PageLoadContext }): Promise<ReviewsData> {
  return {
    page: await loadCmsPage(context, 'reviews'),
    widgetSrc: context.config.reviewsWidgetSrc,
  };
}

/** Client navigations show the spinner at once; the widget's source is server configuration. */
export function clientLoader({
  serverLoader,
}: {
  serverLoader: () => Promise<ReviewsData>;
}): ReviewsData {
  return {
    page: fetchCmsPage('reviews'),
    widgetSrc: serverLoader()
      .then((data) => data.widgetSrc)
      .catch(() => undefined),
  };
}

/** Reviews: the CMS page, then the configured third-party widget (spec section 2). */
export default function Reviews() {
  const { page, widgetSrc } = useLoaderData() as ReviewsData;
  return (
    <DeferredPage page={page}>
      {(loaded) => (
        <ContentPageLayout page={loaded}>
          <ReviewsWidget src={widgetSrc} />
        </ContentPageLayout>
      )}
    </DeferredPage>
  );
}
