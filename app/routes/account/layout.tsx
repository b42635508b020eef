import { Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { AccountNav } from '#app/components/account/AccountNav.tsx';
import { AuthScreen } from '#app/components/account/AuthScreen.tsx';
import { AUTH_TEXTS } from '#app/components/account/AuthForms.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { noStoreHeaders, type AccountContext } from '#app/components/account/account-context.ts';
import { gateClientLoader, gateLoader, useGateAuth } from '#app/components/account/gate.ts';

export const headers = noStoreHeaders;
export const loader = gateLoader;
export const clientLoader = gateClientLoader;

export function meta() {
  return [{ title: 'My account | Tessera' }, { name: 'robots', content: 'noindex' }];
}

const HEADINGS: Record<string, string> = {
  '/my-account': 'Dashboard',
  '/my-account/orders': 'Orders',
  '/my-account/addresses': 'Addresses',
  '/my-account/account-details': 'Account details',
};

/**
 * The account gate (spec section 2): a spinner until the browser knows who is here, the login and
 * signup screen for visitors, the account area with its side menu for customers.
 */
export default function AccountLayout() {
  const auth = useGateAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const flash = (location.state as { flash?: string } | null)?.flash;

  if (auth.status === 'loading') {
    return (
      <main className="mx-auto flex max-w-5xl justify-center px-4 py-16">
        <Spinner label="Loading your account" />
      </main>
    );
  }
  if (auth.status === 'signedOut') {
    return (
      <AuthScreen
        onRegistered={() =>
          navigate(location.pathname, { replace: true, state: { flash: AUTH_TEXTS.registered } })
        }
      />
    );
  }
  const context: AccountContext = { profile: auth.profile, customer: auth.customer };
  const path = location.pathname.replace(/\/+$/, '');
  const orderNumber = /^\/my-account\/orders\/([^/]+)$/.exec(path)?.[1];
  const heading = orderNumber
    ? `Order ${decodeURIComponent(orderNumber)}`
    : (HEADINGS[path] ?? 'My Account');
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 md:px-8">
      <h1 className="mb-6 text-3xl font-semibold">{heading}</h1>
      {flash ? (
        <div className="mb-6">
          <FormMessage kind="success">{flash}</FormMessage>
        </div>
      ) : null}
      <div className="grid gap-8 md:grid-cols-[14rem_1fr]">
        <AccountNav />
        <div className="min-w-0">
          <Outlet context={context} />
        </div>
      </div>
    </main>
  );
}
