// The content API's answers in WordPress's shapes (pages, posts, categories, the index), for the
// OpenAPI document and the clients that read them.
import { z } from '#domain/zod.ts';
import { id } from './api-schemas.ts';

const wpRenderedSchema = z.object({ rendered: z.string() });
const wpProtectedSchema = z.object({ rendered: z.string(), protected: z.literal(false) });

export const wpFeaturedMediaSchema = z.object({
  id,
  source_url: z.string(),
  alt_text: z.string(),
  media_type: z.literal('image'),
});

/** A page or post as WordPress's REST API answers it (the subset its clients read). */
export const wpContentSchema = z
  .object({
    id,
    slug: z.string(),
    type: z.enum(['page', 'post']),
    status: z.literal('publish'),
    date: z.string(),
    date_gmt: z.string(),
    modified: z.string(),
    modified_gmt: z.string(),
    link: z.string(),
    title: wpRenderedSchema,
    content: wpProtectedSchema,
    excerpt: wpProtectedSchema,
    featured_media: id,
    /** Posts only: the ids of their categories. */
    categories: z.array(id).optional(),
    _embedded: z.object({ 'wp:featuredmedia': z.array(wpFeaturedMediaSchema) }).optional(),
  })
  .meta({ id: 'WpContent' });

export const wpCategorySchema = z
  .object({
    id,
    count: z.number().int(),
    description: z.string(),
    link: z.string(),
    name: z.string(),
    slug: z.string(),
    taxonomy: z.literal('category'),
    parent: z.number().int(),
  })
  .meta({ id: 'WpCategory' });

const wpRouteSchema = z.object({
  namespace: z.string(),
  methods: z.array(z.string()),
  endpoints: z.array(
    z.object({ methods: z.array(z.string()), args: z.record(z.string(), z.unknown()) }),
  ),
  _links: z.object({ self: z.array(z.object({ href: z.string() })) }),
});

/** GET /wp-json/: the site and its routes, which clients such as wpapi discover it by. */
export const wpIndexSchema = z.object({
  name: z.string(),
  description: z.string(),
  url: z.string(),
  home: z.string(),
  gmt_offset: z.number(),
  timezone_string: z.string(),
  namespaces: z.array(z.string()),
  authentication: z.record(z.string(), z.unknown()),
  routes: z.record(z.string(), wpRouteSchema),
});

/** WordPress's error body, plus our `error` field that repeats `message`. */
export const wpErrorSchema = z
  .object({
    code: z.string(),
    message: z.string(),
    error: z.string(),
    data: z.object({ status: z.number().int() }),
  })
  .meta({
    id: 'WpError',
    description: "WordPress's error body: { code, message, data: { status } }",
  });
