// The WordPress-REST-compatible content API (design.md section 2): its answer shapes and query
// rules, shared by the server that answers and the storefront that reads it.
import { z } from '#domain/zod.ts';
import type * as s from './api-schemas-wordpress.ts';
import { intParam, single } from './catalogue-query.ts';
import { MAX_PAGE } from './catalogue-query.ts';

/** WordPress's own paging: 10 per page unless asked, at most 100. */
export const WP_PER_PAGE_DEFAULT = 10;
export const WP_PER_PAGE_MAX = 100;
export const WP_SLUG_MAX_LENGTH = 200;

export type WpRendered = { rendered: string };
export type WpFeaturedMedia = z.infer<typeof s.wpFeaturedMediaSchema>;

/** A page or post as WordPress's REST API answers it (the subset its clients read). */
export type WpContentJson = z.infer<typeof s.wpContentSchema>;

/** WordPress's error body, plus our `error` field that repeats `message`. */
export type WpErrorJson = z.infer<typeof s.wpErrorSchema>;

/** A category as WordPress answers it. */
export type WpCategoryJson = z.infer<typeof s.wpCategorySchema>;

/** The blog's one category: every post is in it (WordPress's default category, renamed). */
export const WP_BLOG_CATEGORY = { id: 1, name: 'Blog', slug: 'blog' } as const;

export const WP_MESSAGES = {
  pageBeyondLast: 'The page number requested is larger than the number of pages available.',
  invalidPostId: 'Invalid post ID.',
} as const;

const slugParam = single(z.string().trim().max(WP_SLUG_MAX_LENGTH).optional());

/** `_embed` is a flag: present (any value, even empty) means embed. */
const embedFlag = z
  .unknown()
  .optional()
  .transform((value) => value !== undefined);

export const wpPagesQuerySchema = z.object({ slug: slugParam, _embed: embedFlag });

export const wpPostsQuerySchema = z.object({
  slug: slugParam,
  _embed: embedFlag,
  page: intParam(1, MAX_PAGE, 1),
  per_page: intParam(1, WP_PER_PAGE_MAX, WP_PER_PAGE_DEFAULT),
});
export type WpPostsQuery = z.output<typeof wpPostsQuerySchema>;

export const wpCategoriesQuerySchema = z.object({
  slug: slugParam,
  page: intParam(1, MAX_PAGE, 1),
  per_page: intParam(1, WP_PER_PAGE_MAX, WP_PER_PAGE_DEFAULT),
});

/**
 * Plain text of a `title.rendered`, for the document title and alt texts.
 *
 * renderedText('Tiles &amp; slabs') → 'Tiles & slabs'
 * renderedText('<em>Marble</em> care') → 'Marble care'
 */
export function renderedText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&#0?39;|&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#8217;/g, '\u2019')
    .replace(/&amp;/g, '&');
}
