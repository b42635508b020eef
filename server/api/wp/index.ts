import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  WP_MESSAGES,
  wpPagesQuerySchema,
  wpPostsQuerySchema,
  type WpErrorJson,
  type WpPostsQuery,
} from '#domain/wordpress.ts';
import { route } from '../../http/route.ts';
import { findPages, findPosts } from '../../services/content/wordpress.ts';
import { shopOrigin } from '../../http/origin.ts';

const CONTENT_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** WordPress's `link` is absolute: the configured public origin, else the request's own. */
function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return shopOrigin(app.config, request);
}

/** WordPress's `Link: <…>; rel="prev", <…>; rel="next"`, which clients such as wpapi follow. */
function pagingLinks(origin: string, query: WpPostsQuery, totalPages: number): string | null {
  const at = (page: number) => {
    const params = new URLSearchParams({ page: String(page), per_page: String(query.per_page) });
    if (query.slug !== undefined) params.set('slug', query.slug);
    return `<${origin}/wp-json/wp/v2/posts?${params}>`;
  };
  const links = [
    ...(query.page > 1 ? [`${at(query.page - 1)}; rel="prev"`] : []),
    ...(query.page < totalPages ? [`${at(query.page + 1)}; rel="next"`] : []),
  ];
  return links.length > 0 ? links.join(', ') : null;
}

/** The WordPress-REST-compatible content API (/wp-json/wp/v2/pages, /posts). */
export async function wpApi(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/wp/v2/pages',
    summary: 'CMS pages, WordPress-compatible; ?slug= picks one, an unknown slug answers []',
    tags: ['content'],
    query: wpPagesQuerySchema,
    response: 'WordPress page objects: { id, slug, title.rendered, content.rendered, ... }[]',
    handler: async ({ query, request, reply }) => {
      const found = await findPages(app.services.contentDb, query.slug, {
        origin: originOf(app, request),
        embed: query._embed,
      });
      reply.header('cache-control', CONTENT_CACHE);
      reply.header('x-wp-total', String(found.length));
      reply.header('x-wp-totalpages', found.length > 0 ? '1' : '0');
      return found;
    },
  });

  route(app, {
    method: 'GET',
    url: '/wp/v2/posts',
    summary: 'Blog posts, newest first, WordPress-compatible paging and headers',
    tags: ['content'],
    query: wpPostsQuerySchema,
    response:
      'WordPress post objects; headers X-WP-Total and X-WP-TotalPages; 400 rest_post_invalid_page_number beyond the last page',
    handler: async ({ query, request, reply }) => {
      const result = await findPosts(app.services.contentDb, query, {
        origin: originOf(app, request),
        embed: query._embed,
      });
      // As WordPress: page 1 of nothing is an empty list, any page past the last is an error.
      if (query.page > 1 && query.page > result.totalPages) {
        const body: WpErrorJson = {
          code: 'rest_post_invalid_page_number',
          message: WP_MESSAGES.pageBeyondLast,
          error: WP_MESSAGES.pageBeyondLast,
          data: { status: 400 },
        };
        return reply.status(400).send(body);
      }
      reply.header('cache-control', CONTENT_CACHE);
      reply.header('x-wp-total', String(result.total));
      reply.header('x-wp-totalpages', String(result.totalPages));
      const link = pagingLinks(originOf(app, request), query, result.totalPages);
      if (link) reply.header('link', link);
      return result.posts;
    },
  });
}
