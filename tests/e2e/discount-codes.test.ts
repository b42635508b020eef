// The owner creates a discount code on the back-office screen; a shopper adds tiles, tries a
// wrong code, applies the owner's in the basket, sees the discount and the new total there and
// at checkout, and removing it gives the total back. Desktop and a 375 px phone. The tile is
// priced by hand: £25.00 a m², 600x400 (0.24 m²) a piece, 5 pieces = 1.2 m² = £30.00; 10% off
// = £3.00, leaving £27.00, of which VAT is £4.50 (2700 − 2250). Delivery is free (threshold £1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { SeedProduct } from '#tests/factories/catalogue.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import {
  docsScreenshot,
  DESKTOP,
  hydrated,
  launchBrowser,
  notShown,
  PHONE,
  shown,
} from './fixtures/browser.ts';
import { addTiles, checkout } from './fixtures/checkout.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let ownerContext: BrowserContext | undefined;
let signedInOnce = false;
let tile: { product: SeedProduct; option: string };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const { db } = shop.app.services;
  const [row] = await queryRows<{ id: number; slug: string; name: string; option: string }>(
    db,
    sql`SELECT v.id, p.slug, p.name, v.option FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND p.unit = 'm2' AND v.option LIKE '600x400%'
          AND NOT v.made_to_order AND v.stock_quantity > 20
        ORDER BY v.id LIMIT 1`,
  );
  await db.execute(sql`UPDATE variations SET price_pence = 2500, regular_price_pence = NULL,
    pieces_per_pack = 1, stock_quantity = 1000 WHERE id = ${row!.id}`);
  await db.execute(sql`UPDATE delivery_settings SET free_threshold_pence = 100`);
  shop.app.services.invalidateCatalogue();
  tile = { product: { slug: row!.slug, name: row!.name } as SeedProduct, option: row!.option };
});
afterAll(async () => {
  await ownerContext?.close();
  await browser?.close();
  await shop?.close();
});

/** The owner's discount-code screen, signed in once for the file (each code is used once). */
async function codesScreen(viewport: { width: number; height: number }) {
  ownerContext ??= await browser.newContext({ baseURL: base, viewport: DESKTOP });
  const page = await ownerContext.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!signedInOnce) {
    await signInStaff(page, TEST_OWNER);
    signedInOnce = true;
  }
  await page.goto('/admin/discount-codes');
  await hydrated(page);
  return { page, errors };
}

/** A figure of a list of terms and values: the <dd> after the term. */
const figure = (scope: ReturnType<Page['getByRole']>, term: string | RegExp) =>
  scope.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');

describe.each([
  ['desktop', DESKTOP, 'STONE10'],
  ['phone', PHONE, 'PHONE10'],
])('discount codes on %s', (label, viewport, code) => {
  it('the owner creates a code; a shopper applies it in the basket, sees it at checkout, and removes it', async () => {
    const { page: admin, errors: adminErrors } = await codesScreen(viewport);
    const create = admin.getByRole('form', { name: 'New discount code' });
    await shown(create);
    // The form's own checks, in its error list, before anything is sent.
    await create.getByRole('button', { name: 'Create code' }).click();
    await shown(
      create
        .getByRole('alert', { name: 'Please correct the following' })
        .getByText('A code has 3 to 40 letters, digits, hyphens or underscores'),
    );
    await create.getByLabel('Code').fill(code.toLowerCase());
    await create.getByLabel('Discount').selectOption('percent');
    await create.getByLabel('Percentage off (1 to 100)').fill('10');
    await create.getByLabel('Uses in total (optional)').fill('50');
    await create.getByRole('button', { name: 'Create code' }).click();
    await shown(
      admin.getByRole('status').filter({
        hasText: `${code} is created: shoppers can enter it in the basket or at checkout.`,
      }),
    );
    const row = admin.getByRole('row').filter({ hasText: code });
    await shown(row);
    // On a phone the dates fold under the offer.
    const cells = async () =>
      (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    await expect
      .poll(cells)
      .toEqual(
        label === 'phone'
          ? [code, '10% off Always', '0 of 50', 'Live', 'Edit Disable']
          : [code, '10% off', 'Always', '0 of 50', 'Live', 'Edit Disable'],
      );

    // The owner edits it while the code is disabled meanwhile (another tab's save): the save is
    // refused as stale, and re-applying puts the new limit on top of the disabled code.
    await row.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = admin.getByRole('form', { name: `Edit ${code}` });
    await shown(edit);
    await expect.poll(() => edit.getByLabel('Percentage off (1 to 100)').inputValue()).toBe('10');
    const disabled = await admin.evaluate(async (wanted) => {
      const list = (await (await fetch('/api/admin/discount-codes')).json()) as {
        data: { id: number; code: string; version: number }[];
      };
      const found = list.data.find((c) => c.code === wanted)!;
      const answer = await fetch(`/api/admin/discount-codes/${found.id}/disable`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version: found.version }),
      });
      return answer.status;
    }, code);
    expect(disabled).toBe(200);
    await edit.getByLabel('Uses in total (optional)').fill('40');
    await edit.getByRole('button', { name: 'Save code' }).click();
    await shown(edit.getByRole('button', { name: 'Reload the code' }));
    await edit.getByRole('button', { name: 'Re-apply my changes' }).click();
    await shown(edit.getByText('Your changes are back on top of the saved code: check and save'));
    await expect.poll(() => edit.getByLabel('Uses in total (optional)').inputValue()).toBe('40');
    await edit.getByRole('button', { name: 'Save code' }).click();
    await shown(admin.getByRole('status').filter({ hasText: `${code} is saved.` }));
    // The form is back to a new code, empty.
    await expect.poll(() => create.getByLabel('Uses in total (optional)').inputValue()).toBe('');
    await notShown(create.getByText('Your changes are back on top of the saved code'));
    await expect
      .poll(async () => (await cells()).slice(-3))
      .toEqual(['0 of 40', 'Disabled', 'Edit Enable']);
    await row.getByRole('button', { name: `Enable ${code}` }).click();
    await expect
      .poll(async () => (await cells()).slice(-3))
      .toEqual(['0 of 40', 'Live', 'Edit Disable']);
    await docsScreenshot(admin, `admin-discount-codes-${label}`, { fullPage: true });
    expect(adminErrors).toEqual([]);

    const shopper = await browser.newContext({ baseURL: base, viewport });
    const page = await shopper.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await addTiles(page, tile.product, tile.option, 5);
    const basket = page.getByRole('dialog', { name: /^Your Basket/ });
    await expect.poll(() => figure(basket, /^Total$/).textContent()).toBe('£30.00');
    const field = basket.getByRole('textbox', { name: 'Discount code' });
    await field.fill('NOSUCHCODE');
    await basket.getByRole('button', { name: 'Apply' }).click();
    await shown(basket.getByText('We do not recognise that code: check it and try again'));
    await field.fill(code.toLowerCase());
    await basket.getByRole('button', { name: 'Apply' }).click();
    await shown(basket.getByText(`Code ${code}: 10% off`));
    await expect.poll(() => figure(basket, /^Subtotal$/).textContent()).toBe('£30.00');
    await expect.poll(() => figure(basket, `Discount (${code})`).textContent()).toBe('−£3.00');
    await expect.poll(() => figure(basket, /^VAT/).textContent()).toBe('£4.50');
    await expect.poll(() => figure(basket, /^Total$/).textContent()).toBe('£27.00');
    await docsScreenshot(page, `basket-discount-${label}`);

    await basket.getByRole('link', { name: 'Checkout' }).click();
    await hydrated(page);
    const c = checkout(page);
    await c.form.waitFor();
    await c.fillAddress({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '0117 496 0000',
      postcode: 'BS2 0UX',
      address_1: '12 Harbour Road',
      city: 'Bristol',
    });
    await expect.poll(c.total).toBe('£27.00');
    const totals = c.form.getByLabel('Checkout totals');
    await expect.poll(() => figure(totals, /^Goods$/).textContent()).toBe('£30.00');
    await expect.poll(() => figure(totals, `Discount (${code})`).textContent()).toBe('−£3.00');
    await expect.poll(() => figure(totals, /^Delivery$/).textContent()).toBe('£0.00');
    await expect.poll(() => figure(totals, /^VAT included$/).textContent()).toBe('£4.50');

    // Removing the code gives the full price back.
    await page.getByRole('button', { name: /^Basket, / }).click();
    await shown(basket);
    await basket.getByRole('button', { name: 'Remove', exact: true }).click();
    await shown(basket.getByRole('textbox', { name: 'Discount code' }));
    await expect.poll(() => figure(basket, /^Total$/).textContent()).toBe('£30.00');
    await expect.poll(() => figure(basket, /^Discount/).count()).toBe(0);
    await expect.poll(() => figure(basket, /^VAT/).textContent()).toBe('£5.00');
    await shopper.close();
    expect(errors).toEqual([]);
  });
});
