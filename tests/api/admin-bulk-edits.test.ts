import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { CATALOGUE_MESSAGES } from '#domain/admin-catalogue.ts';
import {
  load,
  manager,
  owner,
  product,
  t,
  useAdminCatalogueApp,
} from '#tests/setup/admin-catalogue-app.ts';

useAdminCatalogueApp();

describe('bulk edits', () => {
  let ids: number[];
  beforeAll(async () => {
    const rows = await queryRows<{ id: number }>(
      t.app.services.db,
      sql`SELECT id FROM products WHERE status = 'publish' AND id <> ${product.id} ORDER BY id LIMIT 3`,
    );
    ids = rows.map((r) => r.id);
  });

  const prices = async () =>
    queryRows<{ id: number; price_pence: number; regular_price_pence: number | null }>(
      t.app.services.db,
      sql`SELECT id, price_pence, regular_price_pence FROM variations
        WHERE product_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id`,
    );

  it('refuses a bad value or an empty selection with the field message', async () => {
    const percent = await manager.call('POST', '/api/admin/products/bulk/preview', {
      ids,
      action: 'price_percent',
      value: 'ten',
    });
    expect(percent.status).toBe(400);
    expect(percent.body.fields).toEqual({ value: CATALOGUE_MESSAGES.bulkPercentInvalid });
    const none = await manager.call('POST', '/api/admin/products/bulk', {
      ids: [],
      action: 'publish',
    });
    expect(none.body.fields).toEqual({ ids: CATALOGUE_MESSAGES.bulkNothingSelected });
  });

  it('previews before → after per variation, applies, then undoes exactly', async () => {
    const before = await prices();
    const preview = await manager.call('POST', '/api/admin/products/bulk/preview', {
      ids,
      action: 'price_percent',
      value: '12.5',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.products).toBe(3);
    const row = preview.body.data.rows[0];
    expect(row).toMatchObject({
      field: expect.stringMatching(/price/),
      before: expect.any(String),
    });
    expect(await prices()).toEqual(before);

    const applied = await manager.call('POST', '/api/admin/products/bulk', {
      ids,
      action: 'price_percent',
      value: '12.5',
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.changes).toBe(preview.body.data.changes);
    const after = await prices();
    const byId = new Map(before.map((r) => [r.id, r]));
    for (const r of after) {
      const was = byId.get(r.id)!;
      if (was.price_pence === 0) continue;
      expect(r.price_pence).toBe(Math.floor((was.price_pence * 112.5) / 100 + 0.5));
    }
    // The storefront serves the new price at once.
    const one = after.find((r) => r.price_pence > 0)!;
    const [owning] = await queryRows<{ product_id: number }>(
      t.app.services.db,
      sql`SELECT product_id FROM variations WHERE id = ${one.id}`,
    );
    const served = (
      await t.app.inject({ url: `/api/product/${owning!.product_id}/variations` })
    ).json();
    expect(served.find((v: { id: number }) => v.id === one.id).price).toBe(
      (one.price_pence / 100).toFixed(2),
    );

    expect((await manager.call('GET', '/api/admin/products/bulk/last')).body.data).toMatchObject({
      id: applied.body.data.bulk_edit_id,
    });
    const undone = await owner.call('POST', '/api/admin/products/bulk/undo');
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ restored: applied.body.data.changes, skipped: [] });
    expect(await prices()).toEqual(before);
    expect((await manager.call('GET', '/api/admin/products/bulk/last')).body.data).toBeNull();
  });

  it('undo skips and reports a row changed since the bulk edit', async () => {
    const applied = await manager.call('POST', '/api/admin/products/bulk', {
      ids,
      action: 'set_stock',
      value: '7',
    });
    expect(applied.status).toBe(200);
    const changed = applied.body.data.rows[0].variation_id as number;
    await t.app.services.db.execute(
      sql`UPDATE variations SET stock_quantity = 3 WHERE id = ${changed}`,
    );
    const undone = await manager.call('POST', '/api/admin/products/bulk/undo');
    expect(undone.body.data.restored).toBe(applied.body.data.changes - 1);
    expect(undone.body.data.skipped).toEqual([
      expect.objectContaining({ id: changed, reason: 'changed since' }),
    ]);
    expect((await manager.call('POST', '/api/admin/products/bulk/undo')).status).toBe(404);
  });

  it('unpublishes all products matching a filter and the storefront stops listing them', async () => {
    const p = await load(ids[0]);
    const applied = await owner.call('POST', '/api/admin/products/bulk', {
      all: true,
      filter: { q: p.slug },
      action: 'unpublish',
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.products).toBe(1);
    expect((await t.app.inject({ url: `/api/products/slug/${p.slug}` })).statusCode).toBe(404);
    await owner.call('POST', '/api/admin/products/bulk/undo');
    expect((await t.app.inject({ url: `/api/products/slug/${p.slug}` })).statusCode).toBe(200);
  });
});
