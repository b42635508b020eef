/**
 * How the listing of scenario (a) scales: p50 at 1k, 10k and 100k products (PostgreSQL), and the
 * query plans of its hot queries at the largest size.
 *
 *   npm run bench:scale              # BENCH_SCALE_SIZES=1000,10000,100000 by default
 */
import { RETAIL_BUYER } from '#domain/price-for.ts';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { openDatabase } from '#db/client.ts';
import { createServices } from '#server/services/index.ts';
import { sortToOrder } from '#server/services/catalogue/products.ts';
import { benchDatabaseUrl } from './lib/database.ts';
import { ensureBuild, startServer } from './lib/server.ts';
import { load, ms, type LoadResult } from './lib/load.ts';
import { generateCatalogue } from './generate-catalogue.ts';
import { COLOUR_SLUGS, FINISH_SLUGS, STONE_COLLECTION_SLUGS } from '#domain/catalogue.ts';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,10000,100000').split(',').map(Number);
const CONNECTIONS = 10;

function listingPaths(): string[] {
  const categories = STONE_COLLECTION_SLUGS.filter((slug) => slug !== 'tiling-products');
  return Array.from({ length: 300 }, (_, i) => {
    const colour = COLOUR_SLUGS[(i * 7) % COLOUR_SLUGS.length];
    const finish = FINISH_SLUGS[(i * 3) % FINISH_SLUGS.length];
    return `/api/products/by-category?category=${categories[i % categories.length]}&stone_colour=${colour}&stone_finish=${finish}&facets=true&sort=price-asc&per_page=12`;
  });
}

async function productCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query("SELECT to_regclass('products') IS NOT NULL AS ok");
    if (!exists.rows[0].ok) return 0;
    return (await client.query('SELECT count(*)::int AS n FROM products')).rows[0].n as number;
  } finally {
    await client.end();
  }
}

/** Runs one listing through the real service, capturing its SQL, and EXPLAINs each query. */
async function explainListing(url: string): Promise<string> {
  const captured: { query: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (query, params) => captured.push({ query, params }) };
  const handle = await openDatabase({ url, logger });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const services = createServices(handle.db);
    await services.products.list({
      filter: { category: 'marble-tiles', terms: { 8: ['white'], 2: ['polished-shiny-smooth'] } },
      order: sortToOrder('price-asc'),
      page: 1,
      perPage: 12,
      buyer: RETAIL_BUYER,
      facets: true,
    });
    const hot = captured.filter((c) => /from "products"|from "product_terms"/i.test(c.query));
    const plans: string[] = [];
    for (const { query, params } of hot) {
      const plan = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, BUFFERS OFF) ${query}`, params);
      plans.push(`-- ${query.slice(0, 160)}…\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    return plans.join('\n\n');
  } finally {
    await client.end();
    await handle.close();
  }
}

async function main() {
  ensureBuild();
  const rows: { size: number; result: LoadResult }[] = [];
  let largestUrl = '';
  for (const size of SIZES) {
    const url = await benchDatabaseUrl(size, false);
    if ((await productCount(url)) < size * 0.9) {
      console.log(`Generating ${size} products…`);
      await generateCatalogue(size);
    }
    largestUrl = url;
    // Every size gets the heap the largest needs (operations.md: HEAP_MB=512 from 100k
    // products), so the sizes differ only in their catalogue.
    const server = await startServer({
      DATABASE_URL: url,
      RESPONSE_CACHE_TTL_MS: '0',
      HEAP_MB: process.env.HEAP_MB ?? '512',
    });
    try {
      const paths = listingPaths();
      await load({ name: 'warm-up', url: server.url, paths, seconds: 3, connections: CONNECTIONS });
      const result = await load({
        name: `${size}`,
        url: server.url,
        paths,
        connections: CONNECTIONS,
      });
      rows.push({ size, result });
      console.log(
        `${size} products: p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, ${result.rps.toFixed(0)} req/s`,
      );
    } finally {
      await server.stop();
    }
  }
  const smallest = rows[0]!.result;
  // A small catalogue has fewer products per filter than a page holds: its answers are smaller,
  // which the bytes column shows beside the ratios.
  console.log(
    '\n| products | req/s | p50 ms | p99 ms | mean ms | bytes per answer | p50 ÷ p50 at smallest (target: ≤ 2 at the largest) | mean ÷ mean at smallest |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const { size, result } of rows) {
    console.log(
      `| ${size} | ${result.rps.toFixed(0)} | ${ms(result.p50)} | ${ms(result.p99)} | ${result.mean.toFixed(2)} | ${result.answerBytes.toFixed(0)} | ${(result.p50 / smallest.p50).toFixed(2)} | ${(result.mean / smallest.mean).toFixed(2)} |`,
    );
  }
  console.log(`\nQuery plans at ${SIZES.at(-1)} products:\n`);
  console.log(await explainListing(largestUrl));
}

await main();
