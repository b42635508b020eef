import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { seedDemo } from '#db/seed/seed.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { databaseUrl, type DatabaseTemplates } from './database-templates.ts';
import { ROOMY_LIMITS } from './rate-limits.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for each test file: in-memory PGlite by default, or a
 * new database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards). `seeded`
 * starts it with the demo shop. Projects with tests/setup/database-templates.ts copy both from
 * a template made once per run; others migrate and seed here. With `migrated: false` the
 * database is left empty, as a new shop's server finds it.
 */
export async function createTestDatabase(
  options: { seeded?: boolean; migrated?: boolean } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const empty = options.migrated === false;
  const templates = inject('databaseTemplates') as DatabaseTemplates | undefined;
  const template =
    !empty && templates?.kind === (serverUrl ? 'postgres' : 'pglite') ? templates : undefined;
  const which = options.seeded ? 'seeded' : 'migrated';
  if (!serverUrl) {
    const handle = template
      ? await openDatabase({ loadDataDir: new Blob([readFileSync(template[which])]) })
      : await openDatabase({});
    if (!template && !empty) await prepare(handle, options);
    return { handle, drop: () => handle.close() };
  }
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template[which]}` : ''}`);
  await admin.end();
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ url, poolSize: 5 });
  if (!template && !empty) await prepare(handle, options);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function prepare(handle: DatabaseHandle, options: { seeded?: boolean }): Promise<void> {
  await migrate(handle);
  if (options.seeded) await seedDemo(handle.db);
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    config?: Record<string, string>;
    buildDir?: string;
    /** 'roomy' (the default) raises the order, enquiry and newsletter limits for busy suites. */
    limits?: 'roomy' | 'defaults';
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seeded: options.seed ?? true });
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(options.limits === 'defaults' ? {} : ROOMY_LIMITS),
    ...options.config,
  });
  const app = await buildApp({ config, database: database.handle, buildDir: options.buildDir });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of the shop on the same PostgreSQL database as `first` (its own pool, its
 * own in-process caches), as two instances behind a load balancer. PostgreSQL only.
 */
export async function createSiblingApp(first: TestApp): Promise<FastifyInstance> {
  if (!first.database.url) throw new Error('a sibling instance needs TEST_DATABASE_URL');
  const handle = await openDatabase({ url: first.database.url, poolSize: 5 });
  const app = await buildApp({ config: first.config, database: handle });
  app.addHook('onClose', () => handle.close());
  await app.ready();
  return app;
}
