import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  byCategoryQuerySchema,
  filteredProductsQuerySchema,
  idParams,
  limitQuery,
  listingExtras,
  newArrivalsQuerySchema,
  productsQuerySchema,
  slugParams,
  termsQuerySchema,
} from '#domain/catalogue-query.ts';
import {
  attributeSchema,
  clearanceSchema,
  listingSchema,
  menuNodeSchema,
  productDetailSchema,
  termsPageSchema,
  variationSchema,
} from '#domain/api-schemas.ts';
import { PAGE_SIZE } from '#domain/catalogue.ts';
import { canonicalCategory, canonicalTerm } from '#domain/listing.ts';
import { LIFECYCLE_MESSAGES } from '#domain/admin-product-lifecycle.ts';
import { seesTradeOnly } from '#domain/price-for.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { clearanceProducts } from '../services/catalogue/clearance.ts';
import { archivedProduct } from '../services/catalogue/product-lifecycle.ts';
import { listingJsonText } from '../services/catalogue/listing-json.ts';
import { readDocumentFile, withProductFacts } from '../services/catalogue/product-facts.ts';
import { sendPdf } from '../http/pdf.ts';
import {
  sortToOrder,
  type ListingFilter,
  type ListingOrder,
} from '../services/catalogue/products.ts';

const documentParams = z.object({
  id: z.coerce.number({ error: 'Document not found' }).int().positive().max(2_147_483_647),
  name: z.string().max(200),
});

type Extras = { [K in keyof typeof listingExtras]?: z.output<(typeof listingExtras)[K]> };

const ATTRIBUTE_PARAMS = [
  ['material', 6],
  ['usage_area', 7],
  ['stone_finish', 2],
  ['stone_colour', 8],
] as const;

function termFilter(query: Extras): ListingFilter['terms'] {
  const terms: Record<number, string[]> = {};
  for (const [param, attributeId] of ATTRIBUTE_PARAMS) {
    const slugs = query[param];
    if (slugs?.length) terms[attributeId] = slugs.map((slug) => canonicalTerm(attributeId, slug));
  }
  return terms;
}

function order(query: Extras, fallback: ListingOrder): ListingOrder {
  if (query.sort) return sortToOrder(query.sort);
  return query.search ? { by: 'relevance' } : fallback;
}

/** Catalogue answers may be cached by browsers and shared caches for a short while. */
function cacheable(reply: FastifyReply, seconds = 60) {
  reply.header(
    'cache-control',
    `public, max-age=${seconds}, stale-while-revalidate=${seconds * 5}`,
  );
}

const POPULAR: ListingOrder = { by: 'popularity', direction: 'desc' };

/** 301 to the same listing under the category's current slug, which the body names too. */
function movedCategory(reply: FastifyReply, url: string, slug: string) {
  const moved = new URL(url, 'http://shop.invalid');
  moved.searchParams.set('category', slug);
  const message = `The category moved to ${slug}`;
  return reply
    .status(301)
    .header('location', `${moved.pathname}${moved.search}`)
    .send({ code: 'moved_permanently', message, error: message, slug });
}

export async function catalogueApi(app: FastifyInstance) {
  const { products, taxonomy, menu, db, buyers } = app.services;
  const tags = ['catalogue'];

  /** Every listing shares paging, attribute filters, sort, search and facets. */
  function listing<Q extends Extras & { page: number; per_page: number }>(spec: {
    url: string;
    summary: string;
    query: z.ZodType<Q>;
    filter: (query: Q) => Omit<ListingFilter, 'search' | 'terms'>;
    order: (query: Q) => ListingOrder;
  }) {
    route(app, {
      method: 'GET',
      url: spec.url,
      summary: spec.summary,
      tags,
      query: spec.query,
      response: {
        description: 'A page of products with its meta, and facet counts when ?facets=true',
        schema: listingSchema,
        // 301: a renamed category's former slug, Location naming the listing of the current one.
        errors: [301],
      },
      handler: async ({ query, reply, request }) => {
        const filter = spec.filter(query);
        const renamed = filter.category ? await taxonomy.renamedCategory(filter.category) : null;
        if (renamed) return movedCategory(reply, request.url, renamed);
        cacheable(reply);
        const listed = await products.list({
          filter: { ...filter, search: query.search, terms: termFilter(query) },
          order: order(query, spec.order(query)),
          page: query.page,
          perPage: query.per_page,
          facets: query.facets,
          buyer: await buyers.forRequest(request),
        });
        reply.type('application/json; charset=utf-8');
        return listingJsonText(listed);
      },
    });
  }

  listing({
    url: '/products',
    summary: 'List products (search, category, featured, on_sale, orderby, order, filters, sort)',
    query: productsQuerySchema,
    filter: (query) => ({
      category: query.category ? canonicalCategory(query.category) : undefined,
      featured: query.featured,
      onSale: query.on_sale,
    }),
    order: (query) => ({ by: query.orderby, direction: query.order }),
  });

  listing({
    url: '/products/by-category',
    summary: 'List the products of one category',
    query: byCategoryQuerySchema,
    filter: (query) => ({ category: canonicalCategory(query.category) }),
    order: () => POPULAR,
  });

  listing({
    url: '/products/new-arrivals',
    summary: 'List new arrivals',
    query: newArrivalsQuerySchema,
    filter: () => ({ newArrivals: true }),
    order: () => ({ by: 'date', direction: 'desc' }),
  });

  listing({
    url: '/filtered-products',
    summary: 'List products by colour, usage area or finish (and any other attribute terms)',
    query: filteredProductsQuerySchema,
    filter: () => ({}),
    order: () => POPULAR,
  });

  route(app, {
    method: 'GET',
    url: '/products/slug/:slug',
    summary: 'One product by slug, with its variations',
    tags,
    params: slugParams,
    response: {
      description: 'The product and its variations',
      schema: productDetailSchema,
      // 301: a former slug (the product was renamed), Location naming the current one.
      // 410: an archived product (withdrawn from sale), with its first category to look in.
      errors: [301, 404, 410],
    },
    handler: async ({ params, reply, request }) => {
      const buyer = await buyers.forRequest(request);
      const product = await products.bySlug(params.slug, buyer);
      if (!product) {
        const current = await products.renamedTo(params.slug, buyer);
        if (!current) {
          // Withdrawn from sale: gone for good, with where to look instead.
          const open = seesTradeOnly(buyer);
          const archived = await archivedProduct(app.services.db, params.slug, open);
          if (!archived) throw notFound('Product not found');
          const message = LIFECYCLE_MESSAGES.gone;
          return reply
            .status(410)
            .header('cache-control', 'no-store')
            .send({ code: 'gone', message, error: message, ...archived });
        }
        const message = `The product moved to ${current}`;
        return reply
          .status(301)
          .header('location', `/api/products/slug/${encodeURIComponent(current)}`)
          .send({ code: 'moved_permanently', message, error: message, slug: current });
      }
      cacheable(reply);
      return { ...product, data: await withProductFacts(db, product.data, product.variations) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/product-documents/:id/:name',
    summary:
      "A product's document (Declaration of Performance, CE/UKCA marking, data sheet) as the PDF staff uploaded, by the url its product's answer gives",
    tags,
    params: documentParams,
    response: { description: 'The PDF', contentType: 'application/pdf', errors: [404] },
    handler: async ({ params, reply, request }) => {
      const file = await readDocumentFile(db, params.id, params.name);
      const open = !file?.tradeOnly || seesTradeOnly(await buyers.forRequest(request));
      // A draft's documents are for the staff preparing it (the editor links them); an archived
      // product's stay published, as a Declaration of Performance must stay available.
      const shown = open && (!file?.draft || (await request.getStaff()) !== null);
      if (!file || !shown) throw notFound('Document not found');
      // An id's bytes never change, but a document staff remove should not live on for long.
      cacheable(reply, 3600);
      // A trade-only or draft product's document is not for everyone: no shared cache may keep it.
      if (file.tradeOnly || file.draft) reply.header('cache-control', 'private, max-age=3600');
      return sendPdf(reply, params.name, file.bytes);
    },
  });

  route(app, {
    method: 'GET',
    url: '/product/:id/variations',
    summary: "A product's variations (sizes and samples)",
    tags,
    params: idParams,
    response: { description: 'The variations', schema: z.array(variationSchema), errors: [404] },
    handler: async ({ params, reply, request }) => {
      const list = await products.variations(params.id, await buyers.forRequest(request));
      if (!list) throw notFound('Product not found');
      cacheable(reply);
      return list;
    },
  });

  route(app, {
    method: 'GET',
    url: '/clearance',
    summary: 'Clearance products for Special Deals',
    tags,
    query: limitQuery(PAGE_SIZE.clearance),
    response: {
      description: 'Clearance products',
      schema: z.object({ data: z.array(clearanceSchema) }),
    },
    handler: async ({ request, query, reply }) => {
      cacheable(reply);
      // Kept per price list by the response cache, so a trade buyer's deals are theirs alone.
      return { data: await clearanceProducts(db, query.limit, await buyers.forRequest(request)) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/megamenu',
    summary: 'The mega-menu tree',
    tags,
    response: {
      description: 'The menu tree',
      schema: z.object({ data: z.array(menuNodeSchema) }),
    },
    handler: async ({ reply, request }) => {
      cacheable(reply, 300);
      // Kept per price list by the response cache: retail never sees an entry to a trade-only product.
      return { data: await menu.get(seesTradeOnly(await buyers.forRequest(request))) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/attributes',
    summary: 'The four product attributes (ids 6, 7, 2, 8)',
    tags,
    response: { description: 'The attributes', schema: z.array(attributeSchema) },
    handler: async ({ reply }) => {
      cacheable(reply, 600);
      return taxonomy.attributes();
    },
  });

  route(app, {
    method: 'GET',
    url: '/attribute/:id/terms',
    summary: "An attribute's terms with product counts",
    tags,
    params: idParams,
    query: termsQuerySchema,
    response: { description: 'A page of terms', schema: termsPageSchema, errors: [404] },
    handler: async ({ params, query, reply }) => {
      const page = await taxonomy.terms(params.id, query.page, query.per_page);
      if (!page) throw notFound('Attribute not found');
      cacheable(reply, 600);
      return page;
    },
  });
}
