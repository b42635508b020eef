import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '#domain/catalogue-query.ts';
import { menuNodeSchema } from '#domain/api-schemas.ts';
import {
  adminContentSchema,
  adminContentSummarySchema,
  contentInputSchema,
  homeInputSchema,
  homeSchema,
  mediaLibrarySchema,
  menuInputSchema,
} from '#domain/content-admin.ts';
import { menuTargetsSchema } from '#domain/menu-links.ts';
import { route } from '../../http/route.ts';
import { menuTargets } from '../../services/content/menu-tree.ts';
import { staffWrite } from '../../http/staff-write.ts';
import type { ShopChange } from '../../plugins/changes.ts';
import { requireStaff } from '../../plugins/staff-session.ts';
import type { AuditActor } from '../../services/staff/audit.ts';
import { resourceVersion } from '../../services/staff-write.ts';
import { AdminContentService, type ContentType } from '../../services/content/admin-content.ts';

const typeParams = z.object({ type: z.enum(['pages', 'posts'], { error: 'pages or posts' }) });
const typeIdParams = typeParams.extend(idParams.shape);
const typeOf = (type: 'pages' | 'posts'): ContentType => (type === 'pages' ? 'page' : 'post');

/**
 * Content for editors and owners: pages and posts (rich text sanitised on save, draft or
 * published), the mega-menu tree, the home page's hero slides and promotional tiles. Every write
 * is audited before → after and announced, so every cache showing it drops its copy.
 */
export async function adminContentApi(app: FastifyInstance) {
  const content = new AdminContentService(app.services.db);
  const tags = ['admin'];
  /** A content write as staff: role, the write (version and audit inside), the announcement. */
  const write = <T>(
    request: FastifyRequest,
    announce: ShopChange,
    run: (who: AuditActor) => Promise<T>,
  ) => staffWrite(app, request, { area: 'content', announce }, run);
  const menuJson = async () => ({
    tree: await content.menu(),
    version: await resourceVersion(app.services.db, 'menu'),
  });
  const homeJson = async () => ({
    ...(await content.home()),
    version: await resourceVersion(app.services.db, 'home'),
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, {
    method: 'GET',
    url: '/admin/content/:type',
    summary: 'Pages or posts (drafts too), for the back office',
    tags,
    params: typeParams,
    response: {
      description: 'Pages or posts, drafts included',
      schema: z.object({ data: z.array(adminContentSummarySchema) }),
      errors: [401, 403],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'content');
      return { data: await content.list(typeOf(params.type)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/content/:type/:id',
    summary: 'One page or post with its stored (sanitised) HTML',
    tags,
    params: typeIdParams,
    response: {
      description: 'The page or post',
      schema: z.object({ data: adminContentSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, request }) => {
      await requireStaff(request, 'content');
      return { data: await content.get(typeOf(params.type), params.id) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/admin/content/:type',
    summary: 'Creates a page or post; its HTML is sanitised as content.rendered serves it',
    tags,
    params: typeParams,
    body: contentInputSchema,
    response: {
      description:
        'The new page or post; 400 names each bad field (a slug taken or malformed, ...)',
      schema: z.object({ data: adminContentSchema }),
      status: 201,
      errors: [401, 403],
    },
    handler: async ({ params, body, request, reply }) => {
      const type = typeOf(params.type);
      const id = await write(request, 'content', (who) => content.create(type, body, who));
      return reply.status(201).send({ data: await content.get(type, id) });
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/content/:type/:id',
    summary: 'Saves a page or post: title, slug, draft or published, HTML, excerpt, featured image',
    tags,
    params: typeIdParams,
    body: contentInputSchema,
    response: {
      description: 'The page or post',
      schema: z.object({ data: adminContentSchema }),
      errors: [401, 403, 404],
    },
    handler: async ({ params, body, request }) => {
      const type = typeOf(params.type);
      await write(request, 'content', (who) => content.update(type, params.id, body, who));
      return { data: await content.get(type, params.id) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/media',
    summary: 'Images already used as featured images, to pick from',
    tags,
    response: {
      description: 'Image addresses and their alternative text',
      schema: z.object({ data: mediaLibrarySchema }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'content');
      return { data: await content.mediaLibrary() };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/menu',
    summary: 'The mega-menu tree as staff edit it',
    tags,
    response: {
      description: 'The menu tree',
      schema: z.object({
        data: z.object({ tree: z.array(menuNodeSchema), version: z.number().int() }),
      }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'content');
      return { data: await menuJson() };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/menu/targets',
    summary:
      'What a menu entry can link to: published pages, categories, filter terms, and products whose name or SKU contains ?q= (at most 20)',
    tags,
    query: z.object({ q: z.string().max(100).default('') }),
    response: {
      description: 'Pages, categories, terms and matching products, each with its address',
      schema: z.object({ data: menuTargetsSchema }),
      errors: [401, 403],
    },
    handler: async ({ query, request }) => {
      await requireStaff(request, 'content');
      return { data: await menuTargets(app.services.db, query.q) };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/menu',
    summary:
      'Replaces the mega-menu tree (at most 3 levels); an entry may name its target (`link`: a page, category, filtered listing or product), else its title links it; a target that does not exist is a 400 naming the entry',
    tags,
    body: menuInputSchema,
    response: {
      description: 'The menu tree as saved',
      schema: z.object({
        data: z.object({ tree: z.array(menuNodeSchema), version: z.number().int() }),
      }),
      errors: [401, 403],
    },
    handler: async ({ body, request }) => {
      await write(request, 'menu', (who) => content.saveMenu(body.tree, body.version, who));
      return { data: await menuJson() };
    },
  });

  route(app, {
    method: 'GET',
    url: '/admin/home',
    summary: "The home page's hero slides and promotional tiles",
    tags,
    response: {
      description: 'The slides and tiles, in order',
      schema: z.object({ data: homeSchema.extend({ version: z.number().int() }) }),
      errors: [401, 403],
    },
    handler: async ({ request }) => {
      await requireStaff(request, 'content');
      return { data: await homeJson() };
    },
  });

  route(app, {
    method: 'PUT',
    url: '/admin/home',
    summary: "Replaces the home page's hero slides and promotional tiles",
    tags,
    body: homeInputSchema,
    response: {
      description: 'The slides and tiles, in order',
      schema: z.object({ data: homeSchema.extend({ version: z.number().int() }) }),
      errors: [401, 403],
    },
    handler: async ({ body, request }) => {
      const { version, ...home } = body;
      await write(request, 'home', (who) => content.saveHome(home, version, who));
      return { data: await homeJson() };
    },
  });
}
