// A tiler's trade account owes £49.50 (5 days overdue) and £300.00 (due in 25 days). The owner
// finds it among the overdue accounts, records £100.00 received (the oldest first: £49.50 and
// £50.50 of the next), and the account is no longer overdue; the tiler sees what they owe with
// its due day on My account and downloads the statement, and is told why the account cannot be
// deleted while it has invoices on credit. Desktop and a 375 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { TRADE_ACCOUNT_MESSAGES } from '#domain/api-schemas-trade-accounts.ts';
import { londonDayFrom } from '#domain/dashboard.ts';
import { formatLondonDate } from '#domain/dates.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import {
  openTradeAccount,
  signedUpCustomer,
  storeAccountInvoice,
  type AccountInvoice,
} from '#tests/factories/account-invoices.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
  shown,
} from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';
import { signInCustomer } from './fixtures/customer.ts';

const day = (offset: number) => londonDayFrom(new Date(), offset);

let browser: Browser;
let shop: TestApp;
let base: string;
/**
 * The owner's cookies, signed in once for both viewports: a second sign-in within the same
 * 30 seconds would offer the authenticator code already used, which the shop refuses.
 */
let ownerCookies: Awaited<ReturnType<BrowserContext['cookies']>>;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const { context, page } = await openPage(browser, DESKTOP, base);
  await signInStaff(page, TEST_OWNER);
  ownerCookies = await context.cookies();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('trade accounts on %s', (label, viewport) => {
  let customerId: number;
  let late: AccountInvoice;
  const email = `${label}@ashlar-tiling.co.uk`;
  const company = `Ashlar Tiling (${label})`;

  beforeAll(async () => {
    const { db } = shop.app.services;
    ({ id: customerId } = await signedUpCustomer(shop.app, email));
    await openTradeAccount(db, customerId, { company });
    late = await storeAccountInvoice(db, customerId, {
      totalPence: 4_950,
      issuedOn: day(-35),
      dueOn: day(-5),
    });
    await storeAccountInvoice(db, customerId, {
      totalPence: 30_000,
      issuedOn: day(-5),
      dueOn: day(25),
    });
  });

  it('the tiler sees what they owe, with the due days, and can download the statement', async () => {
    const { context, page, errors } = await openPage(browser, viewport, base);
    await signInCustomer(page, email, 'Riven-slate-2026');
    const owe = page.getByRole('region', { name: 'What you owe' });
    await shown(owe);
    await expect.poll(() => owe.innerText()).toContain('balance £349.50, of which £49.50 overdue');
    const row = owe.getByRole('row').filter({ hasText: formatInvoiceNumber(late.number) });
    await expect
      .poll(() => row.innerText())
      .toContain(`${formatLondonDate(`${day(-5)}T12:00:00Z`)} (5 days overdue)`);
    const link = owe.getByRole('link', { name: 'Download statement' });
    await expect.poll(() => link.getAttribute('href')).toBe('/api/account/statement.pdf');
    const pdf = await context.request.get('/api/account/statement.pdf');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await docsScreenshot(page, `trade-what-you-owe-${label}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the tiler cannot delete the account while it has invoices on credit, and is told why', async () => {
    const { context, page, errors } = await openPage(browser, viewport, base);
    await signInCustomer(page, email, 'Riven-slate-2026');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await shown(confirm.getByRole('alert').filter({ hasText: TRADE_ACCOUNT_MESSAGES.ledgerKept }));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await shown(page.getByRole('region', { name: 'What you owe' }));
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await context.close();
  });

  it('the owner finds the account overdue and records a payment against it', async () => {
    const { context, page, errors } = await openPage(browser, viewport, base);
    await context.addCookies(ownerCookies);
    await page.goto('/admin/trade/accounts?overdue=true');
    await hydrated(page);
    const account = page.getByRole('link', { name: company });
    await shown(account);
    await account.click();
    await page.getByRole('heading', { name: company }).waitFor();
    const form = page.getByRole('form', { name: 'Record a payment' });
    await hydrated(page);
    await form.getByLabel('Amount received (£)').fill('100.00');
    await form.getByLabel('Reference').fill('BACS ASHLAR');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Payment of £100.00 recorded' }));
    const overdue = page.getByRole('term').filter({ hasText: /^Overdue$/ });
    await expect
      .poll(() => overdue.locator('xpath=following-sibling::dd[1]').innerText())
      .toBe('£0.00');
    const balance = page.getByRole('term').filter({ hasText: /^Balance$/ });
    await expect
      .poll(() => balance.locator('xpath=following-sibling::dd[1]').innerText())
      .toBe('£249.50');
    await docsScreenshot(page, `trade-account-payment-${label}`, { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
