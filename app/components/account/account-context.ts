import { useOutletContext } from 'react-router';
import type { CustomerJson } from '#domain/api-types.ts';
import type { PublicProfile } from '#app/lib/auth.ts';

/** What the account layout hands its pages: the profile now, the full customer once verified. */
export interface AccountContext {
  profile: PublicProfile;
  customer: CustomerJson | null;
}

export const useAccount = () => useOutletContext<AccountContext>();

/** Account pages hold personal data: no browser or proxy may keep a copy. */
export function noStoreHeaders() {
  return { 'Cache-Control': 'no-store' };
}
