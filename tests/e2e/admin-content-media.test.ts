import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { AdminContentSummary } from '#domain/content-admin.ts';
import type { MenuNodeShape } from '#domain/api-schemas.ts';
import { StaffBrowser } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, PHONE, hydrated, launchBrowser, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

/** Who works in the browser; the first owner reads what was saved through the API. */
const EDITOR = {
  email: 'content-media@tessera.test',
  password: 'Kilkenny-limestone-4',
  name: 'Content Media',
  role: 'editor',
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

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

/** Whether an image in the page has loaded its picture (not a broken icon). */
const loaded = (image: Locator) =>
  image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

const html = async (path: string) =>
  (await shop.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })).body;

describe('images and menu links without a developer', () => {
  it('inserts an uploaded image into a page, with its description, and shoppers see it', async () => {
    const pages = (await api.call('GET', '/api/admin/content/pages')).body
      .data as AdminContentSummary[];
    const about = pages.find((p) => p.slug === 'about-us')!;
    await page.goto(`/admin/content/pages/${about.id}`);
    await hydrated(page);
    const content = page.getByRole('textbox', { name: 'Content' });
    await shown(content);
    await content.click();
    await page.keyboard.press('Control+End');
    await page.getByRole('button', { name: 'Insert image' }).click();
    const insert = page.getByRole('group', { name: 'Insert an image' });
    await insert.getByLabel('Image file').setInputFiles(await photo('slate.jpg', '#4b4f54'));
    // A description is required before anything is sent.
    await insert.getByRole('button', { name: 'Upload and insert' }).click();
    await shown(insert.getByRole('alert').filter({ hasText: 'Describe the image' }));
    await insert.getByLabel('Image description (alt text)').fill('Honed slate hallway');
    await insert.getByRole('button', { name: 'Upload and insert' }).click();
    const inEditor = content.getByRole('img', { name: 'Honed slate hallway' });
    await shown(inEditor);
    await expect.poll(() => loaded(inEditor)).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Published.' }));

    const saved = (await api.call('GET', `/api/admin/content/pages/${about.id}`)).body.data;
    const img = /<img [^>]*\/>/.exec(saved.content as string)![0];
    const id = /\/media\/upload\/(\d+)-960w\.webp/.exec(img)![1];
    for (const part of [
      `src="/media/upload/${id}-960w.webp"`,
      `srcset="/media/upload/${id}-320w.webp 320w, /media/upload/${id}-480w.webp 480w, /media/upload/${id}-640w.webp 640w, /media/upload/${id}-960w.webp 960w, /media/upload/${id}-1280w.webp 1280w"`,
      'alt="Honed slate hallway"',
      'width="960"',
      'height="640"',
    ])
      expect(img).toContain(part);
    const shopper = await browser.newPage({ baseURL: base, viewport: PHONE });
    await shopper.goto('/about-us');
    const image = shopper.getByRole('img', { name: 'Honed slate hallway' });
    await shown(image);
    await expect.poll(() => loaded(image)).toBe(true);
    await shopper.close();
  });

  it('sets a home banner by upload', async () => {
    await page.goto('/admin/content/home');
    await hydrated(page);
    const slide = page.getByRole('group', { name: 'Image of slide 1' });
    await shown(slide);
    await slide.getByLabel('An uploaded image instead of a generated stone banner').check();
    await slide.getByLabel('Slide 1 image description').fill('Travertine terrace at dusk');
    await slide
      .getByLabel('Slide 1 image file')
      .setInputFiles(await photo('terrace.jpg', '#c9b79c'));
    await slide.getByRole('button', { name: 'Upload the image of slide 1' }).click();
    const preview = slide.getByRole('img', { name: 'Travertine terrace at dusk' });
    await shown(preview);
    await expect.poll(() => loaded(preview)).toBe(true);
    await page.getByRole('button', { name: 'Save the home page' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Home page saved' }));

    const home = (await api.call('GET', '/api/admin/home')).body.data;
    const src = home.slides[0].image.src as string;
    expect(home.slides[0].image).toEqual({
      src: expect.stringMatching(/^\/media\/upload\/\d+-1280w\.webp$/),
      alt: 'Travertine terrace at dusk',
    });
    expect(await html('/')).toContain(src);
    const shopper = await browser.newPage({ baseURL: base, viewport: DESKTOP });
    await shopper.goto('/');
    const banner = shopper.locator(`img[src="${src}"]`).first();
    await shown(banner);
    await expect.poll(() => loaded(banner)).toBe(true);
    await shopper.close();
  });

  it('points a menu entry at a content page, and a shopper follows it on desktop and phone', async () => {
    const tree = (await api.call('GET', '/api/admin/menu')).body.data.tree as MenuNodeShape[];
    const entry = tree[0]!;
    const item = entry.children[0]!.children[0]!;
    const pages = (await api.call('GET', '/api/admin/content/pages')).body
      .data as AdminContentSummary[];
    const delivery = pages.find((p) => p.slug === 'delivery-information')!;

    await page.goto('/admin/content/menu');
    await hydrated(page);
    await page.getByRole('button', { name: 'Choose the link of entry 1.1.1' }).click();
    const picker = page.getByRole('group', { name: 'Link of entry 1.1.1' });
    await picker.getByLabel('Entry 1.1.1 links to').selectOption('page');
    await picker.getByLabel('Page').selectOption(String(delivery.id));
    await page.getByRole('button', { name: 'Save the menu' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Menu saved' }));
    await shown(page.getByText('→ /delivery-information'));
    expect(await html('/')).toContain('href="/delivery-information"');

    const desktop = await browser.newPage({ baseURL: base, viewport: DESKTOP });
    await desktop.goto('/');
    await hydrated(desktop);
    await desktop
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: entry.title })
      .click();
    await desktop.getByRole('link', { name: item.title, exact: true }).first().click();
    await desktop.waitForURL(/\/delivery-information$/);
    await shown(desktop.getByRole('heading', { level: 1, name: delivery.title }));
    await desktop.close();

    const phone = await browser.newPage({ baseURL: base, viewport: PHONE });
    await phone.goto('/');
    await hydrated(phone);
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('button', { name: entry.title }).click();
    await menu.getByRole('link', { name: item.title, exact: true }).click();
    await phone.waitForURL(/\/delivery-information$/);
    await shown(phone.getByRole('heading', { level: 1, name: delivery.title }));
    await phone.close();
    expect(errors).toEqual([]);
  });
});
