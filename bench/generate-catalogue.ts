/**
 * Loads a generated catalogue of the demo's shape at benchmark size.
 *
 *   npm run bench:generate -- 10000                 # PostgreSQL database tessera_bench_10000
 *   npm run bench:generate -- 1000 --pglite ./data-bench-1k
 *
 * PostgreSQL is reached through BENCH_DATABASE_SERVER_URL (default the local server's "test").
 */
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { seedDemo } from '#db/seed/seed.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { benchDatabaseUrl } from './lib/database.ts';

const DEMO_SIZE = buildCatalogue().products.length;

export async function generateCatalogue(products: number, target: { pglite?: string } = {}) {
  const url = target.pglite ? undefined : await benchDatabaseUrl(products, true);
  const handle = await openDatabase(
    url ? { url } : { dataDir: resolve(target.pglite ?? `data-bench-${products}`) },
  );
  const started = performance.now();
  try {
    await migrate(handle);
    const counts = await seedDemo(handle.db, { scale: products / DEMO_SIZE });
    await handle.db.execute(sql`ANALYZE`);
    return { url, counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const products = Number(process.argv[2] ?? 10_000);
  const pgliteIndex = process.argv.indexOf('--pglite');
  const pglite = pgliteIndex > 0 ? (process.argv[pgliteIndex + 1] ?? '') : undefined;
  const result = await generateCatalogue(products, { pglite });
  console.log(
    `Loaded ${result.counts.products} products, ${result.counts.variations} variations in ` +
      `${result.seconds.toFixed(1)} s into ${result.url ?? pglite}`,
  );
}
