import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '#db/client.ts';
import { migrate } from '#db/migrate.ts';
import { seedDemo } from '#db/seed/seed.ts';
import { readShopState } from '#db/seed/shop-state.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';

/** Every command in package.json that writes, as `npm run NAME` runs it. */
const COMMANDS = {
  'db:seed': { file: 'db/seed/cli.ts', usage: 'Replaces the catalogue, menu and content' },
  orders: { file: 'server/cli/orders.ts', usage: 'Staff tools for orders' },
  'admin:create': { file: 'server/cli/admin-create.ts', usage: 'Adds a staff member' },
  retention: {
    file: 'server/cli/retention.ts',
    usage: 'Erase guest personal data past its retention period',
  },
  'bench:generate': {
    file: 'bench/generate-catalogue.ts',
    usage: "Loads a generated catalogue of the demo's shape",
  },
} as const;

const STACK_LINE = /^\s+at /m;

function runCommand(file: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', file, ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The counts a re-seed reports, and the first product's name (renamed before the command). */
async function snapshot(db: Database) {
  const [first] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM products ORDER BY id LIMIT 1`,
  );
  return { ...(await readShopState(db)), firstProduct: first!.name };
}

/**
 * A shop database a command in another process can open: a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, else a PGlite folder (opened here only between the command's runs,
 * since PGlite admits one process at a time).
 */
class ShopDatabase {
  env: Record<string, string> = {};
  private postgres?: TestDatabase;
  private dir = mkdtempSync(join(tmpdir(), 'tessera-commands-'));

  async create() {
    this.env = { DATA_DIR: this.dir };
    if (process.env.TEST_DATABASE_URL) {
      this.postgres = await createTestDatabase();
      this.env.DATABASE_URL = this.postgres.url!;
    } else {
      // The command must not see a DATABASE_URL of the environment the tests run in.
      this.env.DATABASE_URL = '';
    }
  }

  async use<T>(work: (db: Database) => Promise<T>): Promise<T> {
    if (this.postgres) return work(this.postgres.handle.db);
    const handle = await openDatabase({ dataDir: join(this.dir, 'pglite') });
    try {
      await migrate(handle);
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  async drop() {
    await this.postgres?.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

describe('every command answers --help and a wrong argument without touching data', () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`${name} --help prints its usage and exits 0`, () => {
      // No database is reachable: a command that tried to open one would fail, not print usage.
      const run = runCommand(command.file, ['--help'], {
        DATABASE_URL: 'postgres://nobody@0.0.0.0:1/none',
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(command.usage);
      expect(run.stderr).toBe('');
    });

    it(`${name} with a wrong argument prints the problem and its usage and exits 2`, () => {
      const run = runCommand(command.file, ['--frobnicate'], {
        DATABASE_URL: 'postgres://nobody@0.0.0.0:1/none',
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("Unknown option '--frobnicate'");
      expect(run.stderr).toContain(command.usage);
      expect(run.stderr).not.toMatch(STACK_LINE);
    });
  }

  it('orders with an unknown command names it and exits 2', () => {
    const run = runCommand(COMMANDS.orders.file, ['refund-everything'], {});
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('No command "refund-everything".');
    expect(run.stderr).toContain(COMMANDS.orders.usage);
  });
});

describe('db:seed on a shop that has an order and a staff change', () => {
  const shop = new ShopDatabase();
  const renamed = 'Our own Carrara, renamed by the owner';

  beforeAll(async () => {
    await shop.create();
    await shop.use(async (db) => {
      await seedDemo(db);
      await db.execute(sql`UPDATE products SET name = ${renamed} WHERE id = 1`);
      // Stock moved by hand: the ledger now holds more than the seed's own rows.
      await db.execute(sql`UPDATE variations SET stock_quantity = stock_quantity + 7
        WHERE stock_quantity IS NOT NULL`);
      await storeOrderAwaitingPayment(db);
      // A staff change counts; a sign-in does not.
      await db.execute(sql`INSERT INTO audit_log (actor, action, entity, entity_id)
        VALUES ('owner@shop.test', 'product.save', 'product', '1'),
               ('owner@shop.test', 'staff.sign_in', 'staff', '1')`);
    });
  });
  afterAll(() => shop.drop());

  it('is refused without --force, saying what it would replace, and changes nothing', async () => {
    const run = runCommand(COMMANDS['db:seed'].file, [], shop.env);
    expect(run.status).toBe(1);
    expect(run.stderr).not.toMatch(STACK_LINE);
    const state = await shop.use(snapshot);
    expect(run.stderr).toContain(
      `This shop has 1 order and 1 staff change. Seeding would replace its ${state.products} products (${state.sizes.toLocaleString('en-GB')} sizes), ${state.categories} categories, ${state.menuEntries} menu entries, ${state.pages} pages and ${state.posts} posts.`,
    );
    expect(run.stderr).toContain('Nothing was changed. Run `npm run db:seed -- --force`');
    expect(state.firstProduct).toBe(renamed);
    expect(state.orders).toBe(1);
  });

  it('with --force replaces the catalogue and keeps the order', async () => {
    const run = runCommand(COMMANDS['db:seed'].file, ['--force'], shop.env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Replacing ');
    const state = await shop.use(snapshot);
    expect(state.firstProduct).not.toBe(renamed);
    expect(state.orders).toBe(1);
    // Every new size's stock is its ledger's sum: no history of a replaced size (whose id the
    // new catalogue reuses) is counted against it.
    const drifted = await shop.use((db) =>
      queryRows<{ id: number }>(
        db,
        sql`SELECT v.id FROM variations v
          WHERE coalesce(v.stock_quantity, 0) <> coalesce(
            (SELECT sum(l.delta) FROM stock_ledger l WHERE l.variation_id = v.id), 0)`,
      ),
    );
    expect(drifted).toEqual([]);
  });
});

describe('retention sweep by hand', () => {
  const shop = new ShopDatabase();

  beforeAll(async () => {
    await shop.create();
    await shop.use((db) =>
      db.execute(sql`INSERT INTO enquiries (kind, name, email, message, created_at)
        VALUES ('quote', 'Old Enquirer', 'old@example.com', 'Two pallets?', now() - interval '3 years'),
               ('quote', 'New Enquirer', 'new@example.com', 'One pallet?', now())`),
    );
  });
  afterAll(() => shop.drop());

  it('is refused without --by, changing nothing', async () => {
    const run = runCommand(COMMANDS.retention.file, ['sweep'], shop.env);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Say who you are with --by');
    expect(run.stderr).not.toMatch(STACK_LINE);
    const left = await shop.use((db) => queryRows(db, sql`SELECT name FROM enquiries`));
    expect(left).toHaveLength(2);
  });

  it('erases what is past the period, says what it did, and is audit-logged as who ran it', async () => {
    const run = runCommand(COMMANDS.retention.file, ['sweep', '--by', 'owner@shop.test'], shop.env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Retention period: 730 days');
    expect(run.stdout).toMatch(/enquiries\s*│\s*1/);
    const { left, audited } = await shop.use(async (db) => ({
      left: await queryRows<{ name: string }>(db, sql`SELECT name FROM enquiries`),
      audited: await queryRows<{ actor: string }>(
        db,
        sql`SELECT actor FROM audit_log WHERE action = 'retention.sweep'`,
      ),
    }));
    expect(left).toEqual([{ name: 'New Enquirer' }]);
    expect(audited).toEqual([{ actor: 'cli:owner@shop.test' }]);
  });
});
