// Issue 28: the owner changes the shop's phone number and bank account on the settings screen;
// the footer shows the new number and a new order's bank-transfer instructions the new account.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { readDeliverySettings } from '#server/services/settings/delivery-section.ts';
import { previewDelivery } from '#server/services/settings/delivery-preview.ts';
import {
  docsScreenshot,
  DESKTOP,
  hydrated,
  launchBrowser,
  PHONE,
  shown,
} from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let ownerContext: BrowserContext | undefined;
let signedInOnce = false;
let tile: { productId: number; variationId: number };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const { db } = shop.app.services;
  const sample = await previewDelivery(
    db,
    { value: await readDeliverySettings(db), postcode: 'BS2 0UX' },
    { paymentDays: 7 },
    shop.app.services.buyers,
  );
  const line = sample.lines[0]!;
  tile = { productId: line.product_id, variationId: line.variation_id };
  await db.execute(
    sql`UPDATE variations SET stock_quantity = 100000 WHERE id = ${tile.variationId}`,
  );
});
afterAll(async () => {
  await ownerContext?.close();
  await browser?.close();
  await shop?.close();
});

async function settingsScreen(viewport: { width: number; height: number }) {
  ownerContext ??= await browser.newContext({ baseURL: base, viewport: DESKTOP });
  const page = await ownerContext.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!signedInOnce) {
    await signInStaff(page, TEST_OWNER);
    signedInOnce = true;
  }
  await page.goto('/admin/settings');
  await hydrated(page);
  return { page, errors };
}

/** A guest's bank-transfer order, placed over HTTP: its page's address. */
async function placeOrder(): Promise<string> {
  const shopper = new ApiShopper(shop.app);
  expect((await shopper.add(tile.productId, tile.variationId, 1)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  return `/checkout/order/${placed.body.data.number}?token=${placed.body.token}`;
}

describe.each([
  ['desktop', DESKTOP, '0117 496 1111', '11112222'],
  ['phone', PHONE, '0117 496 2222', '33334444'],
])('settings on %s', (label, viewport, phone, account) => {
  it('the owner changes the phone and bank account; the footer and an order show them', async () => {
    const { page, errors } = await settingsScreen(viewport);
    const identity = page.getByRole('form', { name: 'Shop identity' });
    await shown(identity.getByLabel('Trading name'));
    await docsScreenshot(page, `admin-settings-${label}`, { fullPage: true });
    // A wrong VAT number is named before anything is saved.
    await identity.getByLabel('VAT number').fill('123');
    await identity.getByRole('button', { name: 'Save shop identity' }).click();
    await shown(
      identity
        .getByRole('alert', { name: 'Please correct the following' })
        .getByText('A UK VAT number is GB and 9 digits, e.g. GB 318 4726 59'),
    );
    await identity.getByLabel('VAT number').fill('GB 318 4726 59');
    await identity.getByLabel('Phone').fill(phone);
    await identity.getByRole('button', { name: 'Save shop identity' }).click();
    await shown(page.getByText('Shop identity saved', { exact: false }));

    await page.getByRole('tab', { name: 'Bank and payment' }).click();
    const bank = page.getByRole('form', { name: 'Bank and payment' });
    await bank.getByLabel('Account number').fill(account);
    await bank.getByRole('button', { name: 'Save bank and payment' }).click();
    await shown(page.getByText('Bank details saved', { exact: false }));
    expect(errors).toEqual([]);

    const shopper = await browser.newContext({ baseURL: base, viewport });
    const shopperPage = await shopper.newPage();
    await shopperPage.goto('/');
    await shown(shopperPage.getByRole('contentinfo').getByRole('link', { name: phone }));
    await shopperPage.goto(await placeOrder());
    const details = shopperPage.getByRole('definition').filter({ hasText: account });
    await shown(shopperPage.getByLabel('Bank details'));
    await expect.poll(() => details.count()).toBe(1);
    await shopper.close();
  });
});

describe('the settings screen', () => {
  it('is not offered to a manager', async () => {
    // The server refuses (tests/api/shop-identity-settings.test.ts); the nav leaves it out.
    const { areasFor } = await import('#app/components/admin/areas.ts');
    expect(areasFor('manager').map((a) => a.to)).not.toContain('/admin/settings');
    expect(areasFor('owner').map((a) => a.to)).toContain('/admin/settings');
  });
});
