// Trade-only products: the editor and the product CSV set the flag, and a retail shopper or a
// guest cannot reach such a product by its id or its sizes' ids (sizes, basket, samples,
// delivery estimate, documents, enquiries), while a trade buyer can; a basket that holds one
// when it becomes trade only is refused at checkout.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { productEditValues, type AdminProductJson } from '#domain/admin-catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { runImport } from '#tests/setup/import-jobs.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { signedIn, tradeBuyer } from '#tests/setup/trade-buyers.ts';

let t: TestApp;
let owner: StaffBrowser;
/** A published product with a tile size in stock and a free sample, and a document. */
let fixture: {
  id: number;
  name: string;
  slug: string;
  sku: string;
  size: number;
  option: string;
  sample: number;
  document: number;
};
/** A size of no product, for the answers a trade-only size must look like to retail. */
const NO_SIZE = 2_000_000_000;
const TRADE_ONLY = 'Meta: _tessera_trade_only';

async function load(): Promise<AdminProductJson> {
  const answer = await owner.call('GET', `/api/admin/products/${fixture.id}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Saves the editor's fields with trade only set as given, from the version loaded. */
async function saveTradeOnly(tradeOnly: boolean) {
  const loaded = await load();
  const saved = await owner.call('PUT', `/api/admin/products/${fixture.id}`, {
    ...productEditValues(loaded),
    trade_only: tradeOnly,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data as AdminProductJson;
}

const storedFlag = async () =>
  (
    await queryRows<{ trade_only: boolean }>(
      t.database.handle.db,
      sql`SELECT trade_only FROM products WHERE id = ${fixture.id}`,
    )
  )[0]!.trade_only;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner } = await staffOfEveryRole(t.app));
  const db = t.database.handle.db;
  const [row] = await queryRows<Omit<typeof fixture, 'document'>>(
    db,
    sql`SELECT p.id, p.name, p.slug, p.sku, v.id AS size, v.option, s.id AS sample
      FROM products p
      JOIN variations v ON v.product_id = p.id AND v.option ~ '^\\d+ ?x ?\\d+' AND v.in_stock
      JOIN variations s ON s.product_id = p.id AND s.option = 'Free Sample'
      WHERE p.status = 'publish' AND NOT p.trade_only
      ORDER BY p.id, v.position LIMIT 1`,
  );
  await db.execute(sql`UPDATE variations SET stock_quantity = 10000 WHERE id = ${row!.size}`);
  const [document] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO product_documents (product_id, title, kind, file_name, size_bytes, bytes)
      VALUES (${row!.id}, 'Data sheet', 'datasheet', 'data-sheet.pdf', 8,
        ${Buffer.from('%PDF-1.4')}) RETURNING id`,
  );
  fixture = { ...row!, document: document!.id };
});

afterAll(async () => {
  await t?.close();
});

describe('the product editor', () => {
  it('saves trade only through the version check, and the list marks it', async () => {
    const before = await load();
    expect(before.trade_only).toBe(false);
    const saved = await saveTradeOnly(true);
    expect(saved).toMatchObject({ trade_only: true, version: before.version + 1 });
    expect(await storedFlag()).toBe(true);
    const [audit] = await queryRows<{
      before: { trade_only: boolean };
      after: { trade_only: boolean };
    }>(
      t.database.handle.db,
      sql`SELECT before, after FROM audit_log WHERE action = 'product.save'
        AND entity_id = ${String(fixture.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect([audit!.before.trade_only, audit!.after.trade_only]).toEqual([false, true]);

    // A save from the version loaded before is refused, and changes nothing.
    const stale = await owner.call('PUT', `/api/admin/products/${fixture.id}`, {
      ...productEditValues(before),
      trade_only: false,
    });
    expect(stale.status).toBe(409);
    expect(await storedFlag()).toBe(true);

    // A save that leaves the field out keeps the product's flag.
    const { trade_only: _, ...withoutFlag } = productEditValues(saved);
    const kept = await owner.call('PUT', `/api/admin/products/${fixture.id}`, withoutFlag);
    expect(kept.status).toBe(200);
    expect(kept.body.data.trade_only).toBe(true);

    const list = await owner.call('GET', `/api/admin/products?q=${fixture.sku}`);
    expect(list.body.data).toEqual([expect.objectContaining({ id: fixture.id, trade_only: true })]);
    // The list's filter, and a bulk edit of all it matches, find the one trade-only product.
    const ids = async (flag: string) =>
      (
        await owner.call('GET', `/api/admin/products?per_page=100&trade_only=${flag}`)
      ).body.data.map((row: { id: number }) => row.id);
    expect(await ids('true')).toEqual([fixture.id]);
    expect(await ids('false')).not.toContain(fixture.id);
    const preview = await owner.call('POST', '/api/admin/products/bulk/preview', {
      all: true,
      filter: { trade_only: true },
      action: 'unpublish',
    });
    expect(preview.body.data.products).toBe(1);
    const badFilter = await owner.call('GET', '/api/admin/products?trade_only=maybe');
    expect([badFilter.status, badFilter.body.fields]).toEqual([
      400,
      { trade_only: 'Must be true or false' },
    ]);
    const refused = await owner.call('PUT', `/api/admin/products/${fixture.id}`, {
      ...productEditValues(saved),
      version: saved.version + 1,
      trade_only: 'yes',
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(['trade_only']);
    await saveTradeOnly(false);
  });
});

describe('the product CSV', () => {
  async function exported() {
    const answer = await owner.call('GET', '/api/admin/exports/products.csv');
    expect(answer.status).toBe(200);
    const [header, ...records] = parse(answer.response.body, { bom: true }) as string[][];
    const own = records.find((r) => r[header!.indexOf('SKU')] === fixture.sku)!;
    return { header: header!, own };
  }

  it('exports the flag, and imports yes/no/true/false/1/0, refusing anything else', async () => {
    await saveTradeOnly(true);
    const { header, own } = await exported();
    expect(own[header.indexOf(TRADE_ONLY)]).toBe('1');
    const withFlag = (text: string) => {
      const row = [...own];
      row[header.indexOf(TRADE_ONLY)] = text;
      return stringify([header, row]);
    };
    const flags: boolean[] = [];
    for (const text of ['no', 'TRUE', '0', 'yes', 'false', '1']) {
      const job = await runImport(t.app, owner, withFlag(text));
      expect(job.errors).toEqual([]);
      flags.push(await storedFlag());
    }
    expect(flags).toEqual([false, true, false, true, false, true]);
    expect((await exported()).own).toEqual(own);

    const refused = await runImport(t.app, owner, withFlag('trade'));
    expect(refused.errors).toEqual([
      expect.objectContaining({
        sku: fixture.sku,
        field: TRADE_ONLY,
        message: 'Enter 1 or 0 (yes or no, true or false)',
      }),
    ]);
    expect(await storedFlag()).toBe(true);
    await saveTradeOnly(false);
  });
});

describe('a trade-only product by its ids', () => {
  /** Every way in by id, as `shopper` asks: what each answers. */
  async function answers(shopper: ApiShopper, size = fixture.size, sample = fixture.sample) {
    const sizes = await shopper.call('GET', `/api/product/${fixture.id}/variations`);
    const added = await shopper.add(fixture.id, size, 1);
    const sampled = await shopper.add(fixture.id, sample, 1, true);
    const estimate = await shopper.call('POST', '/api/delivery/estimate', {
      postcode: 'BS2 0UX',
      lines: [{ variation_id: size, quantity: 2 }],
    });
    const document = await shopper.call(
      'GET',
      `/api/product-documents/${fixture.document}/data-sheet.pdf`,
    );
    return {
      sizes: sizes.status,
      added: [added.status, added.body.message ?? added.body.data.item_count],
      sampled: [sampled.status, sampled.body.message ?? sampled.body.data.item_count],
      estimate: [estimate.status, estimate.body.fields ?? estimate.body.data.deliverable],
      document: [document.status, document.response.headers['cache-control']],
    };
  }

  /** The enquiry's product as the shop is told of it. */
  async function enquiredName(shopper: ApiShopper) {
    const sent = await shopper.call('POST', '/api/enquiries', {
      kind: 'lead-time',
      name: 'Bo',
      email: 'bo@example.com',
      product_id: fixture.id,
      size: fixture.option,
    });
    expect(sent.status).toBe(201);
    const [row] = await queryRows<{ product_name: string | null }>(
      t.database.handle.db,
      sql`SELECT product_name FROM enquiries WHERE id = ${sent.body.id}`,
    );
    return row!.product_name;
  }

  it('is as unknown to a guest and a retail shopper as a size of no product, and open to trade', async () => {
    await saveTradeOnly(true);
    const trade = await tradeBuyer(t.app, 'tiler@example.co.uk');
    const retail = await signedIn(t.app, 'home@example.co.uk');
    const guest = new ApiShopper(t.app);

    // What a size of no product answers, with its sample and document as absent as it.
    const nothing = await answers(new ApiShopper(t.app), NO_SIZE, NO_SIZE);
    expect(nothing).toMatchObject({
      added: [422, 'This size does not belong to the product'],
      sampled: [422, 'This size does not belong to the product'],
      estimate: [400, { 'lines.0.variation_id': 'This size is not on sale' }],
    });
    const unknown = { ...nothing, sizes: 404, document: [404, undefined] };
    // Trade first, so the basket's kept facts of the size are there when retail asks.
    expect(await answers(trade)).toEqual({
      sizes: 200,
      added: [200, 1],
      sampled: [200, 2],
      estimate: [200, true],
      document: [200, 'private, max-age=3600'],
    });
    expect(await answers(retail)).toEqual(unknown);
    expect(await answers(guest)).toEqual(unknown);
    // A guest refused is given no session.
    expect(guest.cookie).toBe('');
    expect(await enquiredName(trade)).toBe(fixture.name);
    expect(await enquiredName(retail)).toBeNull();
    expect(await enquiredName(guest)).toBeNull();
    // An order taken by phone for a retail email: its draft refuses the size as not on sale.
    const draft = await owner.call('POST', '/api/admin/orders/drafts', {
      email: 'caller@example.co.uk',
      shipping: checkoutInput('0.00').shipping,
      lines: [{ variation_id: fixture.size, pieces: 2 }],
    });
    expect([draft.status, draft.body.fields]).toEqual([
      400,
      { 'lines.0.variation_id': 'This size does not exist or is not on sale' },
    ]);
    // A draft for a trade buyer's verified email is bought at their prices: the size is open.
    await t.database.handle.db.execute(
      sql`UPDATE customers SET email_verified_at = now() WHERE email = 'tiler@example.co.uk'`,
    );
    const tradeDraft = await owner.call('POST', '/api/admin/orders/drafts', {
      email: 'tiler@example.co.uk',
      shipping: checkoutInput('0.00').shipping,
      lines: [{ variation_id: fixture.size, pieces: 2 }],
    });
    expect(tradeDraft.status).toBe(201);

    await saveTradeOnly(false);
    expect(await answers(guest)).toMatchObject({
      sizes: 200,
      added: [200, 1],
      document: [200, expect.stringMatching(/^public/)],
    });
    expect(await enquiredName(guest)).toBe(fixture.name);
  });

  it("leaves a menu entry to it out of retail's mega-menu, and keeps it in trade's", async () => {
    await saveTradeOnly(true);
    const before = (await owner.call('GET', '/api/admin/menu')).body.data.tree;
    const entry = {
      title: 'For the trade',
      link: { type: 'product', id: fixture.id },
      children: [],
    };
    expect((await owner.call('PUT', '/api/admin/menu', { tree: [...before, entry] })).status).toBe(
      200,
    );
    const titles = async (shopper: ApiShopper) =>
      ((await shopper.call('GET', '/api/megamenu')).body.data as { title: string }[]).map(
        (node) => node.title,
      );
    const trade = await tradeBuyer(t.app, 'tiler5@example.co.uk');
    const retail = await signedIn(t.app, 'home5@example.co.uk');
    // Trade first, then retail and a guest from the same (per price list) response cache.
    expect((await titles(trade)).at(-1)).toBe('For the trade');
    expect(await titles(retail)).not.toContain('For the trade');
    expect(await titles(new ApiShopper(t.app))).not.toContain('For the trade');
    await saveTradeOnly(false);
    expect((await titles(retail)).at(-1)).toBe('For the trade');
    await saveTradeOnly(true);
    const current = (await owner.call('GET', '/api/admin/menu')).body.data.tree;
    expect(
      (await owner.call('PUT', '/api/admin/menu', { tree: current.slice(0, -1) })).status,
    ).toBe(200);
  });

  it('leads no retail shopper to it by a former slug, nor names it once archived', async () => {
    const db = t.database.handle.db;
    await saveTradeOnly(true);
    await db.execute(sql`INSERT INTO product_slug_redirects (old_slug, product_id)
      VALUES ('former-trade-slab', ${fixture.id})`);
    const trade = await tradeBuyer(t.app, 'tiler3@example.co.uk');
    const retail = await signedIn(t.app, 'home3@example.co.uk');
    const statuses = async (slug: string) =>
      Promise.all(
        [trade, retail, new ApiShopper(t.app)].map(
          async (shopper) => (await shopper.call('GET', `/api/products/slug/${slug}`)).status,
        ),
      );
    expect(await statuses('former-trade-slab')).toEqual([301, 404, 404]);
    await db.execute(sql`UPDATE products SET status = 'archived' WHERE id = ${fixture.id}`);
    await t.app.changes.publish('catalogue');
    expect(await statuses(fixture.slug)).toEqual([410, 404, 404]);
    await db.execute(sql`UPDATE products SET status = 'publish' WHERE id = ${fixture.id}`);
    await t.app.changes.publish('catalogue');
    await saveTradeOnly(false);
    expect(await statuses('former-trade-slab')).toEqual([301, 301, 301]);
  });

  it("refuses a retail basket's order once its product becomes trade only, and takes a trade buyer's", async () => {
    const retail = await signedIn(t.app, 'home2@example.co.uk');
    expect((await retail.add(fixture.id, fixture.size, 2)).status).toBe(200);
    const trade = await tradeBuyer(t.app, 'tiler2@example.co.uk');
    expect((await trade.add(fixture.id, fixture.size, 2)).status).toBe(200);
    const retailQuote = await retail.quote();
    const tradeQuote = await trade.quote();
    await saveTradeOnly(true);

    const refused = await retail.placeOrder(
      checkoutInput(retailQuote.totals.total.gross, { email: 'home2@example.co.uk' }),
      randomUUID(),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${fixture.name} (${fixture.option}) is no longer available: please remove it from your basket`,
    );
    const placed = await trade.placeOrder(
      checkoutInput(tradeQuote.totals.total.gross, { email: 'tiler2@example.co.uk' }),
      randomUUID(),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orders = await queryRows<{ email: string }>(
      t.database.handle.db,
      sql`SELECT email FROM orders ORDER BY id`,
    );
    expect(orders.map((o) => o.email)).toEqual(['tiler2@example.co.uk']);
    await saveTradeOnly(false);
  });

  it('lets a retail line of a product made trade only shrink or go, never grow', async () => {
    const retail = await signedIn(t.app, 'home4@example.co.uk');
    const added = await retail.add(fixture.id, fixture.size, 2);
    const lineId = added.body.data.line_items[0].id as number;
    const trade = await tradeBuyer(t.app, 'tiler4@example.co.uk');
    const tradeLine = (await trade.add(fixture.id, fixture.size, 2)).body.data.line_items[0]
      .id as number;
    await saveTradeOnly(true);

    const grown = await retail.call('PUT', `/api/cart/${lineId}`, { quantity: 3 });
    expect([grown.status, grown.body.message]).toEqual([
      409,
      'This product is no longer available: you can lower the quantity or remove it from your basket',
    ]);
    const shrunk = await retail.call('PUT', `/api/cart/${lineId}`, { quantity: 1 });
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.data.line_items.map((i: { quantity: number }) => i.quantity)).toEqual([1]);
    const tradeGrown = await trade.call('PUT', `/api/cart/${tradeLine}`, { quantity: 3 });
    expect(tradeGrown.status).toBe(200);
    expect(tradeGrown.body.data.line_items.map((i: { quantity: number }) => i.quantity)).toEqual([
      3,
    ]);
    expect((await retail.call('DELETE', `/api/cart/${lineId}`)).body.data.line_items).toEqual([]);
    // Withdrawn from sale altogether: no buyer's line grows.
    const db = t.database.handle.db;
    await db.execute(sql`UPDATE products SET status = 'draft' WHERE id = ${fixture.id}`);
    expect((await trade.call('PUT', `/api/cart/${tradeLine}`, { quantity: 4 })).status).toBe(409);
    await db.execute(sql`UPDATE products SET status = 'publish' WHERE id = ${fixture.id}`);
    await saveTradeOnly(false);
  });
});
