import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { CheckoutQuoteJson, OrderJson } from '#domain/checkout.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
} from './fixtures/browser.ts';
import { startStaffShop } from './fixtures/staff.ts';
import { signInCustomer } from './fixtures/customer.ts';

const PASSWORD = 'riven-slate-9042';
let browser: Browser;
let shop: TestApp;
let base: string;
let tile: { id: number; product_id: number };

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const db = shop.app.services.db;
  [tile] = (await queryRows<{ id: number; product_id: number }>(
    db,
    sql`SELECT v.id, v.product_id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND p.unit = 'm2' AND v.option ~ '^\\d+x\\d+x\\d+$'
        ORDER BY v.id LIMIT 1`,
  )) as [typeof tile];
  // 0.24 m² a piece at £250.00 a m², in packs of 4: a pack is £240.00.
  await db.execute(sql`UPDATE variations SET option = '600x400x20', price_pence = 25000,
    regular_price_pence = NULL, stock_quantity = 100, pieces_per_pack = 4 WHERE id = ${tile.id}`);
  shop.app.services.invalidateCatalogue();
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** A signed-up customer's order of two packs, paid and delivered yesterday. */
async function deliveredOrder(email: string): Promise<string> {
  const shopper = new ApiShopper(shop.app);
  expect(
    (await shopper.call('POST', '/api/auth/register', { email, password: PASSWORD })).status,
  ).toBe(201);
  expect((await shopper.add(tile.product_id, tile.id, 8)).status).toBe(200);
  const quote: CheckoutQuoteJson = await shopper.quote();
  const placed = await shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, { email }),
    randomUUID(),
  );
  expect(placed.status).toBe(201);
  const order = placed.body.data as OrderJson;
  await shop.app.services.db.execute(sql`UPDATE orders SET status = 'delivered',
    payment_status = 'succeeded', delivered_at = now() - interval '1 day'
    WHERE number = ${order.number}`);
  return order.number;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('returns on %s', (label, viewport) => {
  it('a customer asks to return a full pack', async () => {
    const email = `returns-${label}-${Date.now()}@example.co.uk`;
    const number = await deliveredOrder(email);
    const { page, context, errors } = await openPage(browser, viewport, base);
    await signInCustomer(page, email, PASSWORD);
    await page.goto(`${base}/my-account/orders/${number}`);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();

    await page.getByRole('button', { name: 'Return items' }).click();
    const form = page.getByRole('form', { name: 'Return items' });
    await form.getByText('8 pieces bought, in packs of 4').waitFor();
    await form.getByText(/A restocking fee of 20% of the returned goods is deducted\./).waitFor();
    await form.getByRole('combobox', { name: /^Packs of / }).selectOption('1');
    await form
      .getByRole('combobox', { name: 'Reason' })
      .selectOption({ label: 'I ordered too many' });
    await form.getByRole('button', { name: 'Show my refund' }).click();
    const figures = form.getByLabel('Refund figures');
    await figures.waitFor();
    await expect
      .poll(() => figures.innerText())
      .toMatch(
        /Returned goods\s+£240\.00\s+Restocking fee\s+−£48\.00\s+Collection\s+−£60\.00\s+Refund \(VAT £22\.00\)\s+£132\.00/,
      );
    await docsScreenshot(page, `returns-request-${label}`, { fullPage: true });
    await form.getByRole('button', { name: 'Send return request' }).click();
    await page
      .getByText(`Return ${number}-R1 requested. We will be in touch to book the collection.`)
      .waitFor();
    await page.getByTestId('return-status').getByText('Requested').waitFor();
    await page.getByText('1 × pack of 4, ').waitFor();

    const stored = await queryRows<{ status: string; refund_pence: number; pieces: number }>(
      shop.app.services.db,
      sql`SELECT r.status, r.refund_pence, rl.pieces FROM returns r
          JOIN return_lines rl ON rl.return_id = r.id WHERE r.number = ${`${number}-R1`}`,
    );
    expect(stored).toEqual([{ status: 'requested', refund_pence: 13_200, pieces: 4 }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
