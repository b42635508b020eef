import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { RecentPostJson } from '#domain/api-types.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { PAGE_SIZE } from '#domain/catalogue.ts';
import { apiFetch } from '#app/lib/api.ts';

const LARGE_LABELS = ['FEATURED', 'TRENDING'] as const;
/** The small cards' fixed line; we show no invented view count. */
const VIEWS_TEXT = 'Popular with readers';

function PostDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} className="text-xs text-stone-600">
      {formatLondonDate(iso)}
    </time>
  );
}

function LargeCard({ post, label }: { post: RecentPostJson; label: string }) {
  const image = post.og_image[0]?.url;
  return (
    <article className="flex flex-col overflow-hidden rounded border border-stone-200 bg-white">
      {image && (
        <img
          src={image}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3">
          <span className="rounded bg-stone-ink px-2 py-0.5 text-xs font-bold tracking-widest text-white">
            {label}
          </span>
          <PostDate iso={post.date} />
        </div>
        <h3 className="mt-3 text-xl font-semibold">{post.title}</h3>
        <p className="mt-3 self-start rounded-full border border-stone-300 px-3 py-0.5 text-xs text-stone-700">
          Authentic Stone
        </p>
        <Link
          to={post.link}
          className="mt-5 self-start rounded-full bg-stone-ink px-5 py-2 text-sm font-medium text-white hover:bg-stone-700"
        >
          Read More<span className="sr-only"> {post.title}</span>
        </Link>
      </div>
    </article>
  );
}

function SmallCard({ post }: { post: RecentPostJson }) {
  return (
    <li className="rounded border border-stone-200 bg-white p-4">
      <PostDate iso={post.date} />
      <h3 className="mt-1 font-medium">
        <Link to={post.link} className="hover:underline">
          {post.title}
        </Link>
      </h3>
      <p className="mt-1 text-xs text-stone-600">{VIEWS_TEXT}</p>
    </li>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <p className="rounded border border-dashed border-stone-300 p-8 text-center text-stone-600">
      {text}
    </p>
  );
}

/**
 * The five newest posts: the first two large (FEATURED, TRENDING), the next three small.
 * Fetched in the browser with TanStack Query, so a failing posts API costs this section only.
 */
export function RecentPosts() {
  // The cards render at transition priority once the data comes: in slices that yield to the
  // shopper, not in the one long task a query's update would otherwise take.
  const posts = useDeferredValue(
    useQuery({
      queryKey: ['posts', PAGE_SIZE.posts],
      queryFn: ({ signal }) =>
        apiFetch<RecentPostJson[]>(`/api/posts?limit=${PAGE_SIZE.posts}`, { signal }),
    }),
  );
  const large = posts.data?.slice(0, LARGE_LABELS.length) ?? [];
  const small = posts.data?.slice(LARGE_LABELS.length) ?? [];
  return (
    <section aria-labelledby="posts-heading" className="mx-auto max-w-7xl px-4 py-12 lg:px-8">
      <h2 id="posts-heading" className="text-2xl font-semibold">
        Recent Posts
      </h2>
      <div aria-busy={posts.isPending} className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid gap-6 md:grid-cols-2">
          {posts.isPending ? (
            [0, 1].map((i) => (
              <div key={i} aria-hidden="true" className="h-96 animate-pulse rounded bg-stone-200" />
            ))
          ) : posts.isError ? (
            <p role="alert" className="text-red-800">
              Error loading blog posts
            </p>
          ) : large.length === 0 ? (
            <Placeholder text="No featured post" />
          ) : (
            large.map((post, i) => (
              <LargeCard key={post.id} post={post} label={LARGE_LABELS[i] ?? ''} />
            ))
          )}
        </div>
        <div>
          {posts.isPending ? (
            <div aria-hidden="true" className="space-y-4">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-24 animate-pulse rounded bg-stone-200" />
              ))}
            </div>
          ) : posts.isError ? (
            <p role="alert" className="text-red-800">
              Error loading recent posts
            </p>
          ) : small.length === 0 ? (
            <Placeholder text="No recent post" />
          ) : (
            <ul className="space-y-4">
              {small.map((post) => (
                <SmallCard key={post.id} post={post} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
