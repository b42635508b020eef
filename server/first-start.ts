import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { isCatalogueEmpty, seedDemo, type SeedCounts } from '#db/seed/seed.ts';
import { createFirstOwner } from './services/staff/first-owner.ts';

/** Any fixed number, apart from the migrations' own: every instance takes the same one. */
const FIRST_START_LOCK = 7_355_609;

export interface FirstStart {
  /** What the demo seed wrote, when this instance found the catalogue empty. */
  seeded: SeedCounts | null;
  /** Whether this instance created the first owner from ADMIN_EMAIL / ADMIN_PASSWORD. */
  ownerCreated: boolean;
}

/**
 * Brings a database up to what a serving instance needs: migrations, the demo shop on an empty
 * catalogue, the first owner when there is no staff. Instances starting at once on one empty
 * PostgreSQL take turns under an advisory lock held for the whole transaction, so the first does
 * the work and the others find it done (rather than seeding twice or racing to the same owner's
 * email). A crash midway rolls everything back, and the next start does it again.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seedOnEmpty: boolean; env: Record<string, string | undefined> },
): Promise<FirstStart> {
  await migrate(handle);
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK})`);
    const db = tx as unknown as Database;
    const seeded = options.seedOnEmpty && (await isCatalogueEmpty(db)) ? await seedDemo(db) : null;
    const ownerCreated = await createFirstOwner(db, options.env);
    return { seeded, ownerCreated };
  });
}
