/**
 * API and server-rendering throughput on the 10k catalogue in PostgreSQL, with two baselines
 * measured in the same run on the same server.
 *
 *   npm run bench:api                 # BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default
 *   BENCH_PRODUCTS=1000 npm run bench:api
 */
import { benchDatabaseUrl } from './lib/database.ts';
import { ensureBuild, serverIdle, startServer } from './lib/server.ts';
import { load, ms, selectFloorScenario, table, type LoadResult } from './lib/load.ts';
import { generateCatalogue } from './generate-catalogue.ts';
import { BENCH_LISTING_URL } from '#server/api/bench.ts';
import { COLOUR_SLUGS, FINISH_SLUGS, STONE_COLLECTION_SLUGS } from '#domain/catalogue.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SEARCHES = [
  'marble',
  'travertine',
  'slate tiles',
  'white marble',
  'herringbone',
  'honed limestone',
  'granite',
  'carara',
  'travertien',
  'hexagon',
  'sealer',
  'polished black',
];

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** (a): a spread of categories and two attribute terms, facets on, 12 items by price. */
function listingPaths(): string[] {
  const categories = STONE_COLLECTION_SLUGS.filter((slug) => slug !== 'tiling-products');
  const paths: string[] = [];
  for (let i = 0; paths.length < 300; i++) {
    const category = categories[i % categories.length];
    const colour = COLOUR_SLUGS[(i * 7) % COLOUR_SLUGS.length];
    const finish = FINISH_SLUGS[(i * 3) % FINISH_SLUGS.length];
    paths.push(
      `/api/products/by-category?category=${category}&stone_colour=${colour}&stone_finish=${finish}&facets=true&sort=price-asc&per_page=12`,
    );
  }
  return paths;
}

async function main() {
  const url = await benchDatabaseUrl(PRODUCTS, false);
  const count = await fetchProductCount(url);
  if (count < PRODUCTS * 0.9) {
    console.log(`Generating the ${PRODUCTS}-product catalogue…`);
    await generateCatalogue(PRODUCTS);
  }
  ensureBuild();
  const server = await startServer({
    DATABASE_URL: url,
    BENCH_ROUTES: 'true',
    RESPONSE_CACHE_TTL_MS: '60000',
  });
  try {
    const base = server.url;
    const listings = listingPaths();
    const products = await Promise.all(
      [1, 2, 3, 4].map((page) =>
        getJson<{ data: { id: number; slug: string }[] }>(
          `${base}/api/products?per_page=100&page=${page * 7}`,
        ),
      ),
    );
    const slugs = products.flatMap((p) => p.data.map((product) => product.slug));
    const details = await Promise.all(
      slugs.slice(0, 60).map((slug) =>
        getJson<{
          data: { id: number };
          variations: { id: number; instock: boolean; attributes: { option: string }[] }[];
        }>(`${base}/api/products/slug/${slug}`),
      ),
    );
    const cartBodies = details.flatMap((detail) =>
      detail.variations
        .filter((v) => v.instock && !/sample/i.test(v.attributes[0]?.option ?? ''))
        .slice(0, 1)
        .map((v) => ({ product_id: detail.data.id, variation_id: v.id, quantity: 2 })),
    );
    const cartAvailable =
      (
        await fetch(`${base}/api/cart/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(cartBodies[0]),
        })
      ).status < 300;

    const results: LoadResult[] = [];
    const run = async (options: Parameters<typeof load>[0]) => {
      const result = await load(options);
      results.push(result);
      console.log(
        `${result.name}: ${result.rps.toFixed(0)} req/s, p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms`,
      );
      return result;
    };
    // Warm the pool, the JIT and the generated images' caches before measuring.
    await load({ name: 'warm-up', url: base, paths: listings, seconds: 3 });

    const httpLimit = await run({
      name: 'HTTP limit (pre-serialised a)',
      url: base,
      paths: ['/api/_bench/static'],
    });
    const selectFloor = await run(selectFloorScenario(base));
    await run({
      name: '(a) listing, 2 terms + facets, uncached',
      target: '>= 0.25 x floor, p99 < 50 ms',
      url: base,
      paths: listings,
      // Asks for a fresh answer: the response cache is bypassed, as with the cache off.
      headers: { 'cache-control': 'no-cache' },
    });
    await run({
      name: '(a) listing, cached',
      url: base,
      paths: listings,
      target: '>= 0.5 x HTTP limit',
    });
    await run({
      name: '(b) product by slug',
      target: '>= 0.5 x floor',
      url: base,
      paths: slugs.map((slug) => `/api/products/slug/${slug}`),
      headers: { 'cache-control': 'no-cache' },
    });
    await run({
      name: '(c) search',
      target: '>= 0.25 x floor',
      url: base,
      paths: SEARCHES.map((q) => `/api/products?search=${encodeURIComponent(q)}&per_page=12`),
      headers: { 'cache-control': 'no-cache' },
    });
    if (cartAvailable) {
      await run({
        name: '(d) add to cart, fresh sessions',
        target: '>= 0.2 x floor, p99 < 100 ms',
        url: base,
        method: 'POST',
        paths: ['/api/cart/add'],
        bodies: cartBodies,
      });
    } else {
      console.log('(d) skipped: POST /api/cart/add is not available on this build');
    }
    // Each page set twice: rendered for every request, then as anonymous visitors get it, kept.
    const pageSets = [
      { name: 'SSR home /', paths: ['/'] },
      {
        name: 'SSR listing',
        paths: [
          '/collections/stone-collection/marble-tiles',
          '/colour/whites',
          '/finish/honed-matt-smooth',
        ],
      },
      { name: 'SSR product', paths: slugs.slice(0, 50).map((slug) => `/product/${slug}`) },
    ];
    for (const { name, paths } of pageSets) {
      // A route's first renders compile its code (two or three times slower than later ones):
      // that is not what the phase measures.
      await load({
        name: 'warm-up',
        url: base,
        paths,
        connections: 4,
        seconds: 2,
        headers: { 'cache-control': 'no-cache' },
      });
      await serverIdle(server.pid);
      await run({
        name: `${name}, rendered`,
        url: base,
        paths,
        headers: { 'cache-control': 'no-cache' },
      });
      await serverIdle(server.pid);
      await run({ name: `${name}, cached`, url: base, paths, target: '>= 0.3 x floor' });
    }
    const rss = server.rssMb();

    console.log(
      `\nCatalogue: ${PRODUCTS} products in PostgreSQL; ${BENCH_LISTING_URL} is (a)'s HTTP-limit body.`,
    );
    console.log(
      table(results, {
        'x SELECT floor': selectFloor.rps,
        'x HTTP limit': httpLimit.rps,
      }),
    );
    console.log(`\nServer RSS after the run: ${rss.toFixed(0)} MB (target < 300 MB)`);
  } finally {
    await server.stop();
  }
}

async function fetchProductCount(url: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'products'",
    );
    if (result.rows[0].n === 0) return 0;
    return (await client.query('SELECT count(*)::int AS n FROM products')).rows[0].n as number;
  } finally {
    await client.end();
  }
}

await main();
