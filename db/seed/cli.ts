import { resolve } from 'node:path';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seedDemo } from './seed.ts';
import { describeReplaced, readShopState, seedRefusal } from './shop-state.ts';
import { loadConfig } from '#server/config.ts';
import { CommandError, readCommandLine, runCommand } from '#server/cli/command-line.ts';

const USAGE = `Replaces the catalogue, menu and content with the demo shop:
  npm run db:seed              seeds a shop without orders or staff changes
  npm run db:seed -- --force   seeds even a shop with orders or staff changes
Customers, their accounts, orders and staff accounts stay; products, sizes, categories,
attributes, menu, pages and posts (and baskets holding products) are replaced.
Against DATABASE_URL, or the embedded database in DATA_DIR with the shop stopped.`;

const { values } = readCommandLine(USAGE, { options: { force: { type: 'boolean' } } });

await runCommand(async () => {
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
  });
  try {
    await migrate(database);
    const state = await readShopState(database.db);
    const refusal = seedRefusal(state);
    if (refusal && !values.force) {
      throw new CommandError(
        `${refusal} Seeding would replace its ${describeReplaced(state)}.\n` +
          'Nothing was changed. Run `npm run db:seed -- --force` to replace them anyway.',
      );
    }
    if (state.products + state.pages + state.posts > 0) {
      console.log(`Replacing ${describeReplaced(state)}.`);
    }
    const counts = await seedDemo(database.db);
    console.log(`Seeded in ${Math.round(performance.now() - started)} ms:`, counts);
  } finally {
    await database.close();
  }
});
