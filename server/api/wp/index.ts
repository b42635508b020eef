import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '#domain/api-schemas.ts';
import { wpErrorSchema } from '#domain/api-schemas-wordpress.ts';
import { wpCategorySchema, wpContentSchema, wpIndexSchema } from '#domain/api-schemas-wordpress.ts';
import { idParams } from '#domain/catalogue-query.ts';
import {
  WP_BLOG_CATEGORY,
  WP_MESSAGES,
  wpCategoriesQuerySchema,
  wpPagesQuerySchema,
  wpPostsQuerySchema,
  type WpCategoryJson,
  type WpErrorJson,
  type WpPostsQuery,
} from '#domain/wordpress.ts';
import { route } from '../../http/route.ts';
import {
  countLivePosts,
  findPageById,
  findPages,
  findPostById,
  findPosts,
} from '../../services/content/wordpress.ts';
import { shopOrigin } from '../../http/origin.ts';

const CONTENT_CACHE = 'public, max-age=60, stale-while-revalidate=300';
const TOTAL_HEADERS = {
  'X-WP-Total': 'How many items there are in all',
  'X-WP-TotalPages': 'How many pages of per_page items',
};
/** The WordPress routes answer WordPress's error body, or ours for input they refuse. */
const WP_ERRORS = z.union([wpErrorSchema, errorBodySchema]);
const tags = ['content'];

/** WordPress's `link` is absolute: the configured public origin, else the request's own. */
function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return shopOrigin(app.config, request);
}

/** WordPress's `Link: <…>; rel="prev", <…>; rel="next"`, which clients such as wpapi follow. */
function pagingLinks(
  origin: string,
  path: string,
  query: Pick<WpPostsQuery, 'page' | 'per_page' | 'slug'>,
  totalPages: number,
): string | null {
  const at = (page: number) => {
    const params = new URLSearchParams({ page: String(page), per_page: String(query.per_page) });
    if (query.slug !== undefined) params.set('slug', query.slug);
    return `<${origin}/wp-json${path}?${params}>`;
  };
  const links = [
    ...(query.page > 1 ? [`${at(query.page - 1)}; rel="prev"`] : []),
    ...(query.page < totalPages ? [`${at(query.page + 1)}; rel="next"`] : []),
  ];
  return links.length > 0 ? links.join(', ') : null;
}

function sendWpError(reply: FastifyReply, status: number, code: string, message: string) {
  const body: WpErrorJson = { code, message, error: message, data: { status } };
  return reply.status(status).send(body);
}

/** The routes the index announces, in WordPress's form (wpapi builds its methods from them). */
const WP_ROUTES: Record<string, { args: Record<string, { type: string; description: string }> }> = {
  '/wp/v2/posts': {
    args: {
      page: { type: 'integer', description: 'Current page of the collection.' },
      per_page: { type: 'integer', description: 'Maximum number of items (at most 100).' },
      slug: { type: 'string', description: 'Limit result set to posts with this slug.' },
    },
  },
  '/wp/v2/posts/(?P<id>[\\d]+)': {
    args: { id: { type: 'integer', description: 'Unique identifier for the post.' } },
  },
  '/wp/v2/pages': {
    args: { slug: { type: 'string', description: 'Limit result set to pages with this slug.' } },
  },
  '/wp/v2/pages/(?P<id>[\\d]+)': {
    args: { id: { type: 'integer', description: 'Unique identifier for the page.' } },
  },
  '/wp/v2/categories': {
    args: {
      page: { type: 'integer', description: 'Current page of the collection.' },
      per_page: { type: 'integer', description: 'Maximum number of items (at most 100).' },
      slug: { type: 'string', description: 'Limit result set to the category with this slug.' },
    },
  },
};

/** The WordPress-REST-compatible content API: the index, pages, posts and categories. */
export async function wpApi(app: FastifyInstance) {
  // WordPress names its API root on every answer; clients (wpapi's discover) find it there.
  app.addHook('onSend', async (request, reply) => {
    const root = `<${originOf(app, request)}/wp-json/>; rel="https://api.w.org/"`;
    const link = reply.getHeader('link');
    reply.header('link', link ? `${String(link)}, ${root}` : root);
  });

  route(app, {
    method: 'GET',
    url: '/',
    summary: 'The API index, as WordPress answers it: the site, its namespaces and routes',
    tags,
    response: { description: 'The index', schema: wpIndexSchema },
    handler: async ({ request, reply }) => {
      const origin = originOf(app, request);
      reply.header('cache-control', CONTENT_CACHE);
      const entry = (path: string, args: Record<string, unknown>) => ({
        namespace: 'wp/v2',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args }],
        _links: { self: [{ href: `${origin}/wp-json${path}` }] },
      });
      return {
        name: 'Tessera',
        description: 'Natural stone tiles, slabs and mosaics',
        url: origin,
        home: origin,
        gmt_offset: 0,
        timezone_string: 'UTC',
        namespaces: ['wp/v2'],
        authentication: {},
        routes: Object.fromEntries(
          Object.entries(WP_ROUTES).map(([path, { args }]) => [path, entry(path, args)]),
        ),
      };
    },
  });

  route(app, {
    method: 'GET',
    url: '/wp/v2/pages',
    summary: 'CMS pages, WordPress-compatible; ?slug= picks one, an unknown slug answers []',
    tags,
    query: wpPagesQuerySchema,
    response: {
      description: 'The pages',
      schema: z.array(wpContentSchema),
      headers: TOTAL_HEADERS,
      errorSchema: WP_ERRORS,
    },
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
    url: '/wp/v2/pages/:id',
    summary: "One page by id; 404 rest_post_invalid_id in WordPress's error body",
    tags,
    params: idParams,
    query: wpPagesQuerySchema.pick({ _embed: true }),
    response: {
      description: 'The page',
      schema: wpContentSchema,
      errors: [404],
      errorSchema: WP_ERRORS,
    },
    handler: async ({ params, query, request, reply }) => {
      const page = await findPageById(app.services.contentDb, params.id, {
        origin: originOf(app, request),
        embed: query._embed,
      });
      if (!page) return sendWpError(reply, 404, 'rest_post_invalid_id', WP_MESSAGES.invalidPostId);
      reply.header('cache-control', CONTENT_CACHE);
      return page;
    },
  });

  route(app, {
    method: 'GET',
    url: '/wp/v2/posts',
    summary: 'Blog posts, newest first, WordPress-compatible paging and headers',
    tags,
    query: wpPostsQuerySchema,
    response: {
      description:
        'A page of posts; 400 rest_post_invalid_page_number beyond the last page (page 1 of nothing is [])',
      schema: z.array(wpContentSchema),
      headers: { ...TOTAL_HEADERS, Link: 'The previous and next pages (rel="prev", rel="next")' },
      errorSchema: WP_ERRORS,
    },
    handler: async ({ query, request, reply }) => {
      const origin = originOf(app, request);
      const result = await findPosts(app.services.contentDb, query, {
        origin,
        embed: query._embed,
      });
      // As WordPress: page 1 of nothing is an empty list, any page past the last is an error.
      if (query.page > 1 && query.page > result.totalPages) {
        return sendWpError(reply, 400, 'rest_post_invalid_page_number', WP_MESSAGES.pageBeyondLast);
      }
      reply.header('cache-control', CONTENT_CACHE);
      reply.header('x-wp-total', String(result.total));
      reply.header('x-wp-totalpages', String(result.totalPages));
      const link = pagingLinks(origin, '/wp/v2/posts', query, result.totalPages);
      if (link) reply.header('link', link);
      return result.posts;
    },
  });

  route(app, {
    method: 'GET',
    url: '/wp/v2/posts/:id',
    summary: "One post by id; 404 rest_post_invalid_id in WordPress's error body",
    tags,
    params: idParams,
    query: wpPostsQuerySchema.pick({ _embed: true }),
    response: {
      description: 'The post',
      schema: wpContentSchema,
      errors: [404],
      errorSchema: WP_ERRORS,
    },
    handler: async ({ params, query, request, reply }) => {
      const post = await findPostById(app.services.contentDb, params.id, {
        origin: originOf(app, request),
        embed: query._embed,
      });
      if (!post) return sendWpError(reply, 404, 'rest_post_invalid_id', WP_MESSAGES.invalidPostId);
      reply.header('cache-control', CONTENT_CACHE);
      return post;
    },
  });

  route(app, {
    method: 'GET',
    url: '/wp/v2/categories',
    summary: "The blog's categories (one, Blog), WordPress-compatible paging and headers",
    tags,
    query: wpCategoriesQuerySchema,
    response: {
      description: 'A page of categories',
      schema: z.array(wpCategorySchema),
      headers: TOTAL_HEADERS,
      errorSchema: WP_ERRORS,
    },
    handler: async ({ query, request, reply }) => {
      const origin = originOf(app, request);
      const blog: WpCategoryJson = {
        id: WP_BLOG_CATEGORY.id,
        count: await countLivePosts(app.services.contentDb),
        description: '',
        link: `${origin}/blog`,
        name: WP_BLOG_CATEGORY.name,
        slug: WP_BLOG_CATEGORY.slug,
        taxonomy: 'category',
        parent: 0,
      };
      const all = query.slug === undefined || query.slug === blog.slug ? [blog] : [];
      const totalPages = Math.ceil(all.length / query.per_page);
      reply.header('cache-control', CONTENT_CACHE);
      reply.header('x-wp-total', String(all.length));
      reply.header('x-wp-totalpages', String(totalPages));
      const link = pagingLinks(origin, '/wp/v2/categories', query, totalPages);
      if (link) reply.header('link', link);
      return all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
    },
  });
}
