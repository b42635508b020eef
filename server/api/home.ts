import type { FastifyInstance } from 'fastify';
import { homeSchema } from '#domain/content-admin.ts';
import { route } from '../http/route.ts';
import { AdminContentService } from '../services/content/admin-content.ts';

/** GET /api/home: the home page's hero slides and promotional tiles, as staff set them. */
export async function homeApi(app: FastifyInstance) {
  const content = new AdminContentService(app.services.db);
  route(app, {
    method: 'GET',
    url: '/home',
    summary: "The home page's hero slides and promotional tiles",
    tags: ['content'],
    response: { description: 'The slides and tiles, in order', schema: homeSchema },
    handler: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300');
      return content.home();
    },
  });
}
