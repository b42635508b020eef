import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
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
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

const PASSWORD = 'riven-slate-9042';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
let browser: Browser;
let shop: TestApp;
let base: string;
/** The owner's signed-in cookies: signed in once on a desktop, as staff usually are. */
let staffState: Awaited<ReturnType<BrowserContext['storageState']>>;

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

async function signInCustomer(page: Page, email: string) {
  await page.goto(`${base}/my-account`);
  await hydrated(page);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email address').fill(email);
  await login.getByLabel('Password').fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('navigation', { name: 'Account' }).waitFor();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('trade account on %s', (label, viewport) => {
  it('a tiler applies with evidence, staff approve, the account page says approved', async () => {
    const email = `tiler-${label}-${Date.now()}@example.co.uk`;
    const company = `Ada Tiling ${label} Ltd`;
    const shopper = new ApiShopper(shop.app);
    expect(
      (await shopper.call('POST', '/api/auth/register', { email, password: PASSWORD })).status,
    ).toBe(201);

    const customer = await openPage(browser, viewport, base);
    await signInCustomer(customer.page, email);
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
});
