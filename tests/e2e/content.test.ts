import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PAGES, FAQ_TOPICS } from '#db/seed/content/pages.ts';
import { COMPANY_NAME, SHOP_ADDRESS } from '#domain/company.ts';
import { CONSENT_COOKIE } from '#domain/cookie-names.ts';
import { ENQUIRY_MESSAGES } from '#domain/enquiry.ts';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { MESSAGES } from '#domain/validation.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { hydrated, launchBrowser, openPage, PHONE, notShown, shown } from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };
const VIEWPORTS = [
  ['1440 px', WIDE],
  ['375 px', PHONE],
] as const;

/** The CMS pages the spec names, each at its own path. */
const CMS_ROUTES = [
  'about-us',
  'delivery-information',
  'return-refund-policy',
  'privacy-policy',
  'terms-and-conditions',
  'sealing-and-maintenance',
  'installation',
  'adhevise-grout-advise',
  'reviews',
  'contact-us',
  'samples',
];

const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  path: string,
  viewport: { width: number; height: number } = WIDE,
  base?: string,
) {
  const fixture = await openPage(browser, viewport);
  const response = await fixture.page.goto(base ? `${base}${path}` : path);
  await hydrated(fixture.page);
  return { ...fixture, response };
}

const plainTitle = (slug: string) => PAGES.find((p) => p.slug === slug)!.title;

/** A sentence of the page's own copy, to prove its HTML was rendered. */
function firstParagraph(slug: string): string {
  const html = PAGES.find((p) => p.slug === slug)!.html;
  const text = /<p>([^<]{30,})/.exec(html)![1]!;
  return text.slice(0, 40);
}

describe.each(VIEWPORTS)('CMS pages at %s', (_name, viewport) => {
  it.each(CMS_ROUTES)('/%s is rendered on the server with its title and copy', async (slug) => {
    const { page, response, errors, context } = await open(`/${slug}`, viewport);
    expect(response?.status()).toBe(200);
    const html = await response!.text();
    const copy = firstParagraph(slug).replace(/'/g, '&#x27;').slice(0, 20);
    expect(html).toContain(copy);
    // In reading order: not a spinner first, with the copy sent after the footer to swap in.
    expect(html).not.toContain('Loading page');
    expect(html.indexOf(copy)).toBeLessThan(html.indexOf('<footer'));
    await shown(page.getByRole('heading', { level: 1, name: plainTitle(slug) }));
    await shown(page.getByText(firstParagraph(slug)).first());
    await expect.poll(() => page.title()).toBe(`${plainTitle(slug)} | Tessera`);
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('client navigation to a CMS page', () => {
  it('shows the spinner while the page loads, then the page', async () => {
    const { page, errors, context } = await open('/about-us');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/wp-json/wp/v2/pages?slug=installation*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Installation' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading page' }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Installation' }).waitFor();
    expect(page.url()).toMatch(/\/installation$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Error loading page when the page cannot be loaded', async () => {
    const { page, context } = await open('/about-us');
    await page.route('**/wp-json/wp/v2/pages?slug=delivery-information*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Delivery Information' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error loading page' }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(0);
    await context.close();
  });

  it('shows Error loading page when the CMS answers no data', async () => {
    const { page, context } = await open('/about-us');
    await page.route('**/wp-json/wp/v2/pages?slug=privacy-policy*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error loading page' }).waitFor();
    await context.close();
  });
});

describe.each(VIEWPORTS)('FAQ at %s', (_name, viewport) => {
  it('shows the six topics as an accordion, one answer open at a time', async () => {
    const { page, errors, context } = await open('/faq', viewport);
    await shown(page.getByRole('heading', { level: 1, name: 'FAQ' }));
    const questions = async () =>
      (await page.getByRole('heading', { level: 3 }).allInnerTexts()).map((q) =>
        q.replace(/\s*\+$/, ''),
      );
    await expect.poll(questions).toEqual(FAQ_TOPICS.map((t) => t.question));
    for (const topic of FAQ_TOPICS) {
      await expect
        .poll(() =>
          page.getByRole('button', { name: topic.question }).getAttribute('aria-expanded'),
        )
        .toBe('false');
    }

    const delivery = page.getByRole('button', { name: 'Delivery timing' });
    await notShown(page.getByText('3-5 working days'));
    await delivery.click();
    await expect.poll(() => delivery.getAttribute('aria-expanded')).toBe('true');
    await shown(page.getByRole('region', { name: 'Delivery timing' }));
    await page.getByText('3-5 working days').waitFor();

    await page.getByRole('button', { name: 'Stock availability and payment' }).click();
    await page.getByText('10% extra').first().waitFor();
    await expect.poll(() => delivery.getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(VIEWPORTS)(
  'contact at %s on the shared server (no map tiles configured)',
  (_n, viewport) => {
    it('stays usable: the address is shown and the map area says the map is unavailable', async () => {
      const { page, errors, context } = await open('/contact-us', viewport);
      const map = page.getByRole('region', { name: 'Map of our showroom' });
      await shown(map);
      await shown(map.getByText('The map is not available right now.'));
      const address = page.getByRole('region', { name: 'Find us' });
      await shown(address.getByText(SHOP_ADDRESS[0]!));
      await expect
        .poll(() => page.getByRole('link', { name: 'Open in OpenStreetMap' }).getAttribute('href'))
        .toMatch(/openstreetmap\.org\/\?mlat=51\.4487&mlon=-2\.5672/);
      expect(errors).toEqual([]);
      await context.close();
    });
  },
);

describe.each(VIEWPORTS)('Get Quote (/contact) at %s', (_n, viewport) => {
  it('validates, then sends the enquiry and confirms it', async () => {
    const { page, errors, context } = await open('/contact', viewport);
    await shown(page.getByRole('heading', { level: 1, name: 'Get a Quote' }));
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByText(ENQUIRY_MESSAGES.nameRequired).waitFor();
    await shown(page.getByText(MESSAGES.emailRequired));
    await shown(page.getByText(ENQUIRY_MESSAGES.messageRequired));

    await page.getByLabel('Name', { exact: true }).fill('Priya Shah');
    await page.getByLabel('Email', { exact: true }).fill('priya@example.com');
    await page.getByLabel('Phone (optional)').fill('07700 900123');
    await page
      .getByLabel('Tell us about your project')
      .fill('Tumbled travertine for a 30 m² patio in Bath.');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByRole('status').filter({ hasText: ENQUIRY_MESSAGES.sent }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('newsletter', () => {
  it('subscribes from the footer box with a clear confirmation, and refuses a bad address', async () => {
    const { page, errors, context } = await open('/about-us');
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByLabel('Email address').fill('not-an-email');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('alert').filter({ hasText: MESSAGES.emailInvalid }).waitFor();

    const reader = `reader-${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill(reader);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).waitFor();
    await expect.poll(() => form.getByLabel('Email address').inputValue()).toBe('');

    // Double opt-in: the address joins the list from the link of the one mail it was sent.
    const mails = () => outboxMails(inject('dataDir'), reader);
    await expect.poll(() => mails().length).toBe(1);
    const link = new URL(
      /https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mails()[0]!.text)![0],
    );
    await page.goto(`${link.pathname}${link.search}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.confirmed }).waitFor();
    await expect.poll(() => mails().length).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('subscribes on a 375 px phone from the collapsed footer section', async () => {
    const { page, errors, context } = await open('/faq', PHONE);
    await page.getByRole('contentinfo').getByRole('button', { name: 'Newsletter' }).click();
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByLabel('Email address').fill(`phone-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await form.getByRole('status').filter({ hasText: NEWSLETTER_MESSAGES.subscribed }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains an unsubscribe link without a token, and refuses an unknown one', async () => {
    const { page, context } = await open('/newsletter/unsubscribe');
    await page.getByRole('alert').filter({ hasText: NEWSLETTER_MESSAGES.linkInvalid }).waitFor();
    await context.close();

    const second = await open('/newsletter/unsubscribe?token=unknown-token');
    await second.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await second.page
      .getByRole('alert')
      .filter({ hasText: NEWSLETTER_MESSAGES.linkInvalid })
      .waitFor();
    await second.context.close();
  });
});

describe('with a map tile source and a reviews widget configured', () => {
  let shop: TestApp;
  let base: string;
  beforeAll(async () => {
    shop = await createTestApp({
      buildDir: resolve(process.env.BUILD_DIR ?? 'build'),
      config: {
        MAP_TILE_URL: 'https://tiles.test/{z}/{x}/{y}.png',
        REVIEWS_WIDGET_SRC: 'https://reviews.test/widget.js',
      },
    });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  // The map and the widget load only with consent (tests/e2e/consent.test.ts asks for it).
  async function allowEmbeds(page: Page) {
    await page.context().addCookies([{ name: CONSENT_COOKIE, value: 'all', url: base }]);
  }

  async function withTiles(page: Page, answer: 'serve' | 'fail') {
    await allowEmbeds(page);
    await page.route('https://tiles.test/**', (route) =>
      answer === 'serve'
        ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG })
        : route.abort('failed'),
    );
  }

  it.each(VIEWPORTS)(
    'shows the map with its tiles and the showroom marker at %s',
    async (_n, viewport) => {
      const fixture = await openPage(browser, viewport);
      await withTiles(fixture.page, 'serve');
      const tile = fixture.page.waitForRequest((r) => r.url().startsWith('https://tiles.test/15/'));
      await fixture.page.goto(`${base}/contact-us`);
      await hydrated(fixture.page);
      await tile;
      const map = fixture.page.getByRole('region', { name: 'Map of our showroom' });
      await map.getByTitle(`${COMPANY_NAME} showroom`).waitFor();
      expect(fixture.errors).toEqual([]);
      await fixture.context.close();
    },
  );

  it('keeps the page usable when the tiles fail to load', async () => {
    const fixture = await openPage(browser, WIDE);
    await withTiles(fixture.page, 'fail');
    await fixture.page.goto(`${base}/contact-us`);
    await hydrated(fixture.page);
    const map = fixture.page.getByRole('region', { name: 'Map of our showroom' });
    await map.getByTitle(`${COMPANY_NAME} showroom`).waitFor();
    await shown(fixture.page.getByText(SHOP_ADDRESS[0]!).first());
    await shown(fixture.page.getByRole('heading', { level: 1, name: 'Contact Us' }));
    await fixture.context.close();
  });

  it('injects the reviews widget script, allowed by the page’s CSP', async () => {
    const fixture = await openPage(browser, WIDE);
    await allowEmbeds(fixture.page);
    await fixture.page.route('https://reviews.test/widget.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        // Like real widgets, it waits for the element it fills.
        body: `const fill = () => { document.getElementById('reviews-widget').textContent = 'Rated 4.9 out of 5 from 312 reviews'; };
          document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', fill) : fill();`,
      }),
    );
    const response = await fixture.page.goto(`${base}/reviews`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
    expect(response?.headers()['content-security-policy']).toMatch(
      /script-src [^;]*https:\/\/reviews\.test/,
    );
    await hydrated(fixture.page);
    await fixture.page.getByText('Rated 4.9 out of 5 from 312 reviews').waitFor();
    expect(fixture.errors).toEqual([]);
    await fixture.context.close();
  });

  it('injects no widget script where none is configured', async () => {
    const { page, response, context } = await open('/reviews');
    expect(response?.headers()['content-security-policy']).not.toContain('reviews.test');
    await expect.poll(() => page.locator('script[src*="widget"]').count()).toBe(0);
    await context.close();
  });
});
