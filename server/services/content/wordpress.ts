import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { media, pages, posts } from '#db/schema/index.ts';
import { WP_BLOG_CATEGORY, type WpContentJson, type WpPostsQuery } from '#domain/wordpress.ts';
import { renderTitle, sanitiseCmsHtml } from './sanitise.ts';
import { withTimeout } from './timeout.ts';

interface ContentRow {
  id: number;
  slug: string;
  title: string;
  contentHtml: string;
  excerptHtml: string;
  featuredMediaId: number | null;
  date: Date;
  modified: Date;
  imageUrl: string | null;
  imageAlt: string | null;
}

export interface PresentOptions {
  /** The shop's origin, for WordPress's absolute `link`. */
  origin: string;
  embed: boolean;
}

/** WordPress writes dates without a zone: `date` in site time, `date_gmt` in UTC (ours is UTC). */
const wpDate = (date: Date) => date.toISOString().slice(0, 19);

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

function present(
  row: ContentRow,
  type: 'page' | 'post',
  { origin, embed }: PresentOptions,
): WpContentJson {
  const path = type === 'post' ? `/blog/${row.slug}` : `/${row.slug}`;
  const json: WpContentJson = {
    id: row.id,
    slug: row.slug,
    type,
    status: 'publish',
    date: wpDate(row.date),
    date_gmt: wpDate(row.date),
    modified: wpDate(row.modified),
    modified_gmt: wpDate(row.modified),
    link: `${origin}${path}`,
    title: { rendered: renderTitle(row.title) },
    content: { rendered: sanitiseCmsHtml(row.contentHtml), protected: false },
    excerpt: { rendered: sanitiseCmsHtml(row.excerptHtml), protected: false },
    featured_media: row.featuredMediaId ?? 0,
    // Every post is in the one category, Blog; pages have none, as in WordPress.
    ...(type === 'post' ? { categories: [WP_BLOG_CATEGORY.id] } : {}),
  };
  if (embed && row.featuredMediaId !== null && row.imageUrl !== null) {
    json._embedded = {
      'wp:featuredmedia': [
        {
          id: row.featuredMediaId,
          source_url: absolute(row.imageUrl, origin),
          alt_text: row.imageAlt ?? '',
          media_type: 'image',
        },
      ],
    };
  }
  return json;
}

const pageColumns = {
  id: pages.id,
  slug: pages.slug,
  title: pages.title,
  contentHtml: pages.contentHtml,
  excerptHtml: pages.excerptHtml,
  featuredMediaId: pages.featuredMediaId,
  date: pages.createdAt,
  modified: pages.updatedAt,
  imageUrl: media.sourceUrl,
  imageAlt: media.altText,
};

const postColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  contentHtml: posts.contentHtml,
  excerptHtml: posts.excerptHtml,
  featuredMediaId: posts.featuredMediaId,
  date: posts.publishedAt,
  modified: posts.updatedAt,
  imageUrl: media.sourceUrl,
  imageAlt: media.altText,
};

/** GET /wp-json/wp/v2/pages: published pages, optionally one slug; an unknown slug is `[]`. */
export async function findPages(
  db: Database,
  slug: string | undefined,
  options: PresentOptions,
): Promise<WpContentJson[]> {
  const published = eq(pages.status, 'publish');
  const rows = await withTimeout(
    db
      .select(pageColumns)
      .from(pages)
      .leftJoin(media, eq(media.id, pages.featuredMediaId))
      .where(slug === undefined ? published : and(published, eq(pages.slug, slug)))
      .orderBy(pages.id)
      .limit(100),
  );
  return rows.map((row) => present(row, 'page', options));
}

/** GET /wp-json/wp/v2/pages/{id}: one published page, or null. */
export async function findPageById(
  db: Database,
  id: number,
  options: PresentOptions,
): Promise<WpContentJson | null> {
  const [row] = await withTimeout(
    db
      .select(pageColumns)
      .from(pages)
      .leftJoin(media, eq(media.id, pages.featuredMediaId))
      .where(and(eq(pages.status, 'publish'), eq(pages.id, id))),
  );
  return row ? present(row, 'page', options) : null;
}

/** Published and no longer scheduled: what the blog shows. */
const livePosts = () => and(eq(posts.status, 'publish'), lte(posts.publishedAt, new Date()));

/** GET /wp-json/wp/v2/posts/{id}: one live post, or null. */
export async function findPostById(
  db: Database,
  id: number,
  options: PresentOptions,
): Promise<WpContentJson | null> {
  const [row] = await withTimeout(
    db
      .select(postColumns)
      .from(posts)
      .leftJoin(media, eq(media.id, posts.featuredMediaId))
      .where(and(livePosts(), eq(posts.id, id))),
  );
  return row ? present(row, 'post', options) : null;
}

/** How many posts the blog shows: the count of its one category. */
export async function countLivePosts(db: Database): Promise<number> {
  const [row] = await withTimeout(db.select({ total: count() }).from(posts).where(livePosts()));
  return row?.total ?? 0;
}

export interface PostsPage {
  posts: WpContentJson[];
  total: number;
  totalPages: number;
}

/** GET /wp-json/wp/v2/posts: published posts, newest first, paged as WordPress pages them. */
export async function findPosts(
  db: Database,
  query: Pick<WpPostsQuery, 'slug' | 'page' | 'per_page'>,
  options: PresentOptions,
): Promise<PostsPage> {
  const live = livePosts();
  const where = query.slug === undefined ? live : and(live, eq(posts.slug, query.slug));
  const [totals, rows] = await withTimeout(
    Promise.all([
      db.select({ total: count() }).from(posts).where(where),
      db
        .select(postColumns)
        .from(posts)
        .leftJoin(media, eq(media.id, posts.featuredMediaId))
        .where(where)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
    ]),
  );
  const total = totals[0]?.total ?? 0;
  return {
    posts: rows.map((row) => present(row, 'post', options)),
    total,
    totalPages: Math.ceil(total / query.per_page),
  };
}
