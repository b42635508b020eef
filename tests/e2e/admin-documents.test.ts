// The warehouse's paperwork from the back office: orders ticked on the orders list print as one
// PDF of packing slips or delivery notes, and an order's page links to its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { placeGuestOrder } from '#tests/setup/api-shopper.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { docsScreenshot, DESKTOP, launchBrowser, PHONE } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
/** A shop of its own, so the orders list holds only this file's orders. */
let shop: TestApp;
let base: string;
/** Placed oldest first; the list shows them newest first. */
const numbers: string[] = [];
let context: BrowserContext | undefined;
let signedInOnce = false;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  for (const offset of [0, 1, 2]) numbers.push(await placeGuestOrder(shop.app, offset));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.close();
});

/**
 * A page of the back office, signed in as the owner once for the file: a second sign-in within
 * the same 30 s would offer the authenticator code already used, which is refused.
 */
async function signedIn(viewport: { width: number; height: number }) {
  context ??= await browser.newContext({ baseURL: base, viewport: DESKTOP });
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
  return { page, errors };
}

/** The PDF a link opens, fetched with the page's staff cookie. */
async function openedPdf(page: Page, name: string) {
  const link = page.getByRole('link', { name });
  await expect.poll(() => link.getAttribute('target')).toBe('_blank');
  const answer = await page.request.get((await link.getAttribute('href'))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  return readPdf(await answer.body());
}

async function ordersList(page: Page) {
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Orders' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByRole('checkbox', { name: `Select ${numbers[0]}` }).waitFor();
}

describe('printing for the warehouse', () => {
  it('selects two orders on the list and prints their delivery notes and packing slips as one PDF each', async () => {
    const { page, errors } = await signedIn(DESKTOP);
    await ordersList(page);
    const print = page.getByRole('group', { name: 'Print the selected orders' });
    await print.getByText('0 selected').waitFor();
    await expect
      .poll(() => print.getByRole('button', { name: 'Print delivery notes' }).isDisabled())
      .toBe(true);

    // Ticked newest first: the PDF follows the order they were ticked in.
    const ticked = [numbers[2]!, numbers[0]!];
    for (const number of ticked) {
      await page.getByRole('checkbox', { name: `Select ${number}` }).check();
    }
    await print.getByText('2 selected').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('checkbox', { name: 'Select all on page' })
          .evaluate((box: HTMLInputElement) => box.indeterminate),
      )
      .toBe(true);
    await docsScreenshot(page, 'admin-orders-print', { fullPage: true });

    const notes = await openedPdf(page, 'Print delivery notes');
    expect(notes.info.Title).toBe('Delivery notes: 2 orders');
    expect(notes.pages).toHaveLength(2);
    notes.pages.forEach((text, i) => {
      expect(text).toMatch(new RegExp(`^Delivery note Order number ${ticked[i]}`));
      expect(text).toContain('Received in good condition / damage noted');
    });
    const slips = await openedPdf(page, 'Print packing slips');
    expect(slips.pages.map((text) => /Order number (TS-\d+)/.exec(text)?.[1])).toEqual(ticked);

    // All on the page, then none.
    await page.getByRole('checkbox', { name: 'Select all on page' }).check();
    await print.getByText('3 selected').waitFor();
    expect((await openedPdf(page, 'Print packing slips')).pages).toHaveLength(3);
    await page.getByRole('checkbox', { name: 'Select all on page' }).uncheck();
    await print.getByText('0 selected').waitFor();

    // An order's own page links to its two documents.
    await page.getByRole('link', { name: numbers[1]!, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${numbers[1]}` }).waitFor();
    const slip = await openedPdf(page, 'Packing slip (PDF)');
    expect(slip.pages[0]).toMatch(new RegExp(`^Packing slip Order number ${numbers[1]}`));
    const note = await openedPdf(page, 'Delivery note (PDF)');
    expect(note.pages[0]).toMatch(new RegExp(`^Delivery note Order number ${numbers[1]}`));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 375 px: the selection column and print buttons fit the screen', async () => {
    const { page, errors } = await signedIn(PHONE);
    await ordersList(page);
    await page.getByRole('checkbox', { name: 'Select all on page' }).check();
    await page
      .getByRole('group', { name: 'Print the selected orders' })
      .getByText('3 selected')
      .waitFor();
    await page.getByRole('link', { name: 'Print delivery notes' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await docsScreenshot(page, 'admin-orders-print-phone', { fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});
