// Issue 27, "Delivery booked, not guessed": a guest books a pallet delivery for a day and a
// timed slot, answers the site-access questions, and sees the booking on the confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BOOKING_MESSAGES, formatBookedDay } from '#domain/booking.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { docsScreenshot, launchBrowser, openPage, PHONE } from './fixtures/browser.ts';
import { addTiles, checkout, confirmation } from './fixtures/checkout.ts';

const catalogue = buildCatalogue();
// Ten pieces of a 600x400 size weigh over the parcel limit: a pallet. The last such product, so
// the stock other checkout tests take from the first is not shared.
const tile = catalogue.products.findLast((p) =>
  p.variations.some((v) => v.option.startsWith('600x400') && v.inStock),
)!;
const tileSize = tile.variations.find((v) => v.option.startsWith('600x400') && v.inStock)!;
const DESKTOP = { width: 1440, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('delivery booking on %s', (label, viewport) => {
  it('a guest books a pallet delivery for a day', async () => {
    const { page, context } = await openPage(browser, viewport);
    // Image variants may be shed (503) on a busy machine; the API must not fail.
    const failedApi: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 500 && new URL(r.url()).pathname.startsWith('/api/'))
        failedApi.push(r.url());
    });
    await addTiles(page, tile, tileSize.option, 10);
    await page
      .getByRole('dialog', { name: /^Your Basket/ })
      .getByRole('link', { name: 'Checkout' })
      .click();
    const c = checkout(page);
    await c.form.waitFor();
    await c.form.getByLabel('Email address').fill(`booking-${label}.${Date.now()}@example.co.uk`);
    await c.fillAddress({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone: '0117 496 0001',
      postcode: 'BS2 0UX',
      address_1: '3 Temple Way',
      city: 'Bristol',
    });
    const days = c.form.getByRole('group', { name: 'Delivery day' });
    await days.waitFor();
    const dayNames = async () =>
      days
        .getByRole('radio')
        .evaluateAll((radios) =>
          radios.map((radio) => (radio as HTMLInputElement).labels![0]!.textContent ?? ''),
        );

    // Paying by bank transfer: the days start after payment is due, never at a weekend.
    await c.choosePayment('Bank transfer');
    const byTransfer = await dayNames();
    expect(byTransfer).toHaveLength(20);
    expect(byTransfer.some((day) => /^(Sat|Sun)/.test(day))).toBe(false);
    await c.form.getByText(/the days start after the day payment is due/).waitFor();
    // Each slot names the first day it can be booked for, not the card-paid estimate.
    const first = (await days.getByRole('radio').first().getAttribute('value'))!;
    const slotsFrom = c.form.getByText(`Book a day from ${formatBookedDay(first)}`);
    await expect.poll(() => slotsFrom.count()).toBe(3);
    // The earliest day is chosen until another is picked.
    await expect.poll(() => days.getByRole('radio').first().isChecked()).toBe(true);

    // The third day offered, in the morning slot, with site access and a note for the driver.
    const third = days.getByRole('radio').nth(2);
    const dayName = (await third.getAttribute('value'))!;
    await third.check();
    await c.chooseDelivery(/^Timed delivery, morning/);
    await c.form.getByLabel('The drive is gravel or unmade').check();
    await c.form.getByLabel('Leaving the pallet at the kerb is fine').check();
    await c.form.getByLabel('Delivery instructions').fill('Side gate, code 1843.');
    // A crane and a tail-lift together are refused before anything is sent.
    await c.form.getByLabel(/^A crane offload is needed/).check();
    await c.form.getByLabel(/^A tail-lift is needed/).check();
    await c.acceptTerms();
    await c.settledTotal();
    await c.placeOrder.click();
    await c.errors.getByText(BOOKING_MESSAGES.craneAndTailLift).waitFor();
    await c.form.getByLabel(/^A tail-lift is needed/).uncheck();
    await c.form.getByLabel(/^A crane offload is needed/).uncheck();
    await expect.poll(() => third.isChecked()).toBe(true);
    const total = await c.settledTotal();
    await docsScreenshot(page, `checkout-booking-${label}`, { fullPage: true });

    await c.placeOrder.click();
    const done = confirmation(page);
    await done.heading.waitFor();
    await expect.poll(done.total).toBe(total);
    const booked = new Date(`${dayName}T12:00:00Z`);
    const weekday = booked.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
    const date = booked.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await page.getByText(`${weekday} ${date}, Morning, 9am–1pm`).waitFor();
    await page
      .getByText('Gravel drive: a pallet truck cannot roll on it; Kerbside is fine')
      .waitFor();
    await page.getByText('Side gate, code 1843.').waitFor();
    await docsScreenshot(page, `checkout-booking-confirmation-${label}`, { fullPage: true });
    expect(failedApi).toEqual([]);
    await context.close();
  });
});
