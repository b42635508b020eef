import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { TAXONOMY_MESSAGES } from '#domain/admin-taxonomy.ts';
import { staffOfEveryRole as signedInStaff, StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await signedInStaff(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('categories and attribute terms', () => {
  it('adds and renames a category and a term; the storefront sees them at once', async () => {
    const added = await manager.call('POST', '/api/admin/categories', {
      name: 'Terrazzo Tiles',
      slug: 'terrazzo-tiles',
      section: 'stone-collection',
    });
    expect(added.status).toBe(201);
    const renamed = await manager.call('PUT', `/api/admin/categories/${added.body.data.id}`, {
      name: 'Terrazzo',
      slug: 'terrazzo',
      section: 'stone-collection',
      position: 3,
    });
    expect(renamed.body.data).toMatchObject({ name: 'Terrazzo', slug: 'terrazzo', position: 3 });
    // Warm the storefront's terms cache, then add a colour.
    const before = (await t.app.inject({ url: '/api/attribute/8/terms?per_page=100' })).json();
    const term = await owner.call('POST', '/api/admin/attributes/8/terms', {
      name: 'Sea Green',
      slug: 'sea-green',
    });
    expect(term.status).toBe(201);
    const after = (await t.app.inject({ url: '/api/attribute/8/terms?per_page=100' })).json();
    const names = (page: { data?: { name: string }[] } | { name: string }[]) =>
      (Array.isArray(page) ? page : (page.data ?? [])).map((x) => x.name);
    expect(names(before)).not.toContain('Sea Green');
    expect(names(after)).toContain('Sea Green');
    const changed = await owner.call('PUT', `/api/admin/terms/${term.body.data.id}`, {
      name: 'Sea-green',
      slug: 'sea-green',
      position: 1,
    });
    expect(changed.body.data).toMatchObject({ name: 'Sea-green', attribute_id: 8 });
  });

  it('refuses a bad or taken slug and an empty name with the field message', async () => {
    const bad = await manager.call('POST', '/api/admin/categories', {
      name: '',
      slug: 'Marble Tiles',
      section: 'x y',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: TAXONOMY_MESSAGES.nameRequired,
      slug: TAXONOMY_MESSAGES.slugInvalid,
      section: TAXONOMY_MESSAGES.sectionRequired,
    });
    const [existing] = await queryRows<{ slug: string }>(
      t.app.services.db,
      sql`SELECT slug FROM categories ORDER BY id LIMIT 1`,
    );
    const taken = await manager.call('POST', '/api/admin/categories', {
      name: 'Again',
      slug: existing!.slug,
      section: 'stone-collection',
    });
    expect(taken.body.fields).toEqual({ slug: TAXONOMY_MESSAGES.slugTaken });
    const term = await manager.call('POST', '/api/admin/attributes/8/terms', {
      name: 'White again',
      slug: 'white',
    });
    expect(term.body.fields).toEqual({ slug: TAXONOMY_MESSAGES.slugTaken });
    expect(
      (await manager.call('POST', '/api/admin/attributes/99/terms', { name: 'X', slug: 'x' }))
        .status,
    ).toBe(404);
  });
});
