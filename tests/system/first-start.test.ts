import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';

const OWNER = {
  ADMIN_EMAIL: 'owner@first-start.example',
  ADMIN_PASSWORD: 'Quarry-Hearth-Slate-2026',
};

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances starting at once on an empty PostgreSQL',
  () => {
    let database: TestDatabase;
    let instances: ServerProcess[] = [];
    const dirs: string[] = [];

    beforeAll(async () => {
      // Not even migrated: both instances find a database without tables.
      database = await createTestDatabase({ migrated: false });
      const start = () => {
        const dir = mkdtempSync(join(tmpdir(), 'tessera-first-start-'));
        dirs.push(dir);
        return startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: dir, ...OWNER });
      };
      instances = await Promise.all([start(), start()]);
    });

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
      await database?.drop();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    it('both serve their health check and a catalogue page', async () => {
      for (const instance of instances) {
        expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
        const page = await fetch(`${instance.url}/collections/stone-collection/marble-tiles`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('Marble');
      }
    });

    it('exactly one owner exists, created once', async () => {
      const staff = await queryRows<{ email: string; role: string }>(
        database.handle.db,
        sql`SELECT email, role FROM staff`,
      );
      expect(staff).toEqual([{ email: OWNER.ADMIN_EMAIL, role: 'owner' }]);
      const created = instances.filter((i) => i.output().includes('Created the first owner'));
      expect(created).toHaveLength(1);
    });

    it('the catalogue was seeded once', async () => {
      const seeded = instances.filter((i) => i.output().includes('Seeded the demo shop'));
      expect(seeded).toHaveLength(1);
      const [row] = await queryRows<{ products: number; slugs: number; pages: number }>(
        database.handle.db,
        sql`SELECT count(*)::int AS products, count(DISTINCT slug)::int AS slugs,
            (SELECT count(*)::int FROM pages) AS pages
          FROM products`,
      );
      expect(row!.products).toBe(buildCatalogue().products.length);
      expect(row!.slugs).toBe(row!.products);
      expect(row!.pages).toBeGreaterThan(0);
    });
  },
);
