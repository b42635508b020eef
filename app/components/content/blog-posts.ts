import { PAGE_SIZE } from '#domain/catalogue.ts';
import { formatUtcDate } from '#domain/dates.ts';
import type { WpContentJson } from '#domain/wordpress.ts';
import { CONTENT_LOAD_TIMEOUT_MS } from './cms-page.ts';

export interface BlogPage {
  posts: WpContentJson[];
  totalPages: number;
}

/** Spec section 7: the blog's posts with images embedded, 12 per page. */
export const blogPagePath = (page: number) =>
  `/wp-json/wp/v2/posts?_embed&page=${page}&per_page=${PAGE_SIZE.blog}`;

/** One post by slug; an unknown slug is an empty list. */
export const blogPostPath = (slug: string) =>
  `/wp-json/wp/v2/posts?slug=${encodeURIComponent(slug)}&_embed`;

/** The number of pages comes from WordPress's X-WP-TotalPages header. */
export const totalPagesOf = (headers: { get(name: string): string | null }) =>
  Number(headers.get('x-wp-totalpages') ?? 0);

/** In the browser: one page of posts; throws on failure so the list can show its error. */
export async function fetchBlogPage(page: number): Promise<BlogPage> {
  const response = await fetch(blogPagePath(page), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(CONTENT_LOAD_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Blog page ${page} answered ${response.status}`);
  return {
    posts: (await response.json()) as WpContentJson[],
    totalPages: totalPagesOf(response.headers),
  };
}

/** What the blog grid and post page say when posts cannot be loaded (spec section 8). */
export const BLOG_ERROR = 'Error loading blog posts.';

/**
 * Our own media by path (the API names it absolutely, for WordPress clients); others as given.
 *
 * imageSrc('http://localhost/media/stone/marble-1-960.webp') → '/media/stone/marble-1-960.webp'
 * imageSrc('https://cdn.example/a.jpg') → 'https://cdn.example/a.jpg'
 */
export function imageSrc(sourceUrl: string): string {
  const url = new URL(sourceUrl, 'http://localhost');
  return url.pathname.startsWith('/media/') ? url.pathname : sourceUrl;
}

/** A post's date_gmt (UTC, written without a zone) as its day: '24 November 2026'. */
export const formatPostDate = (dateGmt: string) => formatUtcDate(`${dateGmt}Z`);
