import { data, useLocation, useRouteLoaderData } from 'react-router';
import { TOP_MENU_FALLBACKS } from '#domain/menu.ts';
import { MenuActions, MenuGroupColumns } from '#app/components/layout/MegaMenuLinks.tsx';
import { menuEntries } from '#app/components/layout/menu-tree.ts';
import type { loader as rootLoader } from '#app/root.tsx';

export function meta({ location }: { location: { pathname: string } }) {
  const entry = TOP_MENU_FALLBACKS.find((f) => f.path === location.pathname);
  return [{ title: `${entry?.title ?? 'Collections'} | Tessera` }];
}

export function loader({ request }: { request: Request }) {
  const path = new URL(request.url).pathname.replace(/\/$/, '');
  if (!TOP_MENU_FALLBACKS.some((f) => f.path === path)) throw data(null, { status: 404 });
  return null;
}

/** A top-menu section's own page: its mega-menu groups as an index of collections. */
export default function SectionFallback() {
  const { pathname } = useLocation();
  const menu = useRouteLoaderData<typeof rootLoader>('root')?.menu ?? [];
  const path = pathname.replace(/\/$/, '');
  const entry = menuEntries(menu).find((e) => e.href === path);
  const title = entry?.title ?? TOP_MENU_FALLBACKS.find((f) => f.path === path)?.title ?? '';
  return (
    <main className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <div className="mt-8">
        <MenuGroupColumns groups={entry?.groups ?? []} />
      </div>
      <div className="mt-10">
        <MenuActions />
      </div>
    </main>
  );
}
