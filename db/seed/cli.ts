import { resolve } from 'node:path';
import { openDatabase } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seedDemo } from './seed.ts';
import { loadConfig } from '#server/config.ts';

/** `npm run db:seed`: replaces the catalogue, menu and content with the demo shop. */
const config = loadConfig();
const started = performance.now();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
});
try {
  await migrate(database);
  const counts = await seedDemo(database.db);
  console.log(`Seeded in ${Math.round(performance.now() - started)} ms:`, counts);
} finally {
  await database.close();
}
