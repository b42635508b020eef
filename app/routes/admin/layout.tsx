import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '#app/lib/api.ts';
import { adminFetch, STAFF_ME_KEY, type StaffMe } from '#app/lib/admin-api.ts';
import { areasFor } from '#app/components/admin/areas.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export function meta() {
  return [{ title: 'Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

export const headers = () => ({ 'cache-control': 'no-store' });

/** The signed-in staff member, for the back office's pages. */
export const useStaff = () => useOutletContext<{ staff: StaffMe }>().staff;

/**
 * The back office's frame: who is signed in, the areas their role may open, and the page. Nothing
 * here is a permission: every /api/admin call checks the role on the server.
 */
export default function AdminLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: STAFF_ME_KEY,
    queryFn: async () => (await adminFetch<{ staff: StaffMe }>('/api/admin/auth/me')).staff,
    retry: false,
    staleTime: 60_000,
  });
  const signedOut = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (signedOut) {
      void navigate(
        `/admin/sign-in?redirect=${encodeURIComponent(location.pathname + location.search)}`,
        {
          replace: true,
        },
      );
    }
  }, [signedOut, navigate, location.pathname, location.search]);

  if (!me.data) {
    return (
      <main className="p-8">
        {me.error && !signedOut ? (
          <p role="alert">The back office could not be reached: please try again.</p>
        ) : (
          <Spinner label="Loading the back office" />
        )}
      </main>
    );
  }
  const signOut = async () => {
    await adminFetch('/api/admin/auth/sign-out', { method: 'POST' }).catch(() => undefined);
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate('/admin/sign-in', { replace: true });
  };
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <nav
        aria-label="Back office"
        className="flex flex-col gap-1 border-stone-200 bg-stone-50 p-4 md:w-56 md:border-r"
      >
        <p className="mb-3 text-sm">
          <span className="block font-semibold">{me.data.name || me.data.email}</span>
          <span className="text-stone-600">{me.data.role}</span>
        </p>
        <ul className="flex flex-wrap gap-2 md:flex-col md:gap-1">
          {areasFor(me.data.role).map((area) => (
            <li key={area.to}>
              <NavLink
                to={area.to}
                end={area.to === '/admin'}
                className={({ isActive }) =>
                  `block rounded px-3 py-2 text-sm ${isActive ? 'bg-stone-ink text-white' : 'hover:bg-stone-200'}`
                }
              >
                {area.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <NavLink to="/admin/password" className="mt-4 self-start text-sm underline">
          Change password
        </NavLink>
        <button
          type="button"
          onClick={() => void signOut()}
          className="mt-2 self-start text-sm underline"
        >
          Sign out
        </button>
      </nav>
      <main className="flex-1 p-4 md:p-8">
        <Outlet context={{ staff: me.data }} />
      </main>
    </div>
  );
}
