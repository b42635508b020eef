import { Suspense } from 'react';
import { Await } from 'react-router';
import { useNonce } from '../../lib/nonce.tsx';
import { ConsentGate, providerOf } from './ConsentGate.tsx';
import type { MaybeDeferred } from './DeferredPage.tsx';

/**
 * The third-party reviews widget (REVIEWS_WIDGET_SRC): its script, loaded async beside the page,
 * and the element widgets of this kind fill, once the shopper allows it (until then a
 * placeholder, and no request to its host). Nothing at all when none is configured.
 */
export function ReviewsWidget({ src }: { src: MaybeDeferred<string | undefined> }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={src} errorElement={null}>
        {(resolved) =>
          resolved ? (
            <section aria-label="Customer reviews" className="mt-10">
              <ConsentGate label="reviews widget" provider={providerOf(resolved)}>
                {() => <WidgetScript src={resolved} />}
              </ConsentGate>
            </section>
          ) : null
        }
      </Await>
    </Suspense>
  );
}

function WidgetScript({ src }: { src: string }) {
  const nonce = useNonce();
  return (
    <>
      {/* The widget fills this element itself: React leaves inner HTML it set alone. */}
      <div id="reviews-widget" data-reviews-widget="" dangerouslySetInnerHTML={{ __html: '' }} />
      <script src={src} async nonce={nonce || undefined} />
    </>
  );
}
