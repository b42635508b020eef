import { useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { useAuth, type AuthState } from '#app/lib/auth.ts';

/** What the account gate knows from the page's own request. */
export interface GateData {
  /** No session cookie came with the page: nobody is signed in, so the gate needs no spinner. */
  signedOut: boolean;
}

/** A page request: a visitor without a session gets the login screen with the page. */
export function gateLoader({ context }: { context: PageLoadContext }): GateData {
  return { signedOut: !context.hasSessionCookie };
}

/** A navigation in the browser, which already knows who is here or is asking: no request. */
export function gateClientLoader(): GateData {
  return { signedOut: false };
}

/** The auth state in a route that exports the gate's loaders: signed out at once without a session. */
export function useGateAuth(): AuthState {
  return useAuth(useLoaderData<GateData>().signedOut);
}
