import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { queryRows } from '#db/client.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { exIncVatText, percentOffPence } from '#domain/price-for.ts';
import { fromPriceLabelOf } from '#domain/pricing.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
} from './fixtures/browser.ts';
import { addTiles, checkout, confirmation } from './fixtures/checkout.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';
import { signInCustomer } from './fixtures/customer.ts';

const PASSWORD = 'riven-slate-9042';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let browser: Browser;
let shop: TestApp;
let base: string;
/** The owner's signed-in cookies: signed in once on a desktop, as staff usually are. */
let staffState: Awaited<ReturnType<BrowserContext['storageState']>>;

const MARBLE_PATH = '/collections/stone-collection/marble-tiles?sort=price-asc';
const PERCENT_OFF = 10;
/** The cheapest marble tile: the first card of the listing by price, the same for trade. */
const cheapest = buildCatalogue()
  .products.filter((p) => p.categories.includes('marble-tiles'))
  .sort((a, b) => a.pricePence - b.pricePence)[0]!;
const size = cheapest.variations.find(
  (v) => v.inStock && v.pricePence > 0 && !/Sample/.test(v.option),
)!;
const tradePence = (pence: number) => percentOffPence(pence, PERCENT_OFF);
/** Waits for `text` in the smallest element of `scope` holding it. */
const shows = (scope: Locator, text: string) => scope.getByText(text).first().waitFor();
const firstCard = (page: Page) => page.getByRole('main').getByRole('article').first();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const desk = await openPage(browser, DESKTOP, base);
  await signInStaff(desk.page, TEST_OWNER);
  staffState = await desk.context.storageState();
  await desk.context.close();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Staff give the Trade list 10 % off marble tiles and the tiler £5,000 of credit, by the API. */
async function staffSetPricesAndCredit(email: string) {
  const context = await browser.newContext({ baseURL: base, storageState: staffState });
  const { request } = context;
  const [marble] = await queryRows<{ id: number }>(
    shop.app.services.db,
    sql`SELECT id FROM categories WHERE slug = 'marble-tiles'`,
  );
  const lists = await request.get('/api/admin/price-lists');
  const trade = (
    (await lists.json()) as { data: { id: number; name: string; version: number }[] }
  ).data.find((group) => group.name === 'Trade')!;
  const saved = await request.put(`/api/admin/price-lists/${trade.id}`, {
    data: {
      name: 'Trade',
      show_ex_vat: true,
      version: trade.version,
      rules: [
        { kind: 'category_percent', category_id: marble!.id, percent_off: String(PERCENT_OFF) },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const accounts = await request.get(`/api/admin/trade/accounts?q=${encodeURIComponent(email)}`);
  const [row] = ((await accounts.json()) as { data: { customer_id: number }[] }).data;
  const account = await request.get(`/api/admin/trade/accounts/${row!.customer_id}`);
  const { version } = ((await account.json()) as { data: { version: number } }).data;
  const terms = await request.put(`/api/admin/trade/accounts/${row!.customer_id}`, {
    data: { credit_limit: '5000', terms_kind: 'days', terms_days: 30, version },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  await context.close();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('trade account on %s', (label, viewport) => {
  const email = `tiler-${label}-${Date.now()}@example.co.uk`;

  it('a tiler applies with evidence, staff approve, the account page says approved', async () => {
    const company = `Ada Tiling ${label} Ltd`;
    const shopper = new ApiShopper(shop.app);
    expect(
      (await shopper.call('POST', '/api/auth/register', { email, password: PASSWORD })).status,
    ).toBe(201);

    const customer = await openPage(browser, viewport, base);
    await signInCustomer(customer.page, email, PASSWORD);
    await customer.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Trade account' })
      .click();
    const form = customer.page.getByRole('form', { name: 'Trade account application' });
    await form.waitFor();
    await form.getByLabel('Company or trading name').fill(company);
    await form.getByLabel('Companies House number (if a company)').fill('SC123456');
    await form.getByLabel('VAT number (if VAT registered)').fill('GB123456789');
    await form.getByRole('combobox', { name: /^Your trade/ }).selectOption('tiler');
    await form.getByLabel('Business address').fill('4 Quarry Lane');
    await form.getByLabel('Town or city').fill('Bristol');
    await form.getByLabel('Postcode').fill('BS2 0UX');
    await form.getByLabel(/^Evidence of your trade/).setInputFiles({
      name: 'letterhead.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await docsScreenshot(customer.page, `trade-application-${label}`, { fullPage: true });
    await form.getByRole('button', { name: 'Apply for a trade account' }).click();
    await customer.page.getByText(`Your application for ${company} is pending.`).waitFor();

    const context = await browser.newContext({ baseURL: base, viewport, storageState: staffState });
    const staff = { context, page: await context.newPage(), errors: [] as string[] };
    staff.page.on('pageerror', (error) => staff.errors.push(error.message));
    await staff.page.goto(`${base}/admin/trade/applications`);
    const row = staff.page.getByRole('row', { name: `Application from ${company}` });
    await row.getByRole('link', { name: 'Download evidence' }).waitFor();
    await docsScreenshot(staff.page, `trade-applications-${label}`, { fullPage: true });
    await row.getByRole('button', { name: 'Approve into Trade' }).click();
    await row.getByText(/^Approved \(Trade\) by/).waitFor();

    await customer.page.reload();
    await customer.page.getByText(/^Your trade account is approved \(Trade prices\)/).waitFor();
    expect(customer.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await customer.context.close();
    await staff.context.close();
  });

  it('the tiler sees prices ex VAT, orders on account and downloads the statement', async () => {
    await staffSetPricesAndCredit(email);
    const { page, context, errors } = await openPage(browser, viewport, base);
    await signInCustomer(page, email, PASSWORD);

    // Below the struck retail price (the list's 10 % off reads as a sale), in the card's words.
    const cardPence = tradePence(cheapest.pricePence);
    await page.goto(MARBLE_PATH);
    await hydrated(page);
    await expect.poll(() => firstCard(page).getAttribute('aria-label')).toBe(cheapest.name);
    await shows(firstCard(page), exIncVatText(cardPence));
    await shows(
      firstCard(page),
      `Was ${formatGBP(cheapest.pricePence)} inc VAT, now ${exIncVatText(cardPence)}`,
    );
    await docsScreenshot(page, `trade-listing-${label}`);

    await page.goto(`/product/${cheapest.slug}`);
    await hydrated(page);
    await shows(page.getByRole('main'), exIncVatText(cardPence));
    // The size drawer's "hide vat?" starts ticked for a buyer shown prices ex VAT.
    await page.getByRole('button', { name: 'Choose Size' }).click();
    const sizes = page.getByRole('dialog', { name: 'Choose Size' });
    await expect
      .poll(() => sizes.getByRole('checkbox', { name: 'hide vat?' }).isChecked())
      .toBe(true);
    await shows(sizes, exIncVatText(tradePence(size.pricePence)));

    await addTiles(page, cheapest, size.option, 2);
    const basket = page.getByRole('dialog', { name: /^Your Basket/ });
    await shows(basket, exIncVatText(tradePence(size.pricePence)));
    await expect
      .poll(() => basket.getByRole('definition').first().textContent())
      .toMatch(/^£[\d,]+\.\d\d ex VAT, £[\d,]+\.\d\d inc VAT$/);
    await basket.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    const c = checkout(page);
    await c.form.waitFor();
    await c.fillAddress({
      first_name: 'Ada',
      last_name: 'Tiler',
      phone: '0117 496 0000',
      postcode: 'BS2 0UX',
      address_1: '4 Quarry Lane',
      city: 'Bristol',
    });
    await c.choosePayment('Pay on account');
    await c.acceptTerms();
    const total = await c.settledTotal();
    const [, exTotal, incTotal] =
      /^(£[\d,]+\.\d\d) ex VAT, (£[\d,]+\.\d\d) inc VAT$/.exec(total) ?? [];
    expect(exTotal).toBeDefined();
    expect(total).toBe(exIncVatText(toPence(incTotal!.replace(/[£,]/g, ''))));
    await c.placeOrder.click();
    const done = confirmation(page);
    await done.heading.waitFor();
    await expect.poll(done.total).toBe(total);

    await page.goto('/my-account');
    await hydrated(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download statement' }).click();
    const bytes = await readFile(await (await download).path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const { pages } = await readPdf(bytes);
    expect(pages.join(' ')).toContain(incTotal);

    const guest = await openPage(browser, viewport, base);
    await guest.page.goto(MARBLE_PATH);
    await hydrated(guest.page);
    await firstCard(guest.page)
      .getByText(fromPriceLabelOf(formatGBP(cheapest.pricePence), cheapest.unit), { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    expect(guest.errors).toEqual([]);
    await guest.context.close();
    await context.close();
  });
});
