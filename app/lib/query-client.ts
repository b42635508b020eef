import { isServer, QueryClient } from '@tanstack/react-query';
import { CACHE_TIMES, QUERY_DEFAULTS, retriesQuery, retryDelayMs } from '#domain/catalogue.ts';
import { ApiError } from './api.ts';

/**
 * How long an unused query is kept: in the browser `ms`; on the server forever, which sets no
 * timer, because a server's client lives for one render. A timer would hold every render's
 * data in memory for its whole span.
 */
export const keepUnusedFor = (ms: number): number => (isServer ? Infinity : ms);

/** TanStack Query with the spec's cache times and retry rules (spec section 9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_TIMES.listFreshMs,
        gcTime: keepUnusedFor(QUERY_DEFAULTS.gcTimeMs),
        retry: (failureCount, error) =>
          retriesQuery(failureCount, error instanceof ApiError ? error.status : undefined),
        retryDelay: retryDelayMs,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
}
