import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { SEEDED_IDENTITY, COMPANY_NUMBER, VAT_NUMBER } from '#domain/company.ts';

const OPENING_HOURS = SEEDED_IDENTITY.opening_hours;
import { STONE_COLLECTION_CATEGORIES } from '#domain/catalogue.ts';
import { hydrated, launchBrowser, openPage, PHONE, notShown, shown } from './fixtures/browser.ts';

const WIDE = { width: 1440, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, viewport = WIDE) {
  const fixture = await openPage(browser, viewport);
  const response = await fixture.page.goto(path);
  await hydrated(fixture.page);
  return { ...fixture, response };
}

const href = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).getAttribute('href');

describe('header on a 1440 px desktop', () => {
  it('puts the first two menu entries left of the logo and the rest right', async () => {
    const { page, errors, context } = await open('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const logo = (await nav.getByRole('link', { name: 'Tessera home' }).boundingBox())!;
    const x = async (name: string) => (await nav.getByRole('button', { name }).boundingBox())!.x;
    expect(await x('Stone Collection')).toBeLessThan(logo.x);
    expect(await x('Custom Stonework')).toBeLessThan(logo.x);
    expect(await x('Design & Pattern Collection')).toBeGreaterThan(logo.x);
    expect(await x('Stone Project')).toBeGreaterThan(logo.x);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a panel of links built by the spec rules, and closes it on choice', async () => {
    const { page, errors, context, response } = await open('/');
    // Served in the page's markup (for crawlers), though the browser wires them at first open.
    expect(await response!.text()).toContain('href="/colour/beige-browns"');
    const trigger = page.getByRole('button', { name: 'Stone Collection' });
    await trigger.click();
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
    const links: [string, string][] = [
      ['Marble Tiles', '/collections/stone-collection/marble-tiles'],
      ['Stone Mosaic Tiles', '/collections/stone-collection/stone-mosaic-tiles'],
      ['Off-Cut Granite & Quartz', '/collections/off-cut-granite-quartz'],
      ['Beige & Browns', '/colour/beige-browns'],
      ['Wet Room', '/room-type-usage/wet-room'],
      ['Split Face', '/finish/split-face'],
      ['View All Collections', '/collections'],
      ['Get Quote', '/contact'],
    ];
    for (const [name, target] of links) await expect.poll(() => href(page, name)).toBe(target);
    // Followed in the page, not by loading a new one: what the page set survives.
    await page.evaluate(() => ((window as { kept?: boolean }).kept = true));
    await page.getByRole('link', { name: 'Marble Tiles', exact: true }).click();
    await page.waitForURL('**/collections/stone-collection/marble-tiles');
    await page.getByRole('heading', { name: 'Marble Tiles', level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as { kept?: boolean }).kept)).toBe(true);
    await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.getByRole('link', { name: 'Beige & Browns' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('links the other sections by their rules; groups without a rule show plain text', async () => {
    const { page, context } = await open('/');
    await page.getByRole('button', { name: 'Custom Stonework' }).click();
    await expect
      .poll(() => href(page, 'Mouldings and Skirtings'))
      .toBe('/collections/stone-collection/mouldings-skirtings');
    await expect
      .poll(() => href(page, 'Stone Sinks'))
      .toBe('/collections/custom-stonework/stone-sinks');
    await page.getByRole('button', { name: 'Design & Pattern Collection' }).click();
    await expect
      .poll(() => href(page, 'Herringbone Tiles'))
      .toBe('/collections/design-pattern-collection/herringbone-tiles');
    await page.getByRole('button', { name: 'Stone Project' }).click();
    await expect
      .poll(() => href(page, 'Stock Clearance'))
      .toBe('/stone-collection/stock-clearance');
    await expect.poll(() => page.getByRole('link', { name: 'Free Samples' }).count()).toBe(0);
    await shown(page.getByText('Free Samples', { exact: true }));
    await context.close();
  });

  it('closes on Escape (focus back on the entry), on the overlay, and 300 ms after the pointer leaves', async () => {
    const { page, context } = await open('/');
    const trigger = page.getByRole('button', { name: 'Stone Collection' });
    const panelLink = page.getByRole('link', { name: 'Marble Tiles', exact: true });

    await trigger.click();
    await panelLink.focus();
    await page.keyboard.press('Escape');
    await panelLink.waitFor({ state: 'hidden' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    await trigger.click();
    await page.mouse.click(700, 880);
    await panelLink.waitFor({ state: 'hidden' });

    await trigger.click();
    await panelLink.hover();
    const left = Date.now();
    await page.mouse.move(700, 5);
    await panelLink.waitFor({ state: 'hidden' });
    expect(Date.now() - left).toBeGreaterThanOrEqual(300);
    await context.close();
  });

  it('searches all products from the search box', async () => {
    const { page, errors, context } = await open('/');
    const search = page.getByRole('searchbox', { name: 'Search for products' });
    await expect.poll(() => search.getAttribute('placeholder')).toBe('Search for products...');
    await search.fill('  honed marble ');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/stone-collection/all-products');
    expect(new URL(page.url()).searchParams.get('search')).toBe('honed marble');
    await expect.poll(() => search.inputValue()).toBe('honed marble');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the account link and the basket', async () => {
    const { page, context } = await open('/');
    await expect.poll(() => href(page, 'My account')).toBe('/my-account');
    await shown(page.getByRole('link', { name: 'My account' }));
    await shown(page.getByRole('button', { name: /Basket/ }));
    await context.close();
  });
});

describe('footer', () => {
  const columns: Record<string, [string, string][]> = {
    Company: [
      ['About Us', '/about-us'],
      ['Samples', '/samples'],
      ['Discover Our Blog', '/blog'],
      ['Reviews', '/reviews'],
      ['Trade Accounts', '/my-account/trade'],
    ],
    Support: [
      ['Contact Us', '/contact-us'],
      ['FAQ', '/faq'],
      ['Privacy Policy', '/privacy-policy'],
      ['Cookie Policy', '/cookies'],
      ['Terms & Conditions', '/terms-and-conditions'],
      ['Delivery Information', '/delivery-information'],
      ['Return & Refund Policy', '/return-refund-policy'],
      ['Complaints', '/complaints'],
    ],
    'Advice From Specialist': [
      ['Installation', '/installation'],
      ['Adhesive & Grout Advice', '/adhevise-grout-advise'],
      ['Sealing Maintenance Advice', '/sealing-and-maintenance'],
    ],
  };

  it('shows address, exact opening hours, company and VAT numbers and the three columns', async () => {
    const { page, errors, context } = await open('/');
    const footer = page.getByRole('contentinfo');
    for (const line of OPENING_HOURS) {
      await shown(footer.getByText(line, { exact: true }));
    }
    expect(OPENING_HOURS).toEqual([
      'Mon-Fri 9:00am-5:30pm',
      'Weekends and bank holidays closed',
      'Saturday by appointment',
    ]);
    const text = () => footer.innerText();
    await expect.poll(text).toContain('Feeder Road');
    await expect.poll(text).toContain(`company number ${COMPANY_NUMBER}`);
    await expect.poll(text).toContain(`VAT number ${VAT_NUMBER}`);
    for (const [title, links] of Object.entries(columns)) {
      await shown(footer.getByRole('heading', { name: title }));
      for (const [name, target] of links) {
        const link = footer.getByRole('link', { name, exact: true });
        await expect.poll(() => link.getAttribute('href')).toBe(target);
        await shown(link);
      }
    }
    await shown(footer.getByRole('heading', { name: 'Newsletter' }));
    await expect
      .poll(() => footer.getByRole('link', { name: /Instagram/ }).getAttribute('href'))
      .toMatch(/^https:\/\//);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('collapses its sections on a 375 px phone', async () => {
    const { page, context } = await open('/', PHONE);
    const footer = page.getByRole('contentinfo');
    const support = footer.getByRole('button', { name: 'Support' });
    await expect.poll(() => support.getAttribute('aria-expanded')).toBe('false');
    await notShown(footer.getByRole('link', { name: 'FAQ' }));
    await support.click();
    await shown(footer.getByRole('link', { name: 'FAQ' }));
    await support.click();
    await notShown(footer.getByRole('link', { name: 'FAQ' }));
    await context.close();
  });
});

describe('header on a 375 px phone', () => {
  it('hides the account link and opens a full-screen accordion menu that locks scrolling', async () => {
    const { page, errors, context } = await open('/', PHONE);
    await notShown(page.getByRole('link', { name: 'My account' }));
    await notShown(page.getByRole('navigation', { name: 'Main' }));
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
    await expect.poll(overflow).not.toBe('hidden');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
    await expect.poll(overflow).toBe('hidden');
    await expect
      .poll(() => menu.getByRole('link', { name: 'My account' }).getAttribute('href'))
      .toBe('/my-account');
    await expect
      .poll(() => menu.getByRole('link', { name: 'View All Collections' }).getAttribute('href'))
      .toBe('/collections');
    await expect
      .poll(() => menu.getByRole('link', { name: 'Get Quote' }).getAttribute('href'))
      .toBe('/contact');

    await menu.getByRole('button', { name: 'Stone Collection' }).click();
    const whites = menu.getByRole('link', { name: 'Whites' });
    await expect.poll(() => whites.getAttribute('href')).toBe('/colour/whites');
    await whites.click();
    await page.waitForURL('**/colour/whites');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(overflow).not.toBe('hidden');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches from the phone search box', async () => {
    const { page, context } = await open('/', PHONE);
    const search = page.getByRole('searchbox', { name: 'Search for products' });
    await search.fill('slate');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/stone-collection/all-products?search=slate');
    await context.close();
  });
});

describe('404 and the top-menu fallback pages', () => {
  for (const viewport of [WIDE, PHONE]) {
    it(`answers an unknown path with a 404 page inside header and footer (${viewport.width} px)`, async () => {
      const { page, response, errors, context } = await open('/no-such-stone', viewport);
      expect(response?.status()).toBe(404);
      await shown(page.getByRole('heading', { name: 'Page not found' }));
      await shown(page.getByRole('banner'));
      await shown(page.getByRole('contentinfo'));
      await expect.poll(() => href(page, 'Back to the home page')).toBe('/');
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
      // The browser reports the 404 document itself as a failed load; nothing else may fail.
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      await context.close();
    });
  }

  it('shows the Stone Collection and Design & Pattern sections as indexes of their links', async () => {
    const { page, response, context } = await open('/stone-collection');
    expect(response?.status()).toBe(200);
    await shown(page.getByRole('heading', { level: 1, name: 'Stone Collection' }));
    const main = page.getByRole('main');
    await expect
      .poll(() => main.getByRole('link', { name: 'Marble Tiles' }).getAttribute('href'))
      .toBe('/collections/stone-collection/marble-tiles');
    await expect
      .poll(() => main.getByRole('link', { name: 'Whites' }).getAttribute('href'))
      .toBe('/colour/whites');

    await page.goto('/design-pattern');
    await shown(page.getByRole('heading', { level: 1, name: 'Design & Pattern Collection' }));
    await expect
      .poll(() =>
        page.getByRole('main').getByRole('link', { name: 'Hexagon Tiles' }).getAttribute('href'),
      )
      .toBe('/collections/design-pattern-collection/hexagon-tiles');
    await context.close();
  });

  it('serves the Custom Stonework and Stone Project pages', async () => {
    const { page, context } = await openPage(browser, WIDE);
    for (const path of ['/custom-stonework', '/stone-project']) {
      expect((await page.goto(path))?.status()).toBe(200);
    }
    await context.close();
  });
});

describe('all collections', () => {
  it('lists every collection with its product count, linked like the menu', async () => {
    const { page, response, errors, context } = await open('/collections');
    expect(response?.status()).toBe(200);
    await shown(page.getByRole('heading', { level: 1, name: 'All Collections' }));
    const main = page.getByRole('main');
    await expect
      .poll(() => main.getByRole('listitem').count())
      .toBe(STONE_COLLECTION_CATEGORIES.length);
    await expect
      .poll(() =>
        main.getByRole('link', { name: /^Marble Tiles \d+ products$/ }).getAttribute('href'),
      )
      .toBe('/collections/stone-collection/marble-tiles');
    await expect
      .poll(() => main.getByRole('link', { name: /^Mosaic Tiles/ }).getAttribute('href'))
      .toBe('/collections/stone-collection/stone-mosaic-tiles');
    expect(errors).toEqual([]);
    await context.close();
  });
});
