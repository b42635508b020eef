import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { RecentPostJson } from '#domain/api-types.ts';
import { media, posts } from '#db/schema/index.ts';

/** GET /api/posts: the spec's post shape for the home page's Recent Posts. */
export async function recentPosts(db: Database, limit: number): Promise<RecentPostJson[]> {
  const rows = await db
    .select({
      id: posts.id,
      slug: posts.slug,
      title: posts.title,
      excerptHtml: posts.excerptHtml,
      publishedAt: posts.publishedAt,
      image: media.sourceUrl,
    })
    .from(posts)
    .leftJoin(media, eq(media.id, posts.featuredMediaId))
    .where(and(eq(posts.status, 'publish'), lte(posts.publishedAt, new Date())))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    link: `/blog/${row.slug}`,
    date: row.publishedAt.toISOString(),
    excerpt: row.excerptHtml.replace(/<[^>]*>/g, '').trim(),
    og_image: row.image ? [{ url: row.image }] : [],
  }));
}
