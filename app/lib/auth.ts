import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { AuthJson, CustomerJson } from '#domain/api-types.ts';
import { ApiError, apiFetch, onUnauthorized } from './api.ts';

/**
 * The public part of the profile kept in localStorage, for an instant greeting on the next visit.
 * Never a token, a password or an address: the HttpOnly cookie is the only credential.
 */
export type PublicProfile = Pick<
  CustomerJson,
  'id' | 'email' | 'first_name' | 'last_name' | 'username' | 'role' | 'avatar_url'
>;

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  /** `customer` is null while a cached profile waits for the server to confirm it. */
  | { status: 'signedIn'; profile: PublicProfile; customer: CustomerJson | null };

const PROFILE_KEY = 'tessera.profile';
const REMEMBERED_EMAIL_KEY = 'tessera.rememberedEmail';
export const AUTH_PATH = '/auth';
export const ACCOUNT_HOME = '/my-account';

const LOADING: AuthState = { status: 'loading' };
const SIGNED_OUT: AuthState = { status: 'signedOut' };
let state: AuthState = LOADING;
const listeners = new Set<() => void>();
let navigate: NavigateFunction | null = null;
let started = false;

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

function publicProfile(customer: CustomerJson): PublicProfile {
  const { id, email, first_name, last_name, username, role, avatar_url } = customer;
  return { id, email, first_name, last_name, username, role, avatar_url };
}

function readCachedProfile(): PublicProfile | null {
  try {
    const text = localStorage.getItem(PROFILE_KEY);
    return text ? (JSON.parse(text) as PublicProfile) : null;
  } catch {
    return null;
  }
}

/** A verified customer: shown, and its public profile cached for the next visit. */
export function setCustomer(customer: CustomerJson) {
  localStorage.setItem(PROFILE_KEY, JSON.stringify(publicProfile(customer)));
  setState({ status: 'signedIn', profile: publicProfile(customer), customer });
}

function clearAuth() {
  localStorage.removeItem(PROFILE_KEY);
  setState(SIGNED_OUT);
}

/** Where a shopper sent to /auth returns after signing in: a path of ours, never elsewhere. */
export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : ACCOUNT_HOME;
}

/** Any 401 (spec section 4): a signed-in shopper is signed out and sent to /auth. */
function handleUnauthorized() {
  const wasSignedIn = state.status === 'signedIn';
  clearAuth();
  if (!wasSignedIn) return;
  const here = `${window.location.pathname}${window.location.search}`;
  const target = `${AUTH_PATH}?redirect=${encodeURIComponent(here)}`;
  if (navigate) void navigate(target);
  else window.location.assign(target);
}

async function verify() {
  try {
    const { user } = await apiFetch<{ user: CustomerJson }>('/api/verify');
    setCustomer(user);
  } catch (error) {
    // A 401 was handled by handleUnauthorized; without the server we cannot say who this is.
    if (!(error instanceof ApiError && error.status === 401) && state.status === 'loading') {
      setState({ status: 'signedOut' });
    }
  }
}

/**
 * Shows the cached profile at once, then asks the server who is signed in, unless the page came
 * without a session cookie: then the answer is known to be a 401. Runs once per load.
 */
function start(knownSignedOut: boolean) {
  if (started) return;
  started = true;
  onUnauthorized(handleUnauthorized);
  const cached = readCachedProfile();
  if (cached) setState({ status: 'signedIn', profile: cached, customer: null });
  if (knownSignedOut) handleUnauthorized();
  else void verify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The shopper's auth state; 'loading' on the server and until the browser knows. A page that came
 * without a session cookie (`knownSignedOut`) is 'signedOut' from the start, on the server too.
 */
export function useAuth(knownSignedOut = false): AuthState {
  const navigateTo = useNavigate();
  useEffect(() => {
    navigate = navigateTo;
    start(knownSignedOut);
  }, [navigateTo, knownSignedOut]);
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
  return knownSignedOut && current.status === 'loading' ? SIGNED_OUT : current;
}

/**
 * Whether the shopper is known to be signed in or out, without starting the check: 'loading'
 * until a screen that needs to know (an account page, checkout) asks the server, or a sign-in.
 */
export function useAuthStatus(): AuthState['status'] {
  return useSyncExternalStore(
    subscribe,
    () => state.status,
    () => LOADING.status,
  );
}

/** After login or registration (spec section 4: tokens stay in the HttpOnly cookie here). */
export function signedIn(auth: AuthJson) {
  setCustomer(auth.customer);
}

/** Logs out on the server (failures ignored, spec section 7) and forgets the cached profile. */
export async function logOut() {
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch {
    // The shopper asked to leave: the local state goes whatever the server said.
  }
  clearAuth();
}

/** After the account is deleted the session is gone too; only local state remains to clear. */
export const forgetAccount = clearAuth;

/** 'Remember me' keeps the email only (design.md section 7), never the password. */
export function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBERED_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string | null) {
  if (email) localStorage.setItem(REMEMBERED_EMAIL_KEY, email);
  else localStorage.removeItem(REMEMBERED_EMAIL_KEY);
}
