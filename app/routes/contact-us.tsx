import { useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import type { CmsPage } from '#app/components/content/cms-page.ts';
import { loadCmsPage } from '#app/components/content/cms-page.server.ts';
import { DeferredPage } from '#app/components/content/DeferredPage.tsx';
import { ContentPageLayout } from '#app/components/content/ContentPageLayout.tsx';
import { ShopMap } from '#app/components/content/ShopMap.tsx';
import { cmsPageTitle } from '#app/components/content/meta.ts';
import { EnquiryForm } from '#app/components/enquiry/EnquiryForm.tsx';
import { useShop } from '#app/lib/shop.ts';

/** /contact is the header's Get Quote; /contact-us is the CMS contact page with its map. */
const GET_QUOTE_PATH = '/contact';

type ContactData =
  { view: 'quote' } | { view: 'contact'; page: CmsPage | null; mapTileUrl: string | undefined };

const isGetQuote = (request: Request) => new URL(request.url).pathname === GET_QUOTE_PATH;

export function meta({ data }: { data: ContactData | undefined }) {
  if (data?.view === 'quote') return [{ title: 'Get a Quote | Tessera' }];
  return [{ title: cmsPageTitle(data?.page, 'Contact Us') }];
}

export async function loader({
  request,
  context,
}: {
  request: Request;
  context: PageLoadContext;
}): Promise<ContactData> {
  if (isGetQuote(request)) return { view: 'quote' };
  return {
    view: 'contact',
    page: await loadCmsPage(context, 'contact-us'),
    mapTileUrl: context.config.mapTileUrl,
  };
}

function GetQuote() {
  const shop = useShop();
  return (
    <main>
      <article className="mx-auto max-w-2xl px-4 py-10 lg:px-8">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-ink">Get a Quote</h1>
        <p className="mt-3 text-stone-700">
          Tell us what you are planning: the stone you like, the rooms and the approximate area in
          square metres, and your delivery postcode. We reply with a quotation within one working
          day. You can also call us on {shop.phone} or email {shop.email}.
        </p>
        <div className="mt-6">
          <EnquiryForm kind="quote" />
        </div>
      </article>
    </main>
  );
}

export default function Contact() {
  const data = useLoaderData() as ContactData;
  if (data.view === 'quote') return <GetQuote />;
  return (
    <DeferredPage page={data.page}>
      {(page) => (
        <ContentPageLayout page={page}>
          <ShopMap tileUrl={data.mapTileUrl} />
        </ContentPageLayout>
      )}
    </DeferredPage>
  );
}
