import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { hydrated, launchBrowser, PHONE, shown } from './fixtures/browser.ts';
import { addTiles, checkout, confirmation } from './fixtures/checkout.ts';

/**
 * Every kind of page, at a desktop's and a phone's width: exactly one `main` landmark, and no
 * axe violations under WCAG 2.2 AA and axe's best practices, with the page's dialogs (basket,
 * Quick View) open as well as closed, and the account area signed in.
 */

const WIDE = { width: 1440, height: 900 };
const catalogue = buildCatalogue();
/** A tile with an in-stock 600x400 size. */
const tile = catalogue.products.find((p) =>
  p.variations.some((v) => v.option.startsWith('600x400') && v.inStock),
)!;
const tileSize = tile.variations.find((v) => v.option.startsWith('600x400') && v.inStock)!;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const MARBLE_PATH = '/collections/stone-collection/marble-tiles';
const CMS_PAGES = [
  '/about-us',
  '/delivery-information',
  '/return-refund-policy',
  '/privacy-policy',
  '/terms-and-conditions',
  '/sealing-and-maintenance',
  '/installation',
  '/adhevise-grout-advise',
  '/samples',
  '/custom-stonework',
  '/stone-project',
];

interface PageCase {
  name: string;
  path: string | (() => Promise<string>);
  /** Signed in as a fresh customer first. */
  signedIn?: boolean;
  /** What to wait for, or do, once the page has hydrated. */
  ready?(page: Page): Promise<void>;
  /** Only at this width (a control that only one of the two shows). */
  width?: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first link on `path` whose address starts with `prefix`. */
async function firstLink(path: string, prefix: string): Promise<string> {
  const html = await (await fetch(`${inject('baseURL')}${path}`)).text();
  const match = new RegExp(`href="(${prefix}[^"]+)"`).exec(html);
  if (!match) throw new Error(`no link to ${prefix} on ${path}`);
  return match[1]!;
}

const heading = (name: string | RegExp) => async (page: Page) =>
  shown(page.getByRole('heading', { level: 1, name }));

const CASES: PageCase[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await page.getByRole('list', { name: 'Clearance products' }).waitFor();
      await page.getByText('FEATURED', { exact: true }).waitFor();
    },
  },
  { name: 'collections', path: '/collections' },
  { name: 'listing', path: MARBLE_PATH },
  { name: 'listing by colour', path: '/colour/whites' },
  { name: 'section fallback', path: '/stone-collection' },
  {
    name: 'search results',
    path: '/stone-collection/all-products?search=marble',
    ready: heading(/^Search results/),
  },
  { name: 'product', path: () => firstLink(MARBLE_PATH, '/product/') },
  ...CMS_PAGES.map((path) => ({ name: `CMS page ${path}`, path })),
  { name: 'FAQ', path: '/faq' },
  { name: 'contact', path: '/contact-us' },
  { name: 'get quote', path: '/contact' },
  { name: 'reviews', path: '/reviews' },
  { name: 'blog', path: '/blog' },
  { name: 'blog post', path: () => firstLink('/blog', '/blog/') },
  { name: 'account gate', path: '/my-account', ready: heading('My account') },
  { name: 'auth', path: '/auth' },
  { name: 'lost password', path: '/my-account/lost-password' },
  { name: 'reset password', path: '/my-account/reset-password?token=example' },
  { name: 'newsletter unsubscribe', path: '/newsletter/unsubscribe' },
  { name: 'newsletter confirmation', path: '/newsletter/confirm' },
  { name: 'dashboard', path: '/my-account', signedIn: true, ready: heading('Dashboard') },
  { name: 'orders', path: '/my-account/orders', signedIn: true, ready: heading('Orders') },
  {
    name: 'addresses',
    path: '/my-account/addresses',
    signedIn: true,
    ready: heading('Addresses'),
  },
  {
    name: 'address drawer open',
    path: '/my-account/addresses',
    signedIn: true,
    ready: async (page) => {
      await heading('Addresses')(page);
      await page.getByRole('button', { name: 'Add new billing address' }).click();
      await shown(page.getByRole('dialog', { name: 'Edit Address' }));
    },
  },
  {
    name: 'account details',
    path: '/my-account/account-details',
    signedIn: true,
    ready: heading('Account details'),
  },
  {
    name: 'basket drawer open',
    path: MARBLE_PATH,
    ready: async (page) => {
      await page.getByRole('button', { name: /^Basket, / }).click();
      await shown(page.getByRole('dialog', { name: /^Your Basket/ }));
    },
  },
  {
    name: 'quick view open',
    path: MARBLE_PATH,
    ready: async (page) => {
      await page
        .getByRole('button', { name: /^Quick View: / })
        .first()
        .click();
      const quickView = page.getByRole('dialog', { name: 'Quick View' });
      await shown(quickView.getByRole('button', { name: 'Choose Size' }));
    },
  },
  {
    name: 'size drawer open',
    path: () => firstLink(MARBLE_PATH, '/product/'),
    ready: async (page) => {
      await page.getByRole('main').getByRole('button', { name: 'Choose Size' }).click();
      await shown(page.getByRole('dialog', { name: 'Choose Size' }));
    },
  },
  {
    name: 'filter dropdown open',
    path: MARBLE_PATH,
    width: WIDE.width,
    ready: async (page) => {
      await page.getByRole('button', { name: /^Colour/ }).click();
      await shown(page.getByRole('checkbox', { name: /^White/ }));
    },
  },
  {
    name: 'filter drawer open',
    path: MARBLE_PATH,
    width: PHONE.width,
    ready: async (page) => {
      await page.getByRole('button', { name: /^Filters/ }).click();
      await shown(page.getByRole('dialog', { name: 'Filters' }));
    },
  },
  {
    name: 'mega-menu open',
    path: '/',
    width: WIDE.width,
    ready: async (page) => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      const name = (await nav
        .getByRole('button', { expanded: false })
        .first()
        .textContent())!.trim();
      const entry = nav.getByRole('button', { name, exact: true });
      await entry.click();
      await expect.poll(() => entry.getAttribute('aria-expanded')).toBe('true');
    },
  },
  {
    name: 'phone menu open',
    path: '/',
    width: PHONE.width,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await shown(page.getByRole('dialog'));
    },
  },
  { name: 'checkout, empty basket', path: '/checkout' },
  { name: 'back office sign-in', path: '/admin/sign-in' },
  { name: '404', path: '/no-such-page' },
];

async function signIn(context: BrowserContext): Promise<void> {
  const answer = await context.request.post('/api/auth/register', {
    data: { email: `a11y-${crypto.randomUUID()}@example.com`, password: 'a-Long-passphrase-77' },
    headers: { Origin: inject('baseURL') },
  });
  expect(answer.status()).toBeLessThan(300);
}

/** Axe's violations on the page as it is now, one line each: none expected. */
async function violations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return axe.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** One main landmark and no axe violations, with the page's path in the message. */
async function accessible(page: Page): Promise<void> {
  const where = new URL(page.url()).pathname;
  await expect
    .poll(() => page.locator('main').count(), { message: `main landmarks on ${where}` })
    .toBe(1);
  expect(await violations(page), `axe on ${where}`).toEqual([]);
}

for (const viewport of [WIDE, PHONE]) {
  describe(`accessibility at ${viewport.width} px`, () => {
    for (const pageCase of CASES.filter(
      (each) => (each.width ?? viewport.width) === viewport.width,
    )) {
      it(`${pageCase.name}: one main landmark, no axe violations`, async () => {
        const context = await browser.newContext({ baseURL: inject('baseURL'), viewport });
        try {
          const page = await context.newPage();
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          if (pageCase.signedIn) await signIn(context);
          const path = typeof pageCase.path === 'string' ? pageCase.path : await pageCase.path();
          await page.goto(path);
          await hydrated(page);
          await pageCase.ready?.(page);
          await accessible(page);
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }

    it('checkout with a basket, the order confirmation, and the order in the account area', async () => {
      const context = await browser.newContext({ baseURL: inject('baseURL'), viewport });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await signIn(context);
        await addTiles(page, tile, tileSize.option, 2);
        await page.goto('/checkout');
        await hydrated(page);
        const c = checkout(page);
        await c.form.waitFor();
        await c.fillAddress({
          first_name: 'Ada',
          last_name: 'Stone',
          phone: '0117 496 0000',
          postcode: 'BS2 0UX',
          address_1: '1 Temple Way',
          city: 'Bristol',
        });
        await c.choosePayment('Bank transfer');
        await c.acceptTerms();
        await c.settledTotal();
        await accessible(page);

        await c.placeOrder.click();
        const done = confirmation(page);
        await done.heading.waitFor();
        const number = await done.orderNumber();
        await accessible(page);

        await page.goto('/my-account/orders');
        await hydrated(page);
        await shown(page.getByRole('link', { name: number }));
        await accessible(page);

        await page.goto(`/my-account/orders/${number}`);
        await hydrated(page);
        await shown(page.getByRole('heading', { name: 'History' }));
        await accessible(page);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
}
