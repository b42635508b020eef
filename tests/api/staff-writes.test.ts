import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import {
  productEditValues,
  variationsGridValues,
  type AdminProductJson,
  type VariationsGridInput,
} from '#domain/admin-catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, TEST_OWNER, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
/** A published product with two counted sizes (a and b) and an out-of-stock free sample. */
let product: { id: number; a: number; b: number; sample: number };
let managerEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await staffOfEveryRole(t.app));
  const [row] = await queryRows<{ id: number; a: number; b: number; sample: number }>(
    t.app.services.db,
    sql`SELECT p.id,
        (SELECT min(v.id) FROM variations v WHERE v.product_id = p.id
          AND v.option !~* 'sample' AND v.stock_quantity > 20) AS a,
        (SELECT max(v.id) FROM variations v WHERE v.product_id = p.id
          AND v.option !~* 'sample' AND v.stock_quantity > 20) AS b,
        s.id AS sample
      FROM products p JOIN variations s ON s.product_id = p.id
        AND s.option ~* 'free sample' AND s.stock_quantity = 0
      WHERE p.status = 'publish'
        AND (SELECT count(*) FROM variations v WHERE v.product_id = p.id
          AND v.option !~* 'sample' AND v.stock_quantity > 20) >= 2
      ORDER BY p.id LIMIT 1`,
  );
  expect(row).toBeDefined();
  product = row!;
  const [member] = await queryRows<{ email: string }>(
    t.app.services.db,
    sql`SELECT email FROM staff WHERE role = 'manager'`,
  );
  managerEmail = member!.email;
});
afterAll(async () => {
  await t?.close();
});

async function load(): Promise<AdminProductJson> {
  const answer = await owner.call('GET', `/api/admin/products/${product.id}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

async function stockOf(id: number): Promise<number | null> {
  const [row] = await queryRows<{ stock_quantity: number | null }>(
    t.app.services.db,
    sql`SELECT stock_quantity FROM variations WHERE id = ${id}`,
  );
  return row!.stock_quantity;
}

/** A shopper buys `pieces` of size a: the order's number. */
async function buy(pieces: number): Promise<string> {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(product.id, product.a, pieces)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  return placed.body.data.number;
}

/** The grid as the editor sends it: every row's id, and only the fields changed. */
function changedOnly(
  loaded: AdminProductJson,
  changes: Record<number, Record<string, unknown>>,
): VariationsGridInput {
  return {
    version: loaded.version,
    variations: loaded.variations.map((v) => ({ id: v.id, ...changes[v.id] })),
  };
}

const saveGrid = (who: StaffBrowser, grid: VariationsGridInput) =>
  who.call('PUT', `/api/admin/products/${product.id}/variations`, grid);

describe('a purchase between opening and saving the size grid', () => {
  it('keeps the stock exact and merges a price change on another size', async () => {
    const opened = await load();
    const stockA = opened.variations.find((v) => v.id === product.a)!.stock!;
    await buy(3);
    const saved = await saveGrid(manager, changedOnly(opened, { [product.b]: { price: '77.70' } }));
    expect(saved.status).toBe(200);
    expect(await stockOf(product.a)).toBe(stockA - 3);
    expect(
      saved.body.data.variations.find((v: { id: number }) => v.id === product.b),
    ).toMatchObject({ price: '77.70' });
  });

  it('keeps the stock exact when the whole grid is sent back with the figures it loaded', async () => {
    const opened = await load();
    const stockA = opened.variations.find((v) => v.id === product.a)!.stock!;
    await buy(2);
    const grid = variationsGridValues(opened);
    const b = grid.variations.find((v) => v.id === product.b)!;
    b.price = '66.60';
    const saved = await saveGrid(manager, grid);
    expect(saved.status).toBe(200);
    expect(await stockOf(product.a)).toBe(stockA - 2);
  });

  it('refuses a stock set from a figure that moved, with the stock now, and changes nothing', async () => {
    const opened = await load();
    const stockA = opened.variations.find((v) => v.id === product.a)!.stock!;
    await buy(1);
    const refused = await saveGrid(
      manager,
      changedOnly(opened, {
        [product.a]: { stock: String(stockA + 50), stock_seen: stockA },
        [product.b]: { price: '55.50' },
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('stock_moved');
    expect(refused.body.variations).toEqual([
      expect.objectContaining({ id: product.a, stock_seen: stockA, stock: stockA - 1 }),
    ]);
    expect(await stockOf(product.a)).toBe(stockA - 1);
    const now = await load();
    expect(now.variations.find((v) => v.id === product.b)!.price).not.toBe('55.50');
    // From the figure it shows now, the same change goes through.
    const again = await saveGrid(
      manager,
      changedOnly(now, { [product.a]: { stock: String(stockA + 50), stock_seen: stockA - 1 } }),
    );
    expect(again.status).toBe(200);
    expect(await stockOf(product.a)).toBe(stockA + 50);
  });
});

describe('two staff saving the same product', () => {
  it('answers exactly one of them 409, naming who changed what', async () => {
    const opened = await load();
    const [first, second] = await Promise.all([
      owner.call('PUT', `/api/admin/products/${product.id}`, {
        ...productEditValues(opened),
        name: `${opened.name} (owner)`,
      }),
      manager.call('PUT', `/api/admin/products/${product.id}`, {
        ...productEditValues(opened),
        short_description: 'Changed by the manager',
      }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = first.status === 200 ? [first, second] : [second, first];
    expect(lost.body).toMatchObject({ code: 'version_conflict', version: opened.version + 1 });
    const winner = won === first ? TEST_OWNER.email : managerEmail;
    expect(lost.body.changes).toEqual([
      expect.objectContaining({
        actor: winner,
        action: 'product.save',
        fields: [won === first ? 'name' : 'short_description'],
      }),
    ]);
    expect(lost.body.message).toContain(winner);
    // The stale grid is refused too: the editor's save bumped the product's version.
    const grid = await saveGrid(manager, changedOnly(opened, { [product.b]: { price: '12.00' } }));
    expect(grid.status).toBe(409);
  });
});

describe('saving a size grid', () => {
  it("keeps a sample's stock, and a sample's stock typed in is stored", async () => {
    const opened = await load();
    expect(opened.variations.find((v) => v.id === product.sample)).toMatchObject({
      stock: 0,
      in_stock: false,
    });
    const full = variationsGridValues(opened);
    full.variations.find((v) => v.id === product.b)!.price = '44.40';
    expect((await saveGrid(manager, full)).status).toBe(200);
    expect(await stockOf(product.sample)).toBe(0);
    const now = await load();
    expect(now.variations.find((v) => v.id === product.sample)!.in_stock).toBe(false);
    const typed = await saveGrid(
      manager,
      changedOnly(now, { [product.sample]: { stock: '14', stock_seen: 0 } }),
    );
    expect(typed.status).toBe(200);
    expect(await stockOf(product.sample)).toBe(14);
  });
});

describe('the stock ledger', () => {
  it("rebuilds every variation's stock, each change with its reason, actor and order", async () => {
    const number = await buy(4);
    const cancelled = await manager.call('POST', `/api/admin/orders/${number}/move`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    const bulk = await manager.call('POST', '/api/admin/products/bulk', {
      ids: [product.id],
      action: 'set_stock',
      value: '321',
    });
    expect(bulk.status).toBe(200);
    const mismatched = await queryRows<{ id: number }>(
      t.app.services.db,
      sql`SELECT v.id FROM variations v
        LEFT JOIN (SELECT variation_id, sum(delta)::int AS total FROM stock_ledger
          GROUP BY variation_id) s ON s.variation_id = v.id
        LEFT JOIN LATERAL (SELECT stock_after FROM stock_ledger l WHERE l.variation_id = v.id
          ORDER BY l.id DESC LIMIT 1) last ON true
        WHERE coalesce(s.total, 0) <> coalesce(v.stock_quantity, 0)
          OR last.stock_after IS DISTINCT FROM v.stock_quantity`,
    );
    expect(mismatched).toEqual([]);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM variations WHERE stock_quantity IS NOT NULL`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(100);
    const [order] = await queryRows<{ id: number }>(
      t.app.services.db,
      sql`SELECT id FROM orders WHERE number = ${number}`,
    );
    const rows = await queryRows<{ reason: string; delta: number; actor: string; ref: string }>(
      t.app.services.db,
      sql`SELECT reason, delta, actor, ref FROM stock_ledger
        WHERE variation_id = ${product.a} AND (order_id = ${order!.id} OR reason = 'bulk_edit')
        ORDER BY id`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ reason: 'sale', delta: -4, ref: number }),
      expect.objectContaining({ reason: 'cancel', delta: 4, actor: `staff:${managerEmail}` }),
      expect.objectContaining({ reason: 'bulk_edit', actor: managerEmail }),
    ]);
    const reasons = await queryRows<{ reason: string }>(
      t.app.services.db,
      sql`SELECT DISTINCT reason FROM stock_ledger ORDER BY reason`,
    );
    expect(reasons.map((r) => r.reason)).toEqual([
      'adjustment',
      'bulk_edit',
      'cancel',
      'create',
      'sale',
    ]);
  });
});

describe('every other staff-edited resource', () => {
  it('refuses a page, a category, a term, the menu and the home page saved from an older version', async () => {
    const db = t.app.services.db;
    const [page] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM pages ORDER BY id LIMIT 1`,
    );
    const opened = (await owner.call('GET', `/api/admin/content/pages/${page!.id}`)).body.data;
    const values = {
      version: opened.version,
      title: opened.title,
      slug: opened.slug,
      status: opened.status,
      content: opened.content,
      excerpt: opened.excerpt,
    };
    const first = await owner.call('PUT', `/api/admin/content/pages/${page!.id}`, {
      ...values,
      title: `${opened.title} (revised)`,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(opened.version + 1);
    const stale = await owner.call('PUT', `/api/admin/content/pages/${page!.id}`, values);
    expect(stale.status).toBe(409);
    expect(stale.body.changes).toEqual([
      expect.objectContaining({
        actor: TEST_OWNER.email,
        action: 'page.update',
        fields: ['title'],
      }),
    ]);

    const { categories, terms } = (await owner.call('GET', '/api/admin/products/taxonomy')).body
      .data;
    const category = categories[0];
    const { id: _c, ...categoryValues } = category;
    expect(
      (await owner.call('PUT', `/api/admin/categories/${category.id}`, categoryValues)).status,
    ).toBe(200);
    expect(
      (await owner.call('PUT', `/api/admin/categories/${category.id}`, categoryValues)).status,
    ).toBe(409);
    const term = terms[0];
    const termValues = {
      name: term.name,
      slug: term.slug,
      position: term.position,
      version: term.version,
    };
    expect((await owner.call('PUT', `/api/admin/terms/${term.id}`, termValues)).status).toBe(200);
    expect((await owner.call('PUT', `/api/admin/terms/${term.id}`, termValues)).status).toBe(409);

    const menu = (await owner.call('GET', '/api/admin/menu')).body.data;
    expect((await owner.call('PUT', '/api/admin/menu', menu)).status).toBe(200);
    expect((await owner.call('PUT', '/api/admin/menu', menu)).status).toBe(409);
    const home = (await owner.call('GET', '/api/admin/home')).body.data;
    expect((await owner.call('PUT', '/api/admin/home', home)).status).toBe(200);
    expect((await owner.call('PUT', '/api/admin/home', home)).status).toBe(409);
  });
});
