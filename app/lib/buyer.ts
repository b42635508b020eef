import { useQuery } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import { useSyncExternalStore } from 'react';
import type { BuyerJson } from '#domain/api-schemas-buyer.ts';
import { apiFetch } from './api.ts';
import { useAuthStatus } from './auth.ts';

export const RETAIL_BUYER_JSON: BuyerJson = { group: null, trade: false, show_ex_vat: false };

/**
 * Whose prices the shopper sees. The page was rendered for the session's price list, so the
 * root loader's answer holds until the shopper signs in or out here: signed in, GET /api/buyer
 * says again; signed out, retail. A guest never asks.
 */
export function useBuyer(): BuyerJson {
  const rendered =
    useRouteLoaderData<{ buyer: BuyerJson | null }>('root')?.buyer ?? RETAIL_BUYER_JSON;
  const status = useAuthStatus();
  const { data } = useQuery({
    queryKey: ['buyer'],
    enabled: status === 'signedIn',
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: BuyerJson }>('/api/buyer', { signal })).data,
  });
  if (status === 'signedOut') return RETAIL_BUYER_JSON;
  return (status === 'signedIn' ? data : undefined) ?? rendered;
}

const VAT_KEY = 'tessera.vat';
type VatChoice = 'ex' | 'inc';
const vatListeners = new Set<() => void>();

function storedVatChoice(): VatChoice | null {
  try {
    const value = localStorage.getItem(VAT_KEY);
    return value === 'ex' || value === 'inc' ? value : null;
  } catch {
    return null;
  }
}

function subscribeVat(listener: () => void) {
  vatListeners.add(listener);
  // Another tab's choice applies here too.
  window.addEventListener('storage', listener);
  return () => {
    vatListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function storeVatChoice(choice: VatChoice) {
  try {
    localStorage.setItem(VAT_KEY, choice);
  } catch {
    // Private browsing may refuse storage: the choice then lasts for this page only.
  }
  for (const listener of vatListeners) listener();
}

/**
 * The "hide vat?" toggle, remembered in localStorage. The server and hydration render the
 * default (ex VAT for a buyer whose list shows it, else inc VAT); the stored choice applies after.
 * `both`: prices read "£41.25 ex VAT, £49.50 inc VAT", which only such buyers see.
 */
export function useVatReading(): {
  hideVat: boolean;
  both: boolean;
  setHideVat(hide: boolean): void;
} {
  const buyer = useBuyer();
  const stored = useSyncExternalStore(subscribeVat, storedVatChoice, () => null);
  const hideVat = (stored ?? (buyer.show_ex_vat ? 'ex' : 'inc')) === 'ex';
  return {
    hideVat,
    both: hideVat && buyer.show_ex_vat,
    setHideVat: (hide) => storeVatChoice(hide ? 'ex' : 'inc'),
  };
}
