import {
  isRouteErrorResponse,
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  Outlet,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { LinksFunction } from 'react-router';
import type { MenuNodeJson } from '#domain/api-types.ts';
import type { BuyerJson } from '#domain/api-schemas-buyer.ts';
import type { ShopJson } from '#domain/api-schemas-settings-identity.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { createQueryClient } from './lib/query-client.ts';
import { BasketProvider } from './components/basket/BasketProvider.tsx';
import { ConsentBanner } from './components/layout/ConsentBanner.tsx';
import { Footer } from './components/layout/Footer.tsx';
import { Header } from './components/layout/Header.tsx';
import { NotFoundMessage } from './components/layout/NotFoundMessage.tsx';
import { menuEntries } from './components/layout/menu-tree.ts';
import stylesheet from './styles/app.css?url';
import { useNonce } from './lib/nonce.tsx';

// With a precedence React writes the stylesheet ahead of the script preloads, so the first paint
// waits for the styles only, not for the scripts queued before them.
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * The header's menu, rendered on the server (without it the header shows the fallback entries),
 * the shop's details for the footer and contact page, and whether the shop has an address service behind "Find address".
 */
export async function loader({ context }: { context: PageLoadContext }) {
  const [response, shop, buyer] = await Promise.all([
    context.api<{ data: MenuNodeJson[] }>('/api/megamenu').catch(() => null),
    context.api<{ data: ShopJson }>('/api/shop').catch(() => null),
    // Pages are kept per price list, and this answer is the same for everyone on one list.
    context.api<{ data: BuyerJson }>('/api/buyer').catch(() => null),
  ]);
  return {
    menu: response?.status === 200 ? response.data.data : [],
    /** The footer's and contact page's details (the owner's identity settings). */
    shop: shop?.status === 200 ? shop.data.data : null,
    addressLookup: context.config.addressLookup,
    /** How prices are written for this page's price list (useBuyer). */
    buyer: buyer?.status === 200 ? buyer.data.data : null,
    // Consent is asked for only when something non-essential could load (PECR exempts the rest).
    consentNeeded: Boolean(context.config.reviewsWidgetSrc || context.config.mapTileUrl),
  };
}

/** The menu changes with the catalogue, not with the shopper's navigation: load it once. */
export const shouldRevalidate = () => false;

/** Marks the document once React has hydrated it: browser tests wait for this. */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** Header and footer around every screen, the error and 404 screens included. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  useHydratedMarker();
  // The back office has its own frame: no shop header, menu or footer around it.
  const backOffice = /^\/admin(\/|$)/.test(useLocation().pathname);
  // One client per browser session (and per server render), never shared between shoppers.
  const [queryClient] = useState(createQueryClient);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-stone-ink antialiased">
        <QueryClientProvider client={queryClient}>
          <BasketProvider>
            <a
              href="#content"
              className="sr-only z-50 bg-white p-3 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
            >
              Skip to content
            </a>
            {backOffice ? (
              <div id="content" className="flex-1">
                {children}
              </div>
            ) : (
              <>
                <Header entries={menuEntries(data?.menu ?? [])} />
                <div id="content" className="flex-1">
                  {children}
                </div>
                <Footer />
                <ConsentBanner needed={data?.consentNeeded ?? false} />
              </>
            )}
          </BasketProvider>
        </QueryClientProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">Something went wrong</h1>
      <p className="mt-3">Please try again in a moment.</p>
      <a className="mt-6 inline-block underline" href="/">
        Back to the home page
      </a>
    </main>
  );
}
