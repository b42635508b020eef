import { data, Link, useLoaderData } from 'react-router';
import type { CustomerJson } from '#domain/api-types.ts';
import { CHECKOUT_MESSAGES, type CheckoutQuoteJson } from '#domain/checkout.ts';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { CheckoutForm, type CheckoutCustomer } from '#app/components/checkout/CheckoutForm.tsx';
import {
  quotePath,
  quotePostcode,
  type QuoteParams,
} from '#app/components/checkout/checkout-api.ts';
import { postcodeFromCookies } from '#app/lib/delivery-postcode.ts';
import { noStoreHeaders } from '#app/components/account/account-context.ts';

/** The shopper's basket and addresses: no cache may keep the page. */
export const headers = noStoreHeaders;

export function meta() {
  return [{ title: 'Checkout | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Critical data: the basket priced by the server for the shopper's session (a failure is a 503).
 * Deferred: the signed-in customer, whose saved addresses fill the form (missing → a blank form).
 */
export async function loader({ request, context }: { request: Request; context: PageLoadContext }) {
  const signedIn = context.hasSessionCookie
    ? await context.shopperApi<{ user: CustomerJson }>('/api/verify').catch(() => null)
    : null;
  const user = signedIn?.status === 200 ? signedIn.data.user : null;
  const customer: CheckoutCustomer | null = user
    ? { email: user.email, shipping: user.shipping, billing: user.billing }
    : null;
  const country = user?.shipping?.country ?? 'GB';
  // A saved address wins; otherwise the postcode the shopper priced delivery to before checkout.
  const remembered = postcodeFromCookies(request.headers.get('cookie'));
  const postcode = user?.shipping?.postcode || (country === 'GB' ? remembered : '');
  const quoteParams: QuoteParams = {
    country,
    postcode: quotePostcode(country, postcode),
    delivery_option: '',
  };
  const answer = await context.shopperApi<{ data: CheckoutQuoteJson }>(quotePath(quoteParams));
  if (answer.status !== 200) throw data(null, { status: 503 });
  return { quote: answer.data.data, quoteParams, customer };
}

export default function Checkout() {
  const { quote, quoteParams, customer } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      <h1 className="mb-6 text-3xl font-semibold">Checkout</h1>
      {quote.lines.length === 0 ? (
        <div className="flex flex-col items-start gap-4">
          <p>{CHECKOUT_MESSAGES.emptyBasket}</p>
          <Link
            to="/stone-collection/all-products"
            className="rounded bg-stone-ink px-5 py-2.5 text-sm font-semibold tracking-wide text-white uppercase"
          >
            Continue shopping
          </Link>
        </div>
      ) : (
        <CheckoutForm quote={quote} quoteParams={quoteParams} customer={customer} />
      )}
    </main>
  );
}
