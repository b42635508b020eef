import { data } from 'react-router';
import { NotFoundMessage } from '#app/components/layout/NotFoundMessage.tsx';

export function meta() {
  return [{ title: 'Page not found | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/** Any path no route matches: a real 404 status, with the shop's header and footer. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundMessage />;
}

export function ErrorBoundary() {
  return <NotFoundMessage />;
}
