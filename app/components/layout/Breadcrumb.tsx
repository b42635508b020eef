import { Link } from 'react-router';
import type { Crumb } from '#domain/breadcrumb.ts';

/**
 * schema.org BreadcrumbList for a trail, with absolute URLs on `origin`; route `meta` functions
 * emit it as `{ 'script:ld+json': breadcrumbJsonLd(...) }`.
 */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.href, origin).href,
    })),
  };
}

/** The trail built by `breadcrumb()` from domain/breadcrumb.ts; the last crumb is this page. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${crumb.href}-${index}`} className="flex items-center gap-1">
              {index > 0 ? <span aria-hidden="true">/</span> : null}
              {last ? (
                <span aria-current="page" className="text-stone-ink">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.href} className="underline-offset-2 hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
