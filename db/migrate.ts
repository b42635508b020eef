import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { queryRows, type Database, type DatabaseHandle } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: every instance takes the same advisory lock so only one migrates at a time. */
const MIGRATION_LOCK = 7_355_608;

/**
 * Applies the committed migrations. Safe to run from several instances at once on PostgreSQL:
 * the work happens inside one transaction holding an advisory lock.
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await tx.execute(sql`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        hash text PRIMARY KEY,
        created_at bigint NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const applied = await queryRows<{ hash: string }>(
      tx as unknown as Database,
      sql`SELECT hash FROM schema_migrations`,
    );
    const done = new Set(applied.map((row) => row.hash));
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`INSERT INTO schema_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
