// The browser's basket: one TanStack Query cache entry, reloaded after every add, update and
// remove (spec section 4).
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { VariationJson } from '#domain/api-types.ts';
import type { CartAnswer, CartJson } from '#domain/cart.ts';
import type { AddToCartInput } from '#domain/validation.ts';
import { ApiError, apiFetch } from './api.ts';
import { variationsQuery } from './product-queries.ts';

export const CART_QUERY_KEY = ['cart'] as const;

/** The codes of the basket's refusals a shopper can act on: too few left, the sample rules. */
const ACTIONABLE = new Set(['out_of_stock', 'sample_limit']);

/** The message of a refusal the shopper can act on, or null for any other failure. */
export function refusalMessage(failure: unknown): string | null {
  return failure instanceof ApiError && ACTIONABLE.has(failure.body?.code ?? '')
    ? failure.message
    : null;
}

/** The basket; empty until the browser has asked (the server renders no shopper's basket). */
export function useCart() {
  return useQuery({
    queryKey: CART_QUERY_KEY,
    queryFn: async ({ signal }) => (await apiFetch<CartAnswer>('/api/cart', { signal })).data,
    staleTime: 0,
  });
}

/** Shows the answer at once, then reloads the basket as the spec asks. */
async function settle(queryClient: QueryClient, cart: CartJson) {
  queryClient.setQueryData(CART_QUERY_KEY, cart);
  await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
}

export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (line: AddToCartInput) =>
      (await apiFetch<CartAnswer>('/api/cart/add', { method: 'POST', body: line })).data,
    onSuccess: (cart) => settle(queryClient, cart),
  });
}

export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, quantity }: { id: number; quantity: number }) =>
      (await apiFetch<CartAnswer>(`/api/cart/${id}`, { method: 'PUT', body: { quantity } })).data,
    onSuccess: (cart) => settle(queryClient, cart),
  });
}

export function useRemoveCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiFetch<CartAnswer>(`/api/cart/${id}`, { method: 'DELETE' })).data,
    onSuccess: (cart) => settle(queryClient, cart),
  });
}

/**
 * A one-click add from a card (Add Sample, Special Deals' Add to Cart): loads the product's
 * variations (sharing the 5-minute variations cache), lets `pick` choose the line to add, or
 * marks the product unavailable when it finds none.
 */
export function useQuickAdd(
  productId: number,
  pick: (variations: VariationJson[]) => AddToCartInput | null,
  onAdded: () => void,
) {
  const queryClient = useQueryClient();
  const add = useAddToCart();
  const [loading, setLoading] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async () => {
    setLoading(true);
    setRefusal(null);
    try {
      const variations = await queryClient.fetchQuery(variationsQuery(productId));
      const line = pick(variations);
      if (!line) {
        setUnavailable(true);
        return;
      }
      await add.mutateAsync(line);
      onAdded();
    } catch (failure) {
      // Only a refusal the shopper can act on is shown (spec section 8 shows none); the button
      // is usable again.
      setRefusal(refusalMessage(failure));
    } finally {
      setLoading(false);
    }
  };
  return { run, pending: loading, unavailable, refusal };
}
