// Issue 28: the owner schedules a VAT rate and changes the free-sample limit on the settings
// screen, and a shopper's basket follows the new limit at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { londonDay } from '#domain/dashboard.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, hydrated, launchBrowser, PHONE, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

const DAY_MS = 86_400_000;

let browser: Browser;
let shop: TestApp;
let base: string;
let ownerContext: BrowserContext | undefined;
let signedInOnce = false;
let samples: { product_id: number; id: number }[];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  samples = await queryRows<{ product_id: number; id: number }>(
    shop.app.services.db,
    sql`SELECT DISTINCT ON (v.product_id) v.product_id, v.id FROM variations v
        JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.option ILIKE '%free sample%' AND v.in_stock
        ORDER BY v.product_id, v.id LIMIT 4`,
  );
});
afterAll(async () => {
  await ownerContext?.close();
  await browser?.close();
  await shop?.close();
});

/** The owner's settings screen at a tab, signed in once for the file. */
async function settingsTab(viewport: { width: number; height: number }, tab: string) {
  ownerContext ??= await browser.newContext({ baseURL: base, viewport: DESKTOP });
  const page = await ownerContext.newPage();
  await page.setViewportSize(viewport);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!signedInOnce) {
    await signInStaff(page, TEST_OWNER);
    signedInOnce = true;
  }
  await page.goto(`/admin/settings?tab=${tab}`);
  await hydrated(page);
  return { page, errors };
}

describe.each([
  ['desktop', DESKTOP, 1, '22.5', 2],
  ['phone', PHONE, 2, '17.5', 3],
])('shop rules on %s', (_label, viewport, daysAhead, percent, limit) => {
  it('the owner schedules a VAT rate and lowers the free-sample limit; the basket follows', async () => {
    const day = londonDay(new Date(Date.now() + daysAhead * DAY_MS));
    const { page, errors } = await settingsTab(viewport, 'vat');
    const vat = page.getByRole('form', { name: 'VAT rates' });
    await shown(vat.getByText('In force', { exact: true }));
    // The new rate comes after those the hydrated page lists; its fields are waited for by name.
    const rate = (await vat.getByRole('listitem').count()) + 1;
    await vat.getByRole('button', { name: 'Schedule a new rate' }).click();
    await vat.getByLabel(`Rate ${rate} takes effect on`).fill(day);
    await vat.getByLabel(`Rate ${rate} (%)`).fill(percent);
    await vat.getByRole('button', { name: 'Save vat rates' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'VAT rates saved' }));
    const [stored] = await queryRows<{ percent: string }>(
      shop.app.services.db,
      sql`SELECT percent::text FROM vat_rates WHERE effective_from = ${day}::date`,
    );
    expect(Number(stored!.percent)).toBe(Number(percent));

    await page.getByRole('tab', { name: 'Samples' }).click();
    const form = page.getByRole('form', { name: 'Samples' });
    await form.getByLabel('Free samples per order').fill(String(limit));
    await form.getByRole('button', { name: 'Save samples' }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Sample rules saved' }));

    // A shopper adds one free sample more than the limit: the basket refuses it.
    const shopper = await browser.newContext({ baseURL: base, viewport });
    const shopperPage = await shopper.newPage();
    await shopperPage.goto('/');
    await hydrated(shopperPage);
    const answers = await shopperPage.evaluate(
      async (lines) => {
        const out: { status: number; message?: string }[] = [];
        for (const line of lines) {
          const response = await fetch('/api/cart/add', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              product_id: line.product_id,
              variation_id: line.id,
              quantity: 1,
              is_sample: true,
            }),
          });
          out.push({ status: response.status, message: (await response.json()).message });
        }
        return out;
      },
      samples.slice(0, limit + 1),
    );
    expect(answers.slice(0, limit).map((a) => a.status)).toEqual(Array(limit).fill(200));
    expect(answers[limit]).toEqual({
      status: 409,
      message: `You can order up to ${limit} free samples per order`,
    });
    await shopper.close();
    expect(errors).toEqual([]);
  });
});
