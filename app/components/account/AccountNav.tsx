import { NavLink, useNavigate } from 'react-router';
import { logOut } from '#app/lib/auth.ts';

const LINKS = [
  { to: '/my-account', label: 'Dashboard', end: true },
  { to: '/my-account/orders', label: 'Orders', end: false },
  { to: '/my-account/addresses', label: 'Addresses', end: false },
  { to: '/my-account/account-details', label: 'Account details', end: false },
  { to: '/my-account/trade', label: 'Trade account', end: false },
] as const;

const itemClass = 'block w-full border-b border-stone-200 px-4 py-3 text-left text-sm';

/** Logs out and goes home (spec section 2). */
export function useLogOutAndGoHome() {
  const navigate = useNavigate();
  return async () => {
    await logOut();
    await navigate('/');
  };
}

/** The account area's side menu; above the content on phones. */
export function AccountNav() {
  const logOutAndGoHome = useLogOutAndGoHome();
  return (
    <nav aria-label="Account">
      <ul className="border-t border-stone-200">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `${itemClass} ${isActive ? 'bg-stone-100 font-semibold' : 'hover:bg-stone-50'}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${itemClass} hover:bg-stone-50`}
            onClick={logOutAndGoHome}
          >
            Logout
          </button>
        </li>
      </ul>
    </nav>
  );
}
