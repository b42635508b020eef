import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminContentSummary } from '#domain/content-admin.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { ContentNav } from '#app/components/admin/ContentNav.tsx';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

function ContentList({ type }: { type: 'pages' | 'posts' }) {
  const list = useQuery({
    queryKey: ['admin', 'content', type],
    queryFn: async () =>
      (await adminFetch<{ data: AdminContentSummary[] }>(`/api/admin/content/${type}`)).data,
  });
  const heading = type === 'pages' ? 'Pages' : 'Blog posts';
  return (
    <section aria-labelledby={`${type}-heading`} className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <h2 id={`${type}-heading`} className="text-xl font-semibold">
          {heading}
        </h2>
        <Link
          to={`/admin/content/${type}/new`}
          className="rounded border border-stone-400 px-3 py-1.5 text-sm font-semibold hover:bg-stone-100"
        >
          {type === 'pages' ? 'New page' : 'New post'}
        </Link>
      </div>
      {list.error ? (
        <p role="alert">The {heading.toLowerCase()} could not be loaded: please try again.</p>
      ) : !list.data ? (
        <Spinner label={`Loading the ${heading.toLowerCase()}`} />
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-2 pr-4">
                Title
              </th>
              <th scope="col" className="py-2 pr-4">
                Address
              </th>
              <th scope="col" className="py-2 pr-4">
                Status
              </th>
              <th scope="col" className="py-2">
                Last saved
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((item) => (
              <tr key={item.id} className="border-b border-stone-200">
                <td className="py-2 pr-4">
                  <Link className="underline" to={`/admin/content/${type}/${item.id}`}>
                    {item.title}
                  </Link>
                </td>
                <td className="py-2 pr-4 text-stone-600">{item.link}</td>
                <td className="py-2 pr-4">{item.status === 'publish' ? 'Published' : 'Draft'}</td>
                <td className="py-2">{when(item.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Content: the pages and the blog posts, each to edit, and the way to the menu and home page. */
export default function AdminContent() {
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-2xl font-semibold">Content</h1>
      <ContentNav />
      <ContentList type="pages" />
      <ContentList type="posts" />
    </div>
  );
}
