// The browser's product data: variations (sizes) and the chosen size of each product.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { CACHE_TIMES } from '#domain/catalogue.ts';
import type { VariationJson } from '#domain/api-types.ts';
import { apiFetch } from './api.ts';
import { keepUnusedFor } from './query-client.ts';

/** The one description of a product's variations query, cached 5 minutes (spec section 9). */
export function variationsQuery(productId: number) {
  return {
    queryKey: ['variations', productId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiFetch<VariationJson[]>(`/api/product/${productId}/variations`, { signal }),
    staleTime: CACHE_TIMES.variationsMs,
  };
}

/**
 * A product's variations, fetched only while `enabled`
 * (the quick view asks when it opens). `initial` seeds the cache with what a loader already has.
 */
export function useVariations(productId: number, enabled: boolean, initial?: VariationJson[]) {
  return useQuery({
    ...variationsQuery(productId),
    enabled,
    gcTime: keepUnusedFor(CACHE_TIMES.variationsMs),
    ...(initial ? { initialData: initial } : {}),
  });
}

function readStoredId(productName: string): number | null {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(productName) ?? 'null') as unknown;
    return typeof stored === 'object' && stored !== null && 'id' in stored
      ? Number((stored as { id: unknown }).id)
      : null;
  } catch {
    return null;
  }
}

/**
 * The size chosen for a product (spec section 4): none until chosen, then kept in session storage
 * under the product name and restored on reopening. The stored variation is looked up again in
 * the current list, so a size that went out of stock since is not restored.
 */
export function useChosenVariation(productName: string, variations: VariationJson[] | undefined) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  useEffect(() => {
    setChosenId(readStoredId(productName));
  }, [productName]);

  const chosen = variations?.find((v) => v.id === chosenId && v.instock) ?? null;
  const choose = useCallback(
    (variation: VariationJson) => {
      setChosenId(variation.id);
      try {
        window.sessionStorage.setItem(productName, JSON.stringify(variation));
      } catch {
        // Storage full or disabled: the choice still holds for this page.
      }
    },
    [productName],
  );
  return { chosen, choose };
}
