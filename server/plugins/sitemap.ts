import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, eq, lte } from 'drizzle-orm';
import { categories, pages, posts, products } from '#db/schema/index.ts';
import { resolveListing } from '#domain/listing.ts';
import { menuLink } from '#domain/menu.ts';
import type { Config } from '../config.ts';
import { shopOrigin } from '../http/origin.ts';

/** Listings every shop has, whatever its menu holds. */
const FIXED_LISTINGS = [
  '/stone-collection/all-products',
  '/stone-collection/stock-clearance',
  '/new-arrivals',
];
/** Private or per-shopper screens that search engines should not crawl. */
const DISALLOWED = ['/my-account', '/checkout', '/auth', '/newsletter/', '/api/', '/wp-json/'];

function origin(request: FastifyRequest, config: Config): string {
  return shopOrigin(config, request);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a listing path shows, so two paths to one listing count once. */
function listingKey(path: string): string | undefined {
  const listing = resolveListing(path);
  return listing?.kind === 'category' ? `category:${listing.category}` : listing?.kind;
}

/**
 * Every path worth indexing: home, all collections, each listing (the mega-menu's links, the fixed
 * listings, and any category no menu link reaches), each product, content page and blog post.
 */
async function sitemapPaths(app: FastifyInstance): Promise<string[]> {
  const { db, menu } = app.services;
  const [tree, categoryRows, productRows, pageRows, postRows] = await Promise.all([
    menu.get(),
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug)),
    db
      .select({ slug: products.slug })
      .from(products)
      // Trade-only products are not for search engines: a retail visitor gets their 404.
      .where(and(eq(products.status, 'publish'), eq(products.tradeOnly, false)))
      .orderBy(asc(products.slug)),
    db
      .select({ slug: pages.slug })
      .from(pages)
      .where(eq(pages.status, 'publish'))
      .orderBy(asc(pages.slug)),
    db
      .select({ slug: posts.slug })
      .from(posts)
      .where(and(eq(posts.status, 'publish'), lte(posts.publishedAt, new Date())))
      .orderBy(asc(posts.slug)),
  ]);
  const menuListings = tree.flatMap((entry) =>
    entry.children.flatMap((group) =>
      group.children.flatMap((item) => menuLink(group.title, item.title) ?? []),
    ),
  );
  const listed = new Set([...menuListings, ...FIXED_LISTINGS].map(listingKey));
  const unlistedCategories = categoryRows
    .map((row) => `/collections/${row.slug}`)
    .filter((path) => !listed.has(listingKey(path)));
  return [
    ...new Set([
      '/',
      '/collections',
      ...menuListings,
      ...FIXED_LISTINGS,
      ...unlistedCategories,
      ...productRows.map((row) => `/product/${row.slug}`),
      ...pageRows.map((row) => `/${row.slug}`),
      '/blog',
      ...postRows.map((row) => `/blog/${row.slug}`),
    ]),
  ];
}

/** /sitemap.xml and /robots.txt, built from the catalogue and the content on each request. */
export async function sitemapRoutes(app: FastifyInstance, options: { config: Config }) {
  app.get('/sitemap.xml', async (request, reply) => {
    const base = origin(request, options.config);
    const urls = (await sitemapPaths(app))
      .map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${origin(request, options.config)}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(lines.join('\n'));
  });
}
