// Issue 28: the owner edits a delivery price on the settings screen, previews what a basket
// would be charged before saving, saves, and a shopper's checkout charges the new price.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { sql } from 'drizzle-orm';
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
import { checkout } from './fixtures/checkout.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let ownerContext: BrowserContext | undefined;
let signedInOnce = false;
/** The default sample basket's tile, and the pieces of it that make one pallet. */
let tile: { productId: number; variationId: number; label: string; pieces: number };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const { db } = shop.app.services;
  const sample = await previewDelivery(
    db,
    { value: await readDeliverySettings(db), postcode: 'IV2 3JH' },
    { paymentDays: 7 },
    shop.app.services.buyers,
  );
  const line = sample.lines[0]!;
  const kgPerPiece = line.weight_kg / line.pieces;
  tile = {
    productId: line.product_id,
    variationId: line.variation_id,
    label: `${line.name} (${line.size})`,
    // Over the 18 kg parcel limit, well under a 950 kg pallet.
    pieces: Math.ceil(19 / kgPerPiece),
  };
  await db.execute(
    sql`UPDATE variations SET stock_quantity = 100000 WHERE id = ${tile.variationId}`,
  );
});
afterAll(async () => {
  await ownerContext?.close();
  await browser?.close();
  await shop?.close();
});

/** The owner's settings screen, signed in once for the file (each code is used once). */
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
  await page.goto('/admin/settings/delivery');
  await hydrated(page);
  return { page, errors };
}

describe.each([
  ['desktop', DESKTOP, '55.00', '£100.00'],
  ['phone', PHONE, '61.00', '£106.00'],
])('delivery settings on %s', (label, viewport, palletPrice, highlandsPallet) => {
  it('the owner changes the pallet price, previews it, saves, and checkout charges it', async () => {
    const { page, errors } = await settingsScreen(viewport);
    const form = page.getByRole('form', { name: 'Delivery settings' });
    const pallet = form.getByLabel('Pallet price (£, each)');
    await shown(pallet);
    await pallet.fill(palletPrice);
    await expect
      .poll(() => form.getByLabel('Zone 1 pallet surcharge (£, each)').inputValue())
      .toBe('45.00');

    // The preview prices the default basket, then the pieces that make one pallet.
    const preview = page.getByRole('form', { name: 'Preview' });
    await preview.getByLabel('Postcode to preview').fill('IV2 3JH');
    await preview.getByRole('button', { name: 'Preview delivery' }).click();
    const pieces = preview.getByLabel(`Pieces of ${tile.label}`);
    await shown(pieces);
    await pieces.fill(String(tile.pieces));
    await preview.getByRole('button', { name: 'Preview delivery' }).click();
    const options = page.getByLabel('Delivery options in preview');
    await expect
      .poll(() => options.textContent())
      .toMatch(
        new RegExp(`^Standard delivery \\(9am–5:30pm\\) \\(5–7 working days\\)${highlandsPallet}$`),
      );
    await shown(page.getByText('Scottish Highlands: +£45.00 pallet surcharge'));
    await shown(page.getByLabel('Lines in preview').getByText(`${tile.pieces} × ${tile.label}`));
    // Nothing is charged before the save.
    const before = await shop.app.inject({ url: '/api/delivery/areas' });
    expect(before.json().data[0].pallet).not.toBe(palletPrice);
    await docsScreenshot(page, `admin-delivery-settings-${label}`, { fullPage: true });

    await page.getByRole('button', { name: 'Save delivery settings' }).click();
    await shown(
      page
        .getByRole('status')
        .filter({ hasText: 'Delivery settings saved: checkout charges them now.' }),
    );

    // A shopper with the same basket sees the new price at checkout.
    const shopper = await browser.newContext({ baseURL: base, viewport });
    const shopperPage = await shopper.newPage();
    await shopperPage.goto('/');
    await hydrated(shopperPage);
    const added = await shopperPage.evaluate(
      async ({ productId, variationId, pieces }) =>
        (
          await fetch('/api/cart/add', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              product_id: productId,
              variation_id: variationId,
              quantity: pieces,
              is_sample: false,
            }),
          })
        ).status,
      tile,
    );
    expect(added).toBe(200);
    await shopperPage.goto('/checkout');
    await hydrated(shopperPage);
    const c = checkout(shopperPage);
    await c.form.waitFor();
    await c.fillAddress({
      first_name: 'Morag',
      last_name: 'Fraser',
      phone: '01463 000000',
      postcode: 'IV2 3JH',
      address_1: '8 Culduthel Road',
      city: 'Inverness',
    });
    const standard = c.form.getByRole('radio', { name: /^Standard delivery/ });
    await expect
      .poll(
        async () => await standard.evaluate((r) => (r as HTMLInputElement).labels![0]!.textContent),
      )
      .toContain(highlandsPallet);
    await shopper.close();
    expect(errors).toEqual([]);
  });
});
