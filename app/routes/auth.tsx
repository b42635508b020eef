import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '#app/lib/auth.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { AuthScreen } from '#app/components/account/AuthScreen.tsx';
import { AUTH_TEXTS } from '#app/components/account/AuthForms.tsx';
import { noStoreHeaders } from '#app/components/account/account-context.ts';
import { gateClientLoader, gateLoader, useGateAuth } from '#app/components/account/gate.ts';

export const headers = noStoreHeaders;
export const loader = gateLoader;
export const clientLoader = gateClientLoader;

export function meta() {
  return [{ title: 'My account | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Where a 401 leads (spec section 4): the login and signup screen, and back to where the shopper
 * was (`?redirect=` or the navigation state's `from`) once they are signed in.
 */
export default function Auth() {
  const auth = useGateAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const target = safeRedirect(
    params.get('redirect') ?? (location.state as { from?: string } | null)?.from,
  );

  const flash = useRef<string | null>(null);

  useEffect(() => {
    if (auth.status !== 'signedIn') return;
    void navigate(target, {
      replace: true,
      state: flash.current ? { flash: flash.current } : null,
    });
  }, [auth.status, navigate, target]);

  if (auth.status !== 'signedOut') {
    return (
      <main className="mx-auto flex max-w-5xl justify-center px-4 py-16">
        <Spinner label="Loading your account" />
      </main>
    );
  }
  return (
    <AuthScreen
      onRegistered={() => {
        flash.current = AUTH_TEXTS.registered;
      }}
    />
  );
}
