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
import { describeReplaced, readShopState, seedRefusal } from '#db/seed/shop-state.ts';
import { CommandError, readCommandLine, runCommand } from '#server/cli/command-line.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { benchDatabaseUrl } from './lib/database.ts';

const DEMO_SIZE = buildCatalogue().products.length;

export async function generateCatalogue(
  products: number,
  target: { pglite?: string; force?: boolean } = {},
) {
  const url = target.pglite ? undefined : await benchDatabaseUrl(products, true);
  const handle = await openDatabase(
    url ? { url } : { dataDir: resolve(target.pglite ?? `data-bench-${products}`) },
  );
  const started = performance.now();
  try {
    await migrate(handle);
    // A PGlite folder may be a real shop's (./data/pglite): keep its orders and staff's work.
    const state = await readShopState(handle.db);
    const refusal = seedRefusal(state);
    if (refusal && !target.force) {
      throw new CommandError(
        `${refusal} Loading a catalogue would replace its ${describeReplaced(state)}.\n` +
          'Nothing was changed. Add --force to replace them anyway.',
      );
    }
    const counts = await seedDemo(handle.db, { scale: products / DEMO_SIZE });
    await handle.db.execute(sql`ANALYZE`);
    return { url, counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await handle.close();
  }
}

const USAGE = `Loads a generated catalogue of the demo's shape at benchmark size:
  npm run bench:generate -- 10000                            PostgreSQL database tessera_bench_10000 (made afresh)
  npm run bench:generate -- 1000 --pglite ./data-bench-1k    an embedded database in that folder
  --force   replace the catalogue of a PGlite folder even when it holds orders or staff changes
PostgreSQL is reached through BENCH_DATABASE_SERVER_URL (default the local server's "test").`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { positionals, values } = readCommandLine(USAGE, {
    allowPositionals: true,
    options: { pglite: { type: 'string' }, force: { type: 'boolean' } },
  });
  const products = Number(positionals[0] ?? 10_000);
  if (positionals.length > 1 || !Number.isInteger(products) || products < 1) {
    console.error(`Give one whole number of products.\n\n${USAGE}`);
    process.exit(2);
  }
  await runCommand(async () => {
    const result = await generateCatalogue(products, values);
    console.log(
      `Loaded ${result.counts.products} products, ${result.counts.variations} variations in ` +
        `${result.seconds.toFixed(1)} s into ${result.url ?? values.pglite}`,
    );
  });
}
