// The checkout's calls: the quote (re-asked as the address and option change) and placing the
// order once, whatever the shopper's clicks and the network do.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CheckoutQuoteJson, DeliveryOptionId } from '#domain/checkout.ts';
import { normaliseUkPostcode } from '#domain/postcode.ts';
import { apiFetch } from '#app/lib/api.ts';

export interface QuoteParams {
  country: string;
  /** '' until the postcode is a valid one. */
  postcode: string;
  delivery_option: DeliveryOptionId | '';
}

export function quotePath(params: QuoteParams): string {
  const query = new URLSearchParams({ country: params.country || 'GB' });
  if (params.postcode) query.set('postcode', params.postcode);
  if (params.delivery_option) query.set('delivery_option', params.delivery_option);
  return `/api/checkout?${query}`;
}

/** The postcode to price for: a UK one once it is valid, another country's as typed. */
export function quotePostcode(country: string, postcode: string): string {
  if (country === 'GB') return normaliseUkPostcode(postcode) ?? '';
  return postcode.trim();
}

export const quoteKey = (params: QuoteParams) =>
  ['checkout-quote', params.country, params.postcode, params.delivery_option] as const;

/**
 * The basket priced for an address and option. The loader's quote seeds the first key; other
 * keys are fetched, the previous figures staying on screen (marked as placeholder) meanwhile.
 */
export function useQuote(
  params: QuoteParams,
  seed: { params: QuoteParams; quote: CheckoutQuoteJson },
) {
  const seeded = quotePath(params) === quotePath(seed.params);
  return useQuery({
    queryKey: quoteKey(params),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: CheckoutQuoteJson }>(quotePath(params), { signal })).data,
    initialData: seeded ? seed.quote : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: 1,
  });
}

/** A key for one checkout attempt (a UUID; random hex where randomUUID is not offered). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
