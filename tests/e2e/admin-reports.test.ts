// The reports screen: the owner picks a period, reads the VAT return's box 1 and the sales
// table, and downloads the orders CSV; at 375 px the presets and tables fit the screen.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { queryRows } from '#db/client.ts';
import { formatGBP } from '#domain/money.ts';
import { placeGuestOrder } from '#tests/setup/api-shopper.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { docsScreenshot, DESKTOP, launchBrowser, PHONE } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let context: BrowserContext | undefined;
let signedInOnce = false;
let paid: { number: string; invoice: number; total_pence: number; vat_pence: number };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const number = await placeGuestOrder(shop.app, 0);
  const [order] = await queryRows<{ total_pence: number; vat_pence: number }>(
    shop.app.services.db,
    sql`SELECT total_pence, total_vat_pence AS vat_pence FROM orders WHERE number = ${number}`,
  );
  const result = await shop.app.services.orders.markPaid({
    orderNumber: number,
    provider: 'bank_transfer',
    providerRef: null,
    amountPence: order!.total_pence,
    currency: 'GBP',
    actor: 'staff:owner@tessera.test',
  });
  expect(result).toBe('paid');
  // Placed and paid on 15 May 2026, so the period the test picks holds exactly this order.
  await shop.app.services.db.execute(sql`UPDATE orders SET placed_at = '2026-05-15T09:00:00Z'
    WHERE number = ${number}`);
  const [invoice] = await queryRows<{ number: number }>(
    shop.app.services.db,
    sql`UPDATE invoices SET tax_point = '2026-05-15T10:00:00Z'
        WHERE order_id = (SELECT id FROM orders WHERE number = ${number}) RETURNING number`,
  );
  paid = { number, invoice: invoice!.number, ...order! };
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.close();
});

/** A page of the back office, signed in as the owner once for the file. */
async function signedIn(viewport: { width: number; height: number }) {
  context ??= await browser.newContext({ baseURL: base, viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!signedInOnce) {
    await signInStaff(page, TEST_OWNER);
    signedInOnce = true;
  } else {
    await page.goto('/admin');
  }
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
  return { page, errors };
}

describe('the reports screen', () => {
  it('shows box 1 and the sales of a chosen period, and downloads the orders CSV', async () => {
    const { page, errors } = await signedIn(DESKTOP);
    const form = page.getByRole('form', { name: 'Choose the period' });
    await form.getByLabel('From').fill('2026-05-31');
    await form.getByLabel('To (included)').fill('2026-05-01');
    await form.getByRole('button', { name: 'Show' }).click();
    await form.getByText('The end of the period must be on or after its start').waitFor();

    await form.getByLabel('From').fill('2026-05-01');
    await form.getByLabel('To (included)').fill('2026-05-31');
    await form.getByLabel('Sales').selectOption('month');
    await form.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2026-05-01');
    const invoice = `INV-${String(paid.invoice).padStart(6, '0')}`;
    const vat = page.getByRole('region', { name: 'VAT return' });
    await vat.getByRole('cell', { name: invoice }).waitFor();
    await expect
      .poll(() => vat.locator('[data-box="Box 1"]').innerText())
      .toBe(formatGBP(paid.vat_pence));
    const sales = page.getByRole('region', { name: 'Sales 2026-05-01 to 2026-05-31' });
    await expect
      .poll(() => sales.getByRole('row', { name: /^May 2026/ }).innerText())
      .toContain(formatGBP(paid.total_pence));
    await docsScreenshot(page, 'admin-reports', { fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download orders CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders-2026-05-01-to-2026-05-31.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n');
    expect(csv[0]).toMatch(/^Order,Placed,Status,Payment,/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toMatch(new RegExp(`^${paid.number},2026-05-15 10:00,Paid,Paid,Bank transfer,`));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 375 px: a preset period and the tables fit the screen', async () => {
    const { page, errors } = await signedIn(PHONE);
    await page.getByRole('button', { name: 'Last quarter' }).click();
    await page.waitForURL((url) => url.searchParams.has('from'));
    await page.getByRole('region', { name: 'VAT return' }).locator('[data-box="Box 1"]').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await docsScreenshot(page, 'admin-reports-phone', { fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
