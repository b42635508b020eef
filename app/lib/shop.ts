import { useRouteLoaderData } from 'react-router';
import type { ShopJson } from '#domain/api-schemas-settings-identity.ts';
import { SEEDED_IDENTITY } from '#domain/company.ts';

/**
 * Who the shop is (GET /api/shop, the owner's identity settings), as the root loader read it for
 * this page; the seeded details only when that answer could not be had.
 */
export function useShop(): ShopJson {
  const data = useRouteLoaderData('root') as { shop?: ShopJson | null } | undefined;
  return data?.shop ?? SEEDED_IDENTITY;
}
