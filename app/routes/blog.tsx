import { useInfiniteQuery } from '@tanstack/react-query';
import { useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { CACHE_TIMES } from '#domain/catalogue.ts';
import { keepUnusedFor } from '#app/lib/query-client.ts';
import type { WpContentJson } from '#domain/wordpress.ts';
import { BlogCard } from '#app/components/content/BlogCard.tsx';
import {
  BLOG_ERROR,
  blogPagePath,
  fetchBlogPage,
  type BlogPage,
} from '#app/components/content/blog-posts.ts';
import { CONTENT_LOAD_TIMEOUT_MS } from '#app/components/content/cms-page.ts';
import { orFallbackAfter } from '#app/components/content/cms-page.server.ts';

export function meta() {
  return [
    { title: 'Blogs | Tessera' },
    {
      name: 'description',
      content: 'Advice on choosing, fitting and caring for natural stone tiles and slabs.',
    },
  ];
}

// The first page is rendered on the server; a failure shows the blog's error text, status 200.
export async function loader({ context }: { context: PageLoadContext }) {
  const first = await orFallbackAfter<BlogPage | null>(
    context
      .api<WpContentJson[]>(blogPagePath(1))
      .then((response) =>
        response.status === 200
          ? { posts: response.data, totalPages: Number(response.headers['x-wp-totalpages'] ?? 0) }
          : null,
      ),
    CONTENT_LOAD_TIMEOUT_MS,
    null,
  );
  return { first };
}

/** Blogs (spec section 2): a 3-column grid of cards and Load More, 'Page X of Y'. */
export default function Blog() {
  const { first } = useLoaderData<typeof loader>();
  const query = useInfiniteQuery({
    queryKey: ['blog-posts'],
    queryFn: ({ pageParam }) => fetchBlogPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: BlogPage, pages) =>
      pages.length < last.totalPages ? pages.length + 1 : undefined,
    initialData: first ? { pages: [first], pageParams: [1] } : undefined,
    staleTime: CACHE_TIMES.blogMs,
    gcTime: keepUnusedFor(CACHE_TIMES.blogMs),
  });
  const pages = query.data?.pages ?? [];
  const posts = pages.flatMap((page) => page.posts);
  const totalPages = pages[0]?.totalPages ?? 0;
  const fetching = query.isFetching;

  return (
    <main className="mx-auto max-w-7xl px-4 py-10 lg:px-8">
      <h1 className="text-3xl font-semibold tracking-tight text-stone-ink">Blogs</h1>
      {posts.length > 0 ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.id} className="flex">
              <BlogCard post={post} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : null}
      {query.isError || (!first && !query.isPending && posts.length === 0) ? (
        <p role="alert" className="mt-8 text-stone-700">
          {BLOG_ERROR}
        </p>
      ) : null}
      {query.isPending && !first ? <p className="mt-8">Loading...</p> : null}
      {totalPages > 0 ? (
        <div className="mt-10 flex flex-col items-center gap-2">
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={fetching || !query.hasNextPage}
            className="rounded border border-stone-ink px-6 py-2.5 text-sm font-semibold text-stone-ink hover:bg-stone-ink hover:text-white disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent disabled:hover:text-stone-ink"
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </button>
          <p className="text-sm text-stone-600">
            Page {pages.length} of {totalPages}
          </p>
        </div>
      ) : null}
    </main>
  );
}
