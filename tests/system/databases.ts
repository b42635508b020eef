import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '#db/client.ts';
import { createTestDatabase } from '#tests/setup/test-app.ts';

/** Clean-ups a test file runs after all its tests, last first. */
export type Cleanups = (() => Promise<unknown> | unknown)[];

/** The databases the system tests run against: PGlite, and PostgreSQL when one is given. */
export const systemDatabaseKinds = process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const);

/**
 * A server's data folder and environment, and a way to read its database directly: PGlite
 * (opened once the server is stopped: it has one process at a time) or a fresh PostgreSQL
 * database.
 */
export async function systemDatabase(kind: 'pglite' | 'postgres', cleanups: Cleanups) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-system-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') {
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: async (): Promise<Database> => {
        const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
        cleanups.push(() => handle.close());
        return handle.db;
      },
    };
  }
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: database.url! },
    open: async () => database.handle.db,
  };
}
