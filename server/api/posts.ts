import type { FastifyInstance } from 'fastify';
import { limitQuery } from '#domain/catalogue-query.ts';
import { z } from 'zod';
import { recentPostSchema } from '#domain/api-schemas.ts';
import { PAGE_SIZE } from '#domain/catalogue.ts';
import { route } from '../http/route.ts';
import { recentPosts } from '../services/posts.ts';

export async function postsApi(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/posts',
    summary: 'Recent blog posts for the home page',
    tags: ['content'],
    query: limitQuery(PAGE_SIZE.posts),
    response: { description: 'The newest posts', schema: z.array(recentPostSchema) },
    handler: async ({ query, reply }) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300');
      return recentPosts(app.services.contentDb, query.limit);
    },
  });
}
