/**
 * The back office's product list at catalogue scale: p50 of GET /api/admin/products' query at
 * 1k, 10k and 100k products (PostgreSQL), through the same service the route calls. Rows carry a
 * price range per product, never every variation. The totals per filter are cached until the
 * catalogue changes, so the figures also show the first (uncached) call of each query.
 *
 *   npm run bench:admin              # BENCH_ADMIN_SIZES=1000,10000,100000 by default
 */
import pg from 'pg';
import { openDatabase } from '#db/client.ts';
import { adminProductsQuery } from '#domain/admin-bulk-edits.ts';
import { AdminCatalogue } from '#server/services/catalogue/admin-catalogue.ts';
import { benchDatabaseUrl } from './lib/database.ts';
import { percentile, ms } from './lib/load.ts';
import { generateCatalogue } from './generate-catalogue.ts';

const SIZES = (process.env.BENCH_ADMIN_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const QUERIES: Record<string, Record<string, string>> = {
  'first page': {},
  'page 20': { page: '20' },
  'price sort': { sort: 'price-desc' },
  'newest first': { sort: 'date-desc' },
  'published, category': { status: 'publish', category: '2' },
  'search "marble"': { q: 'marble' },
};

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

async function measure(size: number): Promise<Record<string, { p50: number; first: number }>> {
  const url = await benchDatabaseUrl(size, false);
  if ((await productCount(url)) < size * 0.9) {
    console.log(`Generating ${size} products…`);
    await generateCatalogue(size);
  }
  const handle = await openDatabase({ url, poolSize: 4 });
  try {
    const catalogue = new AdminCatalogue(handle.db);
    const figures: Record<string, { p50: number; first: number }> = {};
    for (const [name, params] of Object.entries(QUERIES)) {
      const query = adminProductsQuery.parse(params);
      catalogue.invalidate();
      let started = performance.now();
      const { data } = await catalogue.list.page(query);
      const first = performance.now() - started;
      if (data.length === 0) throw new Error(`${name}: no rows at ${size}`);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        started = performance.now();
        await catalogue.list.page(query);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      figures[name] = { p50: percentile(times, 0.5), first };
    }
    return figures;
  } finally {
    await handle.close();
  }
}

async function main() {
  const results = new Map<number, Record<string, { p50: number; first: number }>>();
  for (const size of SIZES) results.set(size, await measure(size));
  const smallest = results.get(SIZES[0]!)!;
  const largest = results.get(SIZES.at(-1)!)!;
  console.log(
    `\nAdmin product list, p50 of ${ROUNDS} calls (first, uncached call in brackets), ms`,
  );
  console.log(
    [
      'query',
      ...SIZES.map((s) => `${s / 1000}k`),
      `ratio ${SIZES.at(-1)! / 1000}k/${SIZES[0]! / 1000}k`,
    ].join(' | '),
  );
  let worst = 0;
  for (const name of Object.keys(QUERIES)) {
    const cells = SIZES.map((size) => {
      const f = results.get(size)![name]!;
      return `${ms(f.p50)} (${ms(f.first)})`;
    });
    const ratio = largest[name]!.p50 / smallest[name]!.p50;
    worst = Math.max(worst, ratio);
    console.log([name, ...cells, ratio.toFixed(2)].join(' | '));
  }
  console.log(`\nWorst p50 ratio ${worst.toFixed(2)} (goal: at most 2)`);
}

await main();
