import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { hydrated, launchBrowser, DESKTOP, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';
import { StaffBrowser } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import type { AdminTaxonomy } from '#domain/admin-catalogue.ts';

/** Who has the forms open in the browser; the first owner saves meanwhile through the API. */
const EDITOR = {
  email: 'stale-forms@tessera.test',
  password: 'Purbeck-marble-7',
  name: 'Stale Forms',
  role: 'owner',
};

let browser: Browser;
let page: Page;
let shop: TestApp;
let base: string;
let api: StaffBrowser;
const errors: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  let owner: StaffBrowser | undefined;
  ({ shop, base, owner } = await startStaffShop(EDITOR));
  api = owner!;
  const context = await browser.newContext({ baseURL: base, viewport: DESKTOP });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await signInStaff(page, EDITOR);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('a stale save in the back office', () => {
  it("a page: shows who changed what, re-applies over the owner's save, or reloads it", async () => {
    const list = await api.call('GET', '/api/admin/content/pages');
    const { id } = list.body.data[0] as { id: number };
    const get = async () => {
      const answer = await api.call('GET', `/api/admin/content/pages/${id}`);
      return answer.body.data as Record<string, unknown> & { title: string; version: number };
    };
    const loaded = await get();
    await page.goto(`/admin/content/pages/${id}`);
    await page.getByRole('heading', { level: 1, name: `Edit page: ${loaded.title}` }).waitFor();
    await hydrated(page);
    const put = (changes: Record<string, unknown>, from: Record<string, unknown>) =>
      api.call('PUT', `/api/admin/content/pages/${id}`, {
        title: from.title,
        slug: from.slug,
        status: from.status,
        content: from.content,
        excerpt: from.excerpt,
        featured_image: from.featured_image,
        featured_image_alt: from.featured_image_alt,
        version: from.version,
        ...changes,
      });
    expect((await put({ excerpt: '<p>Cut in Bath</p>' }, loaded)).status).toBe(200);

    const form = page.getByRole('form', { name: 'Page' });
    await form.getByLabel('Title').fill(`${loaded.title}, revised`);
    await form.getByRole('button', { name: 'Save' }).click();
    await shown(
      form.getByRole('alert').filter({
        hasText: 'Someone else saved this since you opened it (owner@tessera.test, excerpt)',
      }),
    );
    await form.getByRole('button', { name: 'Re-apply my changes' }).click();
    await shown(form.getByRole('status').filter({ hasText: 'Your changes are back on top' }));
    await expect.poll(() => form.getByLabel('Title').inputValue()).toBe(`${loaded.title}, revised`);
    await expect.poll(() => form.getByLabel(/^Excerpt/).inputValue()).toBe('Cut in Bath');
    await form.getByRole('button', { name: 'Save' }).click();
    await shown(form.getByRole('status').filter({ hasText: /Published|Saved as a draft/ }));
    const saved = await get();
    expect(saved).toMatchObject({
      title: `${loaded.title}, revised`,
      excerpt: '<p>Cut in Bath</p>',
    });

    // Reload instead: the colleague's version replaces what was typed here.
    expect((await put({ title: loaded.title }, saved)).status).toBe(200);
    await form.getByLabel('Title').fill('Typed then dropped');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('heading', { level: 1, name: `Edit page: ${loaded.title}` }).waitFor();
    await expect
      .poll(() => page.getByRole('form', { name: 'Page' }).getByLabel('Title').inputValue())
      .toBe(loaded.title);
    expect((await get()).title).toBe(loaded.title);
    expect(errors).toEqual([]);
  });

  it("a category: shows who changed what, re-applies over the owner's save, or reloads it", async () => {
    const taxonomy = await api.call('GET', '/api/admin/products/taxonomy');
    type Category = AdminTaxonomy['categories'][number];
    const first = taxonomy.body.data.categories[0] as Category;
    const get = async () =>
      (
        (await api.call('GET', '/api/admin/products/taxonomy')).body.data.categories as Category[]
      ).find((c) => c.id === first.id)!;
    const put = (from: Category, changes: Partial<Category>) =>
      api.call('PUT', `/api/admin/categories/${first.id}`, {
        name: from.name,
        slug: from.slug,
        section: from.section,
        position: from.position,
        version: from.version,
        ...changes,
      });
    await page.goto('/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories and terms' }).waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: `Rename ${first.name}`, exact: true }).click();
    const form = page.getByRole('form', { name: `Rename ${first.name}` });
    await form.waitFor();
    expect((await put(first, { position: first.position + 7 })).status).toBe(200);

    await form.getByLabel('Name').fill(`${first.name} Honed`);
    await form.getByRole('button', { name: 'Save' }).click();
    await shown(
      form.getByRole('alert').filter({
        hasText: 'Someone else saved this since you opened it (owner@tessera.test, position)',
      }),
    );
    await form.getByRole('button', { name: 'Re-apply my changes' }).click();
    await shown(form.getByRole('status').filter({ hasText: 'Your changes are back on top' }));
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(`${first.name} Honed`);
    await expect
      .poll(() => form.getByLabel(/^Position/).inputValue())
      .toBe(String(first.position + 7));
    await form.getByRole('button', { name: 'Save' }).click();
    await shown(page.getByRole('status').filter({ hasText: `${first.name} Honed saved` }));
    const saved = await get();
    expect(saved).toMatchObject({ name: `${first.name} Honed`, position: first.position + 7 });

    // Reload instead: the colleague's version replaces what was typed here.
    await page.getByRole('button', { name: `Rename ${saved.name}`, exact: true }).click();
    const again = page.getByRole('form', { name: `Rename ${saved.name}` });
    await again.waitFor();
    expect((await put(saved, { name: first.name })).status).toBe(200);
    await again.getByLabel('Name').fill('Typed then dropped');
    await again.getByRole('button', { name: 'Save' }).click();
    await again.getByRole('button', { name: 'Reload the category' }).click();
    const reloaded = page.getByRole('form', { name: `Rename ${first.name}` });
    await reloaded.waitFor();
    // The form takes the reloaded values as it re-renders: wait for them to be shown.
    await expect.poll(() => reloaded.getByLabel('Name').inputValue()).toBe(first.name);
    expect((await get()).name).toBe(first.name);
    expect(errors).toEqual([]);
  });

  it("the menu: shows the owner's save, re-applies this menu over it, or reloads it", async () => {
    type Node = { title: string; children: Node[] };
    const get = async () =>
      (await api.call('GET', '/api/admin/menu')).body.data as { tree: Node[]; version: number };
    const put = (tree: Node[], version: number) =>
      api.call('PUT', '/api/admin/menu', { tree, version });
    const loaded = await get();
    const [first, second] = loaded.tree as [Node, Node];
    await page.goto('/admin/content/menu');
    await page.getByRole('heading', { level: 1, name: 'Mega-menu' }).waitFor();
    await hydrated(page);
    const entries = page.getByRole('region', { name: 'Menu entries' });
    await entries.getByLabel('Menu entry 1', { exact: true }).waitFor();
    const owners = [{ ...first, title: `${first.title} (owner)` }, ...loaded.tree.slice(1)];
    expect((await put(owners, loaded.version)).status).toBe(200);

    await entries.getByLabel('Menu entry 2', { exact: true }).fill(`${second.title} Plus`);
    await entries.getByRole('button', { name: 'Save the menu' }).click();
    await shown(
      entries
        .getByRole('alert')
        .filter({ hasText: /Someone else saved this since you opened it \(owner@tessera\.test/ }),
    );
    await entries.getByRole('button', { name: 'Re-apply my changes' }).click();
    await shown(entries.getByRole('status').filter({ hasText: 'Your menu is back on top' }));
    await expect
      .poll(() => entries.getByLabel('Menu entry 2', { exact: true }).inputValue())
      .toBe(`${second.title} Plus`);
    await entries.getByRole('button', { name: 'Save the menu' }).click();
    await shown(entries.getByRole('status').filter({ hasText: 'Menu saved' }));
    const saved = await get();
    expect(saved.tree.map((node) => node.title).slice(0, 2)).toEqual([
      first.title,
      `${second.title} Plus`,
    ]);
    expect(saved.version).toBeGreaterThan(loaded.version + 1);

    // Reload instead: the owner's menu replaces what was typed here.
    expect((await put(owners, saved.version)).status).toBe(200);
    await entries.getByLabel('Menu entry 2', { exact: true }).fill('Typed then dropped');
    await entries.getByRole('button', { name: 'Save the menu' }).click();
    await entries.getByRole('button', { name: 'Reload the menu' }).click();
    await expect
      .poll(() => entries.getByLabel('Menu entry 1', { exact: true }).inputValue())
      .toBe(`${first.title} (owner)`);
    await expect
      .poll(() => entries.getByLabel('Menu entry 2', { exact: true }).inputValue())
      .toBe(second.title);
    expect((await get()).tree[1]!.title).toBe(second.title);
    expect(errors).toEqual([]);
  });
});
