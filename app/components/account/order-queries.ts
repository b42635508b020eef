import { useQuery } from '@tanstack/react-query';
import type { OrderJson, OrderSummaryJson } from '#domain/checkout.ts';
import { ApiError, apiFetch } from '#app/lib/api.ts';

interface OrderList {
  data: OrderSummaryJson[];
  meta: { current_page: number; has_next_page: boolean; total_pages: number };
}

/** The signed-in customer's orders, newest first (the browser asks: the page is per shopper). */
export function useOrders(page = 1) {
  return useQuery({
    queryKey: ['orders', page],
    queryFn: ({ signal }) => apiFetch<OrderList>(`/api/orders?page=${page}`, { signal }),
    staleTime: 0,
  });
}

/** One of the customer's orders; null when it is not theirs or does not exist (404, 400). */
export function useOrder(number: string) {
  return useQuery({
    queryKey: ['order', number],
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiFetch<{ data: OrderJson }>(`/api/orders/${encodeURIComponent(number)}`, {
            signal,
          })
        ).data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError) && failures < 2,
  });
}
