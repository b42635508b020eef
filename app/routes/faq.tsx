import { useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { fetchCmsPage, type CmsPage } from '#app/components/content/cms-page.ts';
import { loadCmsPage } from '#app/components/content/cms-page.server.ts';
import { DeferredPage, type MaybeDeferred } from '#app/components/content/DeferredPage.tsx';
import { CmsHtml, CmsTitle } from '#app/components/content/CmsHtml.tsx';
import { FaqAccordion } from '#app/components/content/FaqAccordion.tsx';
import { splitFaq } from '#app/components/content/faq-topics.ts';
import { cmsPageTitle } from '#app/components/content/meta.ts';

interface FaqData {
  page: MaybeDeferred<CmsPage | null>;
}

export function meta({ data }: { data: FaqData | undefined }) {
  return [{ title: cmsPageTitle(data?.page, 'FAQ') }];
}

export async function loader({ context }: { context: PageLoadContext }): Promise<FaqData> {
  return { page: await loadCmsPage(context, 'faq') };
}

export function clientLoader(): FaqData {
  return { page: fetchCmsPage('faq') };
}

/** FAQ (spec section 2): the CMS page's topics, split at their headings, as an accordion. */
export default function Faq() {
  const { page } = useLoaderData() as FaqData;
  return (
    <DeferredPage page={page}>
      {(loaded) => {
        const { introHtml, topics } = splitFaq(loaded.content.rendered);
        return (
          <article className="mx-auto max-w-4xl px-4 py-10 lg:px-8">
            <CmsTitle
              rendered={loaded.title.rendered}
              className="text-3xl font-semibold tracking-tight text-stone-ink"
            />
            <CmsHtml html={introHtml} className="mt-4" />
            <FaqAccordion topics={topics} />
          </article>
        );
      }}
    </DeferredPage>
  );
}
