import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { TAXONOMY_MESSAGES } from '#domain/admin-taxonomy.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, hydrated, launchBrowser, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

const MANAGER = { email: `manager.${Date.now()}@tessera.test`, password: 'Carrara-marble-12' };
/** Kept for a retry: the page shows the enrolment key at the first sign-in only. */
let managerSecret: string | undefined;

let browser: Browser;
/** A shop of its own: the renamed colour must not reach the other browser tests' listings. */
let shop: TestApp;
let base: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop({ ...MANAGER, name: 'Morgan Manager', role: 'manager' }));
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('categories and attribute terms in the back office', () => {
  it('a manager adds a category, is told a slug is taken, renames a colour the listing then shows', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    managerSecret = await signInStaff(page, { ...MANAGER, secret: managerSecret });
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Categories and terms' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Categories and terms' }).waitFor();

    // The hierarchy: each category under its section.
    const categories = page.getByRole('region', { name: 'Categories' });
    const stoneCollection = categories.getByRole('region', { name: 'Section stone-collection' });
    await shown(stoneCollection.getByRole('button', { name: 'Rename Marble Tiles' }));

    // A stamp keeps a retry's category apart from the first attempt's.
    const slug = `terrazzo-${Date.now().toString(36)}`;
    const add = categories.getByRole('form', { name: 'Add category' });
    await add.getByLabel('Name').fill('Terrazzo Tiles');
    await add.getByLabel(/^Slug/).fill(slug);
    await add.getByLabel('Section').fill('stone-collection');
    await add.getByLabel(/^Position/).fill('30');
    await add.getByRole('button', { name: 'Add category' }).click();
    await shown(categories.getByRole('status').filter({ hasText: 'Terrazzo Tiles added' }));
    await shown(stoneCollection.getByText(`${slug} · position 30`));

    // The same slug again: the server's message for the field, in the form's list.
    await add.getByLabel('Name').fill('Terrazzo again');
    await add.getByLabel(/^Slug/).fill(slug);
    await add.getByRole('button', { name: 'Add category' }).click();
    const problems = add.getByRole('alert', { name: 'Please correct the following' });
    await shown(problems.getByText(TAXONOMY_MESSAGES.slugTaken));
    await expect.poll(() => add.getByLabel(/^Slug/).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => categories.getByText('Terrazzo again').count()).toBe(0);

    expect(
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
      ),
    ).toEqual([]);

    // Rename the colour whose slug is white (its name may be a retry's already).
    const taxonomy = await (await page.request.get('/api/admin/products/taxonomy')).json();
    const white = taxonomy.data.terms.find(
      (t: { attribute_id: number; slug: string }) => t.attribute_id === 8 && t.slug === 'white',
    );
    const colours = page.getByRole('region', { name: 'Colour' });
    await colours.getByRole('button', { name: `Rename ${white.name}` }).click();
    const rename = colours.getByRole('form', { name: `Rename ${white.name}` });
    await rename.getByLabel('Name').fill('Chalk White');
    await rename.getByRole('button', { name: 'Save' }).click();
    await shown(colours.getByRole('status').filter({ hasText: 'Chalk White saved' }));
    await shown(colours.getByRole('button', { name: 'Rename Chalk White' }));

    // The storefront's colour filter names it so at once.
    await page.goto('/collections/stone-collection/marble-tiles');
    await hydrated(page);
    await page.getByRole('button', { name: /^Colour/ }).click();
    await shown(page.getByRole('checkbox', { name: /^Chalk White/ }));
    expect(errors).toEqual([]);
    await context.close();
  });
});
