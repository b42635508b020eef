import { NavLink } from 'react-router';

const LINKS = [
  { to: '/admin/content', label: 'Pages and posts', end: true },
  { to: '/admin/content/menu', label: 'Mega-menu', end: false },
  { to: '/admin/content/home', label: 'Home page', end: false },
] as const;

/** The content area's own sections. */
export function ContentNav() {
  return (
    <nav aria-label="Content">
      <ul className="flex flex-wrap gap-2">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `block rounded border px-3 py-1.5 text-sm ${isActive ? 'border-stone-ink bg-stone-ink text-white' : 'border-stone-300 hover:bg-stone-100'}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
