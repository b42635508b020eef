import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { seedDemo } from '#db/seed/seed.ts';

/** Where each test file's database is copied from: PGlite tarballs, or PostgreSQL databases. */
export interface DatabaseTemplates {
  kind: 'pglite' | 'postgres';
  /** Migrated, empty. */
  migrated: string;
  /** Migrated and seeded with the demo shop. */
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** A database name on the server of `serverUrl`, as a connection string. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates and seeds once per run, not once per test file: each file then starts from a copy
 * (`CREATE DATABASE … TEMPLATE` on PostgreSQL, a `loadDataDir` tarball on PGlite), which costs
 * a fraction of migrating and seeding the demo shop again.
 */
export default async function setup(project: TestProject) {
  // Off: each file migrates and seeds its own (bench/test-suite.bench.ts compares the two).
  if (process.env.TEST_DATABASE_TEMPLATES === 'off') return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const prefix = `tessera_template_${randomBytes(6).toString('hex')}`;
    const migrated = `${prefix}_migrated`;
    const seeded = `${prefix}_seeded`;
    await onServer(serverUrl, `CREATE DATABASE ${migrated}`);
    const handle = await openDatabase({ url: databaseUrl(serverUrl, migrated), poolSize: 2 });
    await migrate(handle);
    await handle.close();
    await onServer(serverUrl, `CREATE DATABASE ${seeded} TEMPLATE ${migrated}`);
    const seededHandle = await openDatabase({ url: databaseUrl(serverUrl, seeded), poolSize: 2 });
    await seedDemo(seededHandle.db);
    await seededHandle.close();
    project.provide('databaseTemplates', { kind: 'postgres', migrated, seeded });
    return async () => {
      for (const name of [seeded, migrated]) {
        await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-templates-'));
  const handle = await openDatabase({});
  await migrate(handle);
  const migrated = join(dir, 'migrated.tar');
  writeFileSync(migrated, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  await seedDemo(handle.db);
  const seeded = join(dir, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer()));
  await handle.close();
  project.provide('databaseTemplates', { kind: 'pglite', migrated, seeded });
  return () => rmSync(dir, { recursive: true, force: true });
}
