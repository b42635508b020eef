import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { request, type Browser, type Page } from 'playwright-core';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { DESKTOP, hydrated, launchBrowser, PHONE, shown } from './fixtures/browser.ts';

/**
 * Whatever a shopper does between the first paint and hydration is not lost: on a phone (375 px,
 * touch) with a 4× slower CPU, each control is used at DOMContentLoaded while the page's scripts
 * are held back (so the page is certainly not live yet), then the scripts are let through and
 * the outcome is checked once the page has hydrated.
 */

const MARBLE_PATH = '/collections/stone-collection/marble-tiles';
const catalogue = buildCatalogue();
const isFree = (option: string) => option.toLowerCase().includes('free sample');
/** A product with an in-stock free sample and an in-stock size. */
const tile = catalogue.products.find(
  (p) =>
    p.variations.some((v) => v.option.startsWith('600x400') && v.inStock) &&
    p.variations.some((v) => isFree(v.option) && v.inStock),
)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Early {
  page: Page;
  errors: string[];
  /** Lets the scripts through and waits for hydration. */
  goLive(): Promise<void>;
  close(): Promise<void>;
}

/** Opens `path` with its scripts held, on a slow phone, and returns at DOMContentLoaded. */
async function openEarly(path: string, viewport = PHONE): Promise<Early> {
  const phone = viewport === PHONE;
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    viewport,
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?#]+\.js(?:[?#]|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return {
    page,
    errors,
    async goLive() {
      // The shopper really acted before the page was live.
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      release();
      await hydrated(page);
    },
    close: () => context.close(),
  };
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

describe('input before hydration, slow phone', () => {
  it('sorts the listing when the sort is chosen early', async () => {
    const { page, errors, goLive, close } = await openEarly(MARBLE_PATH);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
    await goLive();
    await page.waitForURL(/sort=price-asc/);
    const prices = async () => {
      const labels = await page
        .getByRole('main')
        .getByRole('article')
        .getByText(/^From £/)
        .allTextContents();
      return labels.map((text) => Number(/£([\d,.]+)/.exec(text)![1]!.replaceAll(',', '')));
    };
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(1);
    const pence = await prices();
    expect(pence).toEqual([...pence].sort((a, b) => a - b));
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the filters tapped early, and applies a filter', async () => {
    const { page, errors, goLive, close } = await openEarly(MARBLE_PATH);
    await page.getByRole('button', { name: /^Filters/ }).tap();
    await goLive();
    const filters = dialog(page, 'Filters');
    await shown(filters);
    await filters.getByRole('button', { name: /^Colour/ }).click();
    await filters.getByRole('checkbox', { name: /^White/ }).check();
    await filters.getByRole('button', { name: 'apply filters' }).click();
    await page.waitForURL(/stone_colour=/);
    await shown(page.getByRole('button', { name: 'Remove filter White' }));
    expect(errors).toEqual([]);
    await close();
  });

  it('appends the next page for a Load More tapped early', async () => {
    const { page, errors, goLive, close } = await openEarly(MARBLE_PATH);
    await page.getByRole('button', { name: 'Load More' }).tap();
    await goLive();
    await shown(page.getByText(/^Page 2 of \d+$/));
    expect(errors).toEqual([]);
    await close();
  });

  it('opens Quick View tapped early', async () => {
    const { page, errors, goLive, close } = await openEarly(MARBLE_PATH);
    await page
      .getByRole('button', { name: /^Quick View: / })
      .first()
      .tap();
    await goLive();
    await shown(dialog(page, 'Quick View'));
    expect(errors).toEqual([]);
    await close();
  });

  it('adds a sample tapped early and opens the basket', async () => {
    const { page, errors, goLive, close } = await openEarly(`/product/${tile.slug}`);
    await page
      .getByRole('button', { name: `Add Sample of ${tile.name}` })
      .first()
      .tap();
    await goLive();
    await shown(dialog(page, 'Your Basket (1)'));
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the size drawer tapped early', async () => {
    const { page, errors, goLive, close } = await openEarly(`/product/${tile.slug}`);
    await page.getByRole('main').getByRole('button', { name: 'Choose Size' }).tap();
    await goLive();
    await shown(dialog(page, 'Choose Size'));
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps a quantity typed early', async () => {
    const { page, errors, goLive, close } = await openEarly(`/product/${tile.slug}`);
    const pieces = page.getByRole('main').getByLabel('Pieces');
    await pieces.fill('3');
    await goLive();
    // The kept value reaches React at the first idle moment after hydration: an idle callback
    // asked for now runs after it.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
    // A re-render of the quantity area (the add's 'size required') keeps what React holds.
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Add to cart/i })
      .first()
      .click();
    await shown(page.getByRole('main').getByText('size required'));
    await expect.poll(() => pieces.inputValue()).toBe('3');
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the basket from the icon tapped early', async () => {
    const { page, errors, goLive, close } = await openEarly('/');
    await page.getByRole('button', { name: /^Basket, / }).tap();
    await goLive();
    await shown(dialog(page, /^Your Basket/));
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the phone menu tapped early', async () => {
    const { page, errors, goLive, close } = await openEarly('/');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await goLive();
    await shown(page.getByRole('dialog'));
    expect(errors).toEqual([]);
    await close();
  });

  it('opens a mega-menu panel clicked early (desktop width, same slow CPU)', async () => {
    const { page, errors, goLive, close } = await openEarly('/', DESKTOP);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const name = (await nav.getByRole('button', { expanded: false }).first().textContent())!.trim();
    const entry = nav.getByRole('button', { name, exact: true });
    await entry.click();
    await goLive();
    await expect.poll(() => entry.getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the results of a search sent early (a GET form that needs no script)', async () => {
    const { page, errors, close } = await openEarly('/');
    const search = page.getByRole('search').filter({ visible: true });
    await search.getByRole('searchbox').fill('marble');
    await search.getByRole('searchbox').press('Enter');
    // The results page's own scripts stay held: its load event does not come.
    await page.waitForURL(/search=marble/, { waitUntil: 'commit' });
    await shown(page.getByRole('heading', { level: 1, name: 'Search results for “marble”' }));
    expect(errors).toEqual([]);
    await close();
  });

  it('logs in with a login form sent early', async () => {
    const email = `early-${Date.now()}@example.com`;
    const password = 'a-Long-passphrase-77';
    const api = await request.newContext({ baseURL: inject('baseURL') });
    const registered = await api.post('/api/auth/register', {
      data: { email, password },
      headers: { Origin: inject('baseURL') },
    });
    expect(registered.status()).toBeLessThan(300);
    await api.dispose();

    const { page, errors, goLive, close } = await openEarly('/my-account');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Log in' }).tap();
    await goLive();
    await shown(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    expect(errors).toEqual([]);
    await close();
  });

  it('subscribes with a newsletter form sent early (desktop width: a phone opens its section first)', async () => {
    const { page, errors, goLive, close } = await openEarly('/', DESKTOP);
    const form = page.getByRole('form', { name: 'Newsletter' });
    await form.getByLabel('Email address').fill(`news-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await goLive();
    await shown(form.getByRole('status'));
    expect(errors).toEqual([]);
    await close();
  });
});
