// A guest follows the order on its tracking page (the order's secret link) while staff move it
// from paid to delivered, at desktop width and on a 375 px phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { formatLondonDate } from '#domain/dates.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import type { StaffBrowser } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import {
  docsScreenshot,
  DESKTOP,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
} from './fixtures/browser.ts';
import { startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let owner: StaffBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
  const started = await startStaffShop({
    email: `dispatch.${Date.now()}@tessera.test`,
    password: 'Portland-stone-31',
    name: 'Dee Spatch',
    role: 'manager',
  });
  shop = started.shop;
  base = started.base;
  owner = started.owner!;
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A guest's bank-transfer order of a few tiles; answers its number, total and secret token. */
async function placeGuestOrder(): Promise<{ number: string; total: string; token: string }> {
  const guest = new ApiShopper(shop.app);
  const products = (await guest.call('GET', '/api/products?per_page=40')).body.data as {
    id: number;
  }[];
  for (const product of products) {
    const sizes = (await guest.call('GET', `/api/product/${product.id}/variations`)).body as {
      id: number;
      stock_quantity: number | null;
      attributes: { option: string }[];
    }[];
    const size = sizes.find(
      (v) => (v.stock_quantity ?? 0) > 10 && /^\d+x\d+/.test(v.attributes[0]!.option),
    );
    if (!size) continue;
    await guest.add(product.id, size.id, 2);
    const quote = await guest.quote();
    const placed = await guest.placeOrder(
      checkoutInput(quote.totals.total.gross),
      crypto.randomUUID(),
    );
    if (placed.status !== 201) throw new Error(`order refused: ${JSON.stringify(placed.body)}`);
    return {
      number: placed.body.data.number,
      total: quote.totals.total.gross,
      token: placed.body.token,
    };
  }
  throw new Error('no tile with stock to order');
}

async function staff(number: string, action: 'mark-paid' | 'move', body: object) {
  const answer = await owner.call('POST', `/api/admin/orders/${number}/${action}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const progress = (page: Page) => page.getByRole('list', { name: 'Order progress' });
const step = (page: Page, label: string) =>
  progress(page).getByRole('listitem').filter({ hasText: label });

/** Reloads the guest's page and waits for the step now current. */
async function reloadAt(page: Page, current: string) {
  await page.reload();
  await hydrated(page);
  await progress(page).locator('li[aria-current="step"]', { hasText: current }).waitFor();
}

/** A 401 from /api/verify is how a guest's page learns nobody is signed in. */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('order tracking on %s', (label, viewport) => {
  it('follows the order to delivered on its tracking page', async () => {
    const order = await placeGuestOrder();
    const { page, context, errors } = await openPage(browser, viewport, base);
    const today = formatLondonDate(new Date());
    await page.goto(`/checkout/order/${order.number}?token=${encodeURIComponent(order.token)}`);
    await hydrated(page);
    await page.getByRole('heading', { name: 'Order tracking' }).waitFor();
    await progress(page).locator('li[aria-current="step"]', { hasText: 'Order placed' }).waitFor();
    await expect.poll(() => step(page, 'Order placed').innerText()).toContain(today);
    await step(page, 'Awaiting payment').waitFor();
    await expect.poll(() => progress(page).getByRole('listitem').allInnerTexts()).toHaveLength(5);

    await staff(order.number, 'mark-paid', { amount: order.total });
    await reloadAt(page, 'Payment received');
    await expect.poll(() => step(page, 'Payment received').innerText()).toContain(today);
    const invoice = page.getByRole('link', { name: /^Download VAT invoice INV-\d+ \(PDF\)$/ });
    await invoice.waitFor();
    const pdf = await page.request.get((await invoice.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await staff(order.number, 'move', { status: 'processing' });
    await shop.app.services.db.execute(sql`UPDATE orders
        SET delivery_date = '2026-12-03', delivery_slot = 'am' WHERE number = ${order.number}`);
    await staff(order.number, 'move', { status: 'dispatched' });
    await shop.app.services.db.execute(sql`UPDATE orders SET carrier = 'Palletways',
        tracking_number = 'PW123456789', tracking_url = 'https://track.example.com/PW123456789',
        dispatched_at = '2026-12-02T08:30:00Z' WHERE number = ${order.number}`);
    await reloadAt(page, 'Dispatched');
    await expect
      .poll(() => step(page, 'Delivery day booked').innerText())
      .toMatch(/3 December 2026\s+Morning \(AM\)/);
    const dispatched = step(page, 'Dispatched');
    await expect.poll(() => dispatched.innerText()).toContain('2 December 2026');
    await expect.poll(() => dispatched.innerText()).toContain('Tracking number PW123456789');
    const track = dispatched.getByRole('link', { name: /^Track your delivery with Palletways/ });
    await expect
      .poll(() => track.getAttribute('href'))
      .toBe('https://track.example.com/PW123456789');

    await staff(order.number, 'move', { status: 'delivered' });
    await shop.app.services.db.execute(sql`UPDATE orders
        SET delivered_at = '2026-12-03T10:45:00Z' WHERE number = ${order.number}`);
    await reloadAt(page, 'Delivered');
    await expect.poll(() => step(page, 'Delivered').innerText()).toContain('3 December 2026');
    await expect.poll(() => progress(page).locator('li[aria-current="step"]').count()).toBe(1);
    const steps = async () =>
      (await progress(page).getByRole('listitem').allInnerTexts()).map(
        (text) => text.split('\n')[0],
      );
    await expect
      .poll(steps)
      .toEqual([
        'Order placed',
        'Payment received',
        'Delivery day booked',
        'Dispatched',
        'Delivered',
      ]);
    // Nothing wider than the phone: the tracking number and link wrap.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await progress(page).scrollIntoViewIfNeeded();
    await docsScreenshot(page, `order-tracking-${label}`, { fullPage: true });
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});
