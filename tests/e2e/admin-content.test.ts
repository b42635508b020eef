import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { generateSync } from 'otplib';
import type { HomeJson } from '#domain/content-admin.ts';
import { StaffBrowser, TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, docsScreenshot, hydrated, launchBrowser, shown } from './fixtures/browser.ts';
import { startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** The storefront's server-rendered HTML of a path, as an anonymous visitor gets it. */
const html = async (path: string) =>
  (await shop.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })).body;

describe('the back office edits content the storefront shows', () => {
  it('signs in with a TOTP code, edits and publishes a page with the rich-text editor, and the shop shows it', async () => {
    // The page is rendered (and kept in the page cache) before the change.
    expect(await html('/about-us')).toContain('About Us');
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();

    await page.goto(`${base}/admin/content`);
    await page.waitForURL(/\/admin\/sign-in/);
    await hydrated(page);
    await page.getByLabel('Email address').fill(TEST_OWNER.email);
    await page.getByLabel('Password').fill(TEST_OWNER.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const key = page.getByText(/^Key:/).locator('code');
    await shown(key);
    const secret = (await key.textContent())!.trim();
    await page
      .getByLabel('6-digit code from your authenticator app')
      .fill(generateSync({ secret }));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The first sign-in hands out recovery codes, then goes on to the page asked for.
    await page.getByRole('button', { name: 'I have kept them: continue' }).click();

    await page.waitForURL(/\/admin\/content$/);
    // From here on, nothing may go wrong in the page (before, /me answered 401: not signed in).
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.getByRole('link', { name: 'About Us', exact: true }).click();
    await page.waitForURL(/\/admin\/content\/pages\/\d+$/);
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await shown(title);
    await expect.poll(() => title.inputValue()).toBe('About Us');
    // The shop opens this page at its slug: the slug cannot be changed.
    await expect
      .poll(() =>
        page
          .getByRole('textbox', { name: 'Slug (its address on the shop)' })
          .getAttribute('readonly'),
      )
      .toBe('');

    const axeViolations = async () =>
      (await new AxeBuilder({ page }).analyze()).violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`,
      );
    expect(await axeViolations()).toEqual([]);
    await title.fill('About Tessera');
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Stone merchants since 1998.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Every slab chosen by hand.');
    await page.getByRole('button', { name: 'Subheading' }).click();
    await expect
      .poll(() => content.innerHTML())
      .toContain('<h3><strong>Every slab chosen by hand.</strong></h3>');
    await page.getByLabel('Status').selectOption('publish');
    await docsScreenshot(page, 'admin-page-editor', { fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Published.' }));

    const storefront = await context.newPage();
    await storefront.goto(`${base}/about-us`);
    await hydrated(storefront);
    await shown(storefront.getByRole('heading', { level: 1, name: 'About Tessera' }));
    await shown(storefront.getByText('Stone merchants since 1998.'));
    await shown(storefront.getByRole('heading', { level: 3, name: 'Every slab chosen by hand.' }));
    const [wp] = await (
      await shop.app.inject({ method: 'GET', url: '/wp-json/wp/v2/pages?slug=about-us' })
    ).json();
    expect(wp.content.rendered).toBe(
      '<p>Stone merchants since 1998.</p><h3><strong>Every slab chosen by hand.</strong></h3>',
    );

    // Back to a draft: the storefront no longer shows it.
    await page.getByLabel('Status').selectOption('draft');
    await page.getByRole('button', { name: 'Save' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Saved as a draft.' }));
    const hidden = await html('/about-us');
    expect(hidden).not.toContain('Stone merchants since 1998.');
    expect(hidden).toContain('Error loading page');

    // The mega-menu: rename an entry, save, and the shop's menu has it.
    await page.getByRole('link', { name: 'Back to pages and posts' }).click();
    await page.getByRole('link', { name: 'Mega-menu' }).click();
    const entry = page.getByRole('textbox', { name: 'Menu entry 1', exact: true });
    await shown(entry);
    expect(await axeViolations()).toEqual([]);
    await entry.fill('Stone Tiles');
    await page.getByRole('button', { name: 'Save the menu' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Menu saved' }));
    const menu = await shop.app.inject({ method: 'GET', url: '/api/megamenu' });
    expect(menu.json().data[0].title).toBe('Stone Tiles');

    // The home page's slides and tiles: the screen opens with the seeded four and five.
    await page.getByRole('link', { name: 'Home page' }).click();
    await shown(page.getByRole('textbox', { name: 'Slide 1 title' }));
    await expect.poll(() => page.getByRole('textbox', { name: /^Tile \d title$/ }).count()).toBe(5);
    expect(await axeViolations()).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves a changed hero slide and promo tile on the home page at once', async () => {
    const before = await html('/');
    expect(before).toContain('Marble Tiles');
    // An editor of their own: the owner's codes belong to the browser above.
    const editorEmail = 'editor@tessera.test';
    await shop.app.staff.createWithPassword(
      { email: editorEmail, name: 'Editor', role: 'editor', password: 'Carrara-marble-12' },
      null,
    );
    const owner = new StaffBrowser(shop.app);
    expect((await owner.signIn(editorEmail, 'Carrara-marble-12')).answer.status).toBe(200);
    const home: HomeJson = (await owner.call('GET', '/api/admin/home')).body.data;
    const saved = await owner.call('PUT', '/api/admin/home', {
      slides: [{ ...home.slides[0]!, title: 'Portland Stone' }, ...home.slides.slice(1)],
      tiles: [{ ...home.tiles[0]!, title: 'Just Landed' }, ...home.tiles.slice(1)],
    });
    expect(saved.status).toBe(200);
    const after = await html('/');
    expect(after).toContain('Portland Stone');
    expect(after).toContain('Just Landed');

    // A page beyond those the spec names is served at its slug once published, and only then.
    const missing = await shop.app.inject({ method: 'GET', url: '/showroom-opening' });
    expect(missing.statusCode).toBe(404);
    const created = await owner.call('POST', '/api/admin/content/pages', {
      title: 'Our Bristol showroom',
      slug: 'showroom-opening',
      status: 'publish',
      content: '<p>Open six days a week.</p>',
    });
    expect(created.status).toBe(201);
    const served = await shop.app.inject({ method: 'GET', url: '/showroom-opening' });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('Open six days a week.');
    expect(served.body).toContain('<title>Our Bristol showroom | Tessera</title>');
    await owner.call('PUT', `/api/admin/content/pages/${created.body.data.id}`, {
      title: 'Our Bristol showroom',
      slug: 'showroom-opening',
      status: 'draft',
      content: '<p>Open six days a week.</p>',
    });
    expect((await shop.app.inject({ method: 'GET', url: '/showroom-opening' })).statusCode).toBe(
      404,
    );
  });
});
