import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { CHECKOUT_MESSAGES } from '#domain/checkout.ts';
import { MESSAGES } from '#domain/validation.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { docsScreenshot, hydrated, launchBrowser, openPage, PHONE } from './fixtures/browser.ts';
import { addTiles, checkout, confirmation, type TestAddress } from './fixtures/checkout.ts';

const catalogue = buildCatalogue();
/** A tile with an in-stock 600x400 size. */
const tile = catalogue.products.find((p) =>
  p.variations.some((v) => v.option.startsWith('600x400') && v.inStock),
)!;
const tileSize = tile.variations.find((v) => v.option.startsWith('600x400') && v.inStock)!;

const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'granite-slab-42';
const BRISTOL: TestAddress = {
  first_name: 'Ada',
  last_name: 'Stone',
  phone: '0117 496 0000',
  postcode: 'BS2 0UX',
  address_1: '1 Temple Way',
  city: 'Bristol',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${counter++}@example.co.uk`;

/** From the basket drawer's Checkout link to the checkout form. */
async function goToCheckout(page: Page) {
  await page
    .getByRole('dialog', { name: /^Your Basket/ })
    .getByRole('link', { name: 'Checkout' })
    .click();
  await page.waitForURL((url) => url.pathname === '/checkout');
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await checkout(page).form.waitFor();
}

/** A 401 from /api/verify is how a guest's page learns nobody is signed in. */
const realErrors = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('checkout on %s', (label, viewport) => {
  it('takes a guest from a product to a placed bank-transfer order', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await addTiles(page, tile, tileSize.option, 3);
    await goToCheckout(page);
    const c = checkout(page);
    const response = await page.request.get('/checkout');
    expect(response.headers()['cache-control']).toBe('no-store');

    await c.form.getByLabel('Email address').fill(uniqueEmail(`guest-${label}`));
    await c.fillAddress(BRISTOL);
    await c.chooseDelivery(/^Standard delivery/);
    await c.choosePayment('Bank transfer');
    await c.acceptTerms();
    await c.form
      .getByRole('listitem', { name: `${tile.name}, ${tileSize.option}` })
      .getByText('3 pcs', { exact: false })
      .waitFor();
    const total = await c.settledTotal();
    expect(total).toMatch(/^£[\d,]+\.\d\d$/);
    await docsScreenshot(page, `checkout-${label}`, { fullPage: true });

    await c.placeOrder.click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/order/'));
    const done = confirmation(page);
    await done.heading.waitFor();
    const number = await done.orderNumber();
    expect(number).not.toBe('');
    await expect.poll(done.reference).toBe(number);
    await expect.poll(done.sortCode).toMatch(/\d\d-\d\d-\d\d/);
    await expect.poll(done.total).toBe(total);
    await page.getByRole('form', { name: 'Create an account' }).waitFor();
    await docsScreenshot(page, `checkout-confirmation-${label}`, { fullPage: true });

    // The guest makes an account with the order's email: the order joins it.
    const account = page.getByRole('form', { name: 'Create an account' });
    await account.getByLabel('Create password').fill(PASSWORD);
    await account.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('link', { name: 'View your order in My account' }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
    await page.getByLabel('Order totals').getByText(total).waitFor();

    // The basket was emptied by the order.
    await page.goto('/checkout');
    await page.getByText(CHECKOUT_MESSAGES.emptyBasket).waitFor();
    await page.getByRole('link', { name: 'Continue shopping' }).waitFor();
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('lets a customer order and find the order in My account', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    const email = uniqueEmail(`customer-${label}`);
    await page.goto('/my-account');
    await hydrated(page);
    const signup = page.getByRole('form', { name: 'Register' });
    await signup.getByLabel('Email address').fill(email);
    await signup.getByLabel('Create password').fill(PASSWORD);
    await signup.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    await addTiles(page, tile, tileSize.option, 2);
    await goToCheckout(page);
    const c = checkout(page);
    await expect.poll(() => c.form.getByLabel('Email address').inputValue()).toBe(email);
    await c.fillAddress(BRISTOL);
    await c.choosePayment('Bank transfer');
    await c.acceptTerms();
    const total = await c.settledTotal();
    await c.placeOrder.click();
    const done = confirmation(page);
    await done.heading.waitFor();
    const number = await done.orderNumber();
    await expect.poll(done.total).toBe(total);
    // A customer's order is already theirs: no account to create.
    await expect.poll(() => page.getByRole('form', { name: 'Create an account' }).count()).toBe(0);

    await page.goto('/my-account/orders');
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: number }) });
    await row.getByText('Awaiting payment').waitFor();
    await row.getByText(total).waitFor();
    await row.getByRole('link', { name: number }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
    await page.getByLabel('Order totals').getByText(total).waitFor();
    await page.getByLabel('Bank details').waitFor();
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await docsScreenshot(page, `account-order-${label}`, { fullPage: true });

    // An order that is not theirs (or does not exist) is not found.
    await page.goto('/my-account/orders/TS-999999');
    await hydrated(page);
    await page.getByText('Order not found').waitFor();
    expect(realErrors(errors).filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('checkout refusals and messages', () => {
  it('refuses a Channel Islands postcode and disables Place order', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await addTiles(page, tile, tileSize.option, 1);
    await goToCheckout(page);
    const c = checkout(page);
    await c.delivery.getByLabel('Postcode').fill('JE2 3AB');
    await c.form
      .getByRole('alert')
      .filter({ hasText: /Sorry, we cannot deliver to the Channel Islands/ })
      .first()
      .waitFor();
    await expect.poll(() => c.placeOrder.isDisabled()).toBe(true);
    // Back to a mainland postcode: the order may be placed again.
    await c.delivery.getByLabel('Postcode').fill('BS2 0UX');
    await expect.poll(() => c.placeOrder.isEnabled()).toBe(true);
    await context.close();
  });

  it("shows the spec's messages as a list that clears on edit", async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await addTiles(page, tile, tileSize.option, 1);
    await goToCheckout(page);
    const c = checkout(page);
    await c.placeOrder.click();
    await expect
      .poll(() => c.errors.getByRole('listitem').allTextContents())
      .toEqual(
        expect.arrayContaining([
          MESSAGES.emailRequired,
          MESSAGES.firstNameRequired,
          MESSAGES.postcodeRequired,
          CHECKOUT_MESSAGES.termsRequired,
        ]),
      );
    await c.delivery.getByLabel('First name').fill('Ada');
    await c.errors.waitFor({ state: 'detached' });

    await c.delivery.getByLabel('Postcode').fill('BS2');
    await c.placeOrder.click();
    await c.errors.getByText(MESSAGES.ukPostcodeInvalid).waitFor();
    await context.close();
  });

  it('places one order when the answer is lost and the shopper tries again', async () => {
    const { page, context } = await openPage(browser, DESKTOP);
    await addTiles(page, tile, tileSize.option, 1);
    await goToCheckout(page);
    const c = checkout(page);
    await c.form.getByLabel('Email address').fill(uniqueEmail('retry'));
    await c.fillAddress(BRISTOL);
    await c.acceptTerms();
    const total = await c.settledTotal();
    // The first attempt reaches the shop, which places the order; its answer never arrives.
    const keys: string[] = [];
    let lose = true;
    await page.route('**/api/checkout/orders', async (route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!lose) return route.continue();
      lose = false;
      await route.fetch();
      await route.abort('failed');
    });
    await c.placeOrder.click();
    await c.form
      .getByRole('alert')
      .filter({ hasText: 'Your order could not be placed.' })
      .waitFor();
    await c.placeOrder.click();
    const done = confirmation(page);
    await done.heading.waitFor();
    await expect.poll(done.total).toBe(total);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    // The basket went into that one order.
    await page.goto('/checkout');
    await page.getByText(CHECKOUT_MESSAGES.emptyBasket).waitFor();
    await context.close();
  });

  it('says so when the basket is empty', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto('/checkout');
    await hydrated(page);
    await page.getByText(CHECKOUT_MESSAGES.emptyBasket).waitFor();
    await page.getByRole('link', { name: 'Continue shopping' }).click();
    await page.waitForURL((url) => url.pathname === '/stone-collection/all-products');
    await context.close();
  });
});
