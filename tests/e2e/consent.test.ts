// Consent before the non-essential embeds: the reviews widget and the map make no request until
// the shopper allows them; the choice is remembered across reloads and can be withdrawn.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CONSENT_COOKIE } from '#domain/cookie-names.ts';
import { SHOP_COOKIES } from '#domain/cookies.ts';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  notShown,
  openPage,
  PHONE,
  shown,
} from './fixtures/browser.ts';

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['375 px', PHONE],
] as const;
const WIDGET = 'https://reviews.test/widget.js';
const WIDGET_TEXT = 'Rated 4.9 out of 5 from 312 reviews';
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
let shop: ServerProcess;
let base: string;
const dataDir = mkdtempSync(join(tmpdir(), 'tessera-consent-'));
beforeAll(async () => {
  browser = await launchBrowser();
  // A shop of its own, with both non-essential embeds configured.
  shop = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAP_TILE_URL: 'https://tiles.test/{z}/{x}/{y}.png',
      REVIEWS_WIDGET_SRC: WIDGET,
    },
    { readyTimeoutMs: 300_000 },
  );
  base = shop.url;
}, 330_000);
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Serves the third parties and counts every request the page makes to them. */
async function thirdParties(page: Page) {
  const requests = { reviews: 0, tiles: 0 };
  await page.route('https://reviews.test/**', (route) => {
    requests.reviews += 1;
    return route.fulfill({
      contentType: 'text/javascript',
      body: `document.getElementById('reviews-widget').textContent = '${WIDGET_TEXT}';`,
    });
  });
  await page.route('https://tiles.test/**', (route) => {
    requests.tiles += 1;
    return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
  });
  return requests;
}

/** The layout shift of the page so far, as the browser counts it (without shifts after input). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        new PerformanceObserver((list) => {
          let sum = 0;
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[]) {
            if (!entry.hadRecentInput) sum += entry.value;
          }
          done(sum);
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => done(0), 500);
      }),
  );

const consentCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE)?.value;

describe.each(VIEWPORTS)('consent at %s', (name, viewport) => {
  it('loads the reviews widget only once allowed, remembers the choice and lets it be withdrawn', async () => {
    const { page, context, errors } = await openPage(browser, viewport, base);
    const requests = await thirdParties(page);
    await page.goto(`${base}/reviews`);
    await hydrated(page);

    const banner = page.getByRole('dialog', { name: 'Cookies and embedded content' });
    await shown(banner);
    const placeholder = page.getByText('The reviews widget comes from reviews.test');
    await shown(placeholder);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    const box = await banner.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(viewport.width);
    if (name === '375 px') await docsScreenshot(page, 'consent-banner-375');
    else await docsScreenshot(page, 'consent-banner');
    expect(requests.reviews).toBe(0);
    await expect.poll(() => page.locator('#reviews-widget').count()).toBe(0);

    // Reject, from the keyboard: the banner goes, the widget stays away, and after a reload too.
    await banner.getByRole('button', { name: 'Reject non-essential' }).focus();
    await page.keyboard.press('Enter');
    await notShown(banner);
    await expect.poll(() => consentCookie(page)).toBe('essential');
    await page.reload();
    await hydrated(page);
    await shown(placeholder);
    await expect.poll(() => banner.count()).toBe(0);
    expect(requests.reviews).toBe(0);

    // Changed from the footer's Cookie settings: the dialog takes the focus and says the choice.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await shown(banner);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Cookies and embedded content');
    await shown(banner.getByText('Your choice now: essential cookies only.'));
    await banner.getByRole('button', { name: 'Allow all' }).click();
    await notShown(banner);
    await shown(page.getByText(WIDGET_TEXT));
    expect(requests.reviews).toBe(1);
    await expect.poll(() => consentCookie(page)).toBe('all');

    await page.reload();
    await hydrated(page);
    await shown(page.getByText(WIDGET_TEXT));
    await expect.poll(() => banner.count()).toBe(0);

    // Withdrawn: the widget goes at once, and no later page asks its host for anything.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await shown(placeholder);
    await expect.poll(() => page.locator('#reviews-widget').count()).toBe(0);
    const before = requests.reviews;
    await page.reload();
    await hydrated(page);
    await shown(placeholder);
    expect(requests.reviews).toBe(before);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the map tiles from loading until the map is allowed in its placeholder', async () => {
    const { page, context, errors } = await openPage(browser, viewport, base);
    const requests = await thirdParties(page);
    await page.goto(`${base}/contact-us`);
    await hydrated(page);
    const map = page.getByRole('region', { name: 'Map of our showroom' });
    await shown(map.getByText('The map comes from tiles.test'));
    expect(requests.tiles).toBe(0);
    await map.getByRole('button', { name: 'Allow and show the map' }).click();
    await map.locator('img[src^="https://tiles.test/"]').first().waitFor({ state: 'attached' });
    await expect.poll(() => requests.tiles).toBeGreaterThan(0);
    // Allowing here is the same choice as the banner's: it is asked no more.
    await notShown(page.getByRole('dialog', { name: 'Cookies and embedded content' }));
    await expect.poll(() => consentCookie(page)).toBe('all');
    expect(errors).toEqual([]);
    await context.close();
  });
});

it('lists every cookie of the shop on the cookie page, linked from the footer', async () => {
  const { page, context, errors } = await openPage(browser, DESKTOP, base);
  await thirdParties(page);
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: 'essential', url: base }]);
  await page.goto(`${base}/privacy-policy`);
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy' }).click();
  await shown(page.getByRole('heading', { level: 1, name: 'Cookie Policy' }));
  const rows = page.getByRole('table', { name: 'Cookies the shop sets' }).getByRole('rowheader');
  await expect.poll(() => rows.allInnerTexts()).toEqual(SHOP_COOKIES.map((c) => c.name));
  await docsScreenshot(page, 'cookie-page', { fullPage: true });
  await page.goBack();
  await page.getByRole('main').getByRole('link', { name: 'cookie policy' }).click();
  await shown(page.getByRole('heading', { level: 1, name: 'Cookie Policy' }));
  expect(errors).toEqual([]);
  await context.close();
});
