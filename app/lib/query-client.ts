import { QueryClient } from '@tanstack/react-query';
import { CACHE_TIMES, QUERY_DEFAULTS, retryDelayMs } from '#domain/catalogue.ts';

/** TanStack Query with the spec's cache times and retry rules (spec section 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_TIMES.listFreshMs,
        gcTime: QUERY_DEFAULTS.gcTimeMs,
        retry: QUERY_DEFAULTS.queryRetries,
        retryDelay: retryDelayMs,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
}
