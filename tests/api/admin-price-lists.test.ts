import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let editor: StaffBrowser;
let size: { id: number; category_id: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, editor } = await staffOfEveryRole(t.app));
  const [row] = await queryRows<{ id: number; category_id: number }>(
    t.app.services.db,
    sql`SELECT v.id, p.category_ids[1] AS category_id FROM variations v
        JOIN products p ON p.id = v.product_id
        WHERE cardinality(p.category_ids) > 0 ORDER BY v.id LIMIT 1`,
  );
  size = row!;
});
afterAll(async () => {
  await t?.close();
});

describe('price lists', () => {
  it('creates a group, refusing a taken name; non-staff 401, an editor 403', async () => {
    const body = { name: 'Designers', show_ex_vat: false };
    expect((await new ApiShopper(t.app).call('POST', '/api/admin/price-lists', body)).status).toBe(
      401,
    );
    expect((await editor.call('POST', '/api/admin/price-lists', body)).status).toBe(403);
    expect((await editor.call('GET', '/api/admin/price-lists')).status).toBe(403);
    const created = await owner.call('POST', '/api/admin/price-lists', body);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Designers',
      show_ex_vat: false,
      members: 0,
      rules: [],
      version: 1,
    });
    const taken = await owner.call('POST', '/api/admin/price-lists', { name: 'trade' });
    expect(taken.status).toBe(400);
    expect(taken.body.fields).toEqual({ name: 'Another group already has this name' });
    const names = (await owner.call('GET', '/api/admin/price-lists')).body.data.map(
      (g: { name: string }) => g.name,
    );
    expect(names).toEqual(['Designers', 'Trade']);
  });

  it('validates each rule with a message naming its field', async () => {
    const [trade] = (await owner.call('GET', '/api/admin/price-lists')).body.data.filter(
      (g: { name: string }) => g.name === 'Trade',
    );
    const bad = await owner.call('PUT', `/api/admin/price-lists/${trade.id}`, {
      name: 'Trade',
      show_ex_vat: true,
      version: trade.version,
      rules: [
        { kind: 'category_percent', category_id: size.category_id, percent_off: '100' },
        { kind: 'size_price', variation_id: size.id, price: '-2.00' },
        {
          kind: 'size_price',
          price: '4.00',
          starts_at: '2027-01-02T00:00',
          ends_at: '2027-01-01T00:00',
        },
        { kind: 'category_percent', category_id: 999999, percent_off: '5' },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'rules.0.percent_off': 'Enter the percentage off, above 0 and below 100, e.g. 12.5',
      'rules.1.price': 'Enter the trade price in pounds, e.g. 41.25',
      'rules.2.variation_id': 'Choose the size',
      'rules.2.ends_at': 'The end must be after the start',
    });
    const unknown = await owner.call('PUT', `/api/admin/price-lists/${trade.id}`, {
      name: 'Trade',
      show_ex_vat: true,
      version: trade.version,
      rules: [{ kind: 'category_percent', category_id: 999999, percent_off: '5' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ 'rules.0.category_id': 'Choose the category' });
  });

  it('saves the list whole: a price typed ex VAT stored inc VAT, audited, announced; stale is 409', async () => {
    const [trade] = (await owner.call('GET', '/api/admin/price-lists')).body.data.filter(
      (g: { name: string }) => g.name === 'Trade',
    );
    const heard: string[] = [];
    const stop = t.app.changes.on((change) => heard.push(change));
    const saved = await owner.call('PUT', `/api/admin/price-lists/${trade.id}`, {
      name: 'Trade',
      show_ex_vat: true,
      version: trade.version,
      rules: [
        { kind: 'category_percent', category_id: size.category_id, percent_off: '12.5' },
        {
          kind: 'size_price',
          variation_id: size.id,
          price: '41.25',
          price_entered: 'ex_vat',
          starts_at: '2026-12-01T09:00',
        },
      ],
    });
    stop();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(heard).toEqual(['prices']);
    expect(saved.body.data.version).toBe(trade.version + 1);
    expect(saved.body.data.rules).toMatchObject([
      { kind: 'category_percent', percent_off: '12.50', price: null },
      {
        kind: 'size_price',
        price: '49.50',
        price_ex_vat: '41.25',
        starts_at: '2026-12-01T09:00:00.000Z',
        ends_at: null,
      },
    ]);
    const [stored] = await queryRows<{ price_pence: number }>(
      t.app.services.db,
      sql`SELECT price_pence FROM price_list_rules WHERE group_id = ${trade.id}
          AND kind = 'size_price'`,
    );
    expect(stored!.price_pence).toBe(4950);
    const [audit] = await queryRows<{ action: string; after: { version: number } }>(
      t.app.services.db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'customer_group'
          AND entity_id = ${String(trade.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'customer_group.save', after: { version: 2 } });

    const stale = await owner.call('PUT', `/api/admin/price-lists/${trade.id}`, {
      name: 'Trade renamed',
      show_ex_vat: false,
      version: trade.version,
      rules: [],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const renamed = await owner.call('PUT', `/api/admin/price-lists/${trade.id}`, {
      name: 'Trade renamed',
      show_ex_vat: false,
      version: saved.body.data.version,
      rules: [],
    });
    expect(renamed.body.data).toMatchObject({
      name: 'Trade renamed',
      show_ex_vat: false,
      rules: [],
    });
    expect((await owner.call('GET', '/api/admin/price-lists/999999')).status).toBe(404);
  });
});
