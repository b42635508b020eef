import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';

/** The listing every benchmark baseline is measured against: (a) of docs/performance.md, figures in docs/performance/api-and-pages.md. */
export const BENCH_LISTING_URL =
  '/api/products/by-category?category=marble-tiles&stone_colour=white,grey&stone_finish=polished-shiny-smooth&facets=true&sort=price-asc';

/**
 * Baselines for bench/, registered only with BENCH_ROUTES=true: the same answer's bytes with no
 * work behind them (the HTTP limit) and one indexed 12-row SELECT through the same pool (the
 * database round-trip floor).
 */
export async function benchApi(app: FastifyInstance) {
  let serialised: string | null = null;
  app.get('/_bench/static', async (_request, reply) => {
    serialised ??= (await app.inject(BENCH_LISTING_URL)).body;
    return reply.type('application/json; charset=utf-8').send(serialised);
  });
  app.get('/_bench/select', async () =>
    queryRows(
      app.services.db,
      sql`SELECT id, slug, name, price_pence FROM products WHERE status = 'publish'
          ORDER BY price_pence, id LIMIT 12`,
    ),
  );
}
