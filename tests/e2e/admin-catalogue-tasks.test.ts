// The catalogue's end-of-life tasks, as the owner does them in the back office and as a shopper
// then finds the shop: a duplicate opens as a draft copy with its sizes, an archived product
// leaves the listing and its page answers 410, a product on an order cannot be deleted (a copy
// never ordered can), and a deleted category's address answers 301 with the one it went into.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { queryRows } from '#db/client.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { docsScreenshot, launchBrowser, DESKTOP, PHONE, shown } from './fixtures/browser.ts';
import { placeBankTransferOrder, signInStaff, startStaffShop } from './fixtures/staff.ts';

const catalogue = buildCatalogue();
/** Products the other tasks leave alone: from the middle of the catalogue. */
const middle = catalogue.products.filter((p) => !p.onSale).slice(40);

let browser: Browser;
let shop: TestApp;
let base: string;
/** The owner's signed-in cookies, signed in once for both viewports. */
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
/** A product a guest has ordered. */
let ordered: { name: string; orders: number };
beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const context = await browser.newContext({ baseURL: base, viewport: DESKTOP });
  await signInStaff(await context.newPage(), TEST_OWNER);
  signedIn = await context.storageState();
  await context.close();
  const { productId } = await placeBankTransferOrder(base);
  const [row] = await queryRows<{ name: string; orders: number }>(
    shop.app.services.db,
    sql`SELECT p.name, (SELECT count(DISTINCT ol.order_id)::int FROM order_lines ol
          WHERE ol.product_id = p.id) AS orders
        FROM products p WHERE p.id = ${productId}`,
  );
  ordered = row!;
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const owner = (viewport: { width: number; height: number }) =>
  browser.newContext({ baseURL: base, viewport, storageState: signedIn });

/** The size names in the editor's Sizes form, in its order. */
async function sizeNames(page: Page): Promise<string[]> {
  const sizes = page.getByRole('form', { name: 'Sizes' });
  const fields = sizes.getByLabel('Size', { exact: true });
  await fields.first().waitFor();
  return Promise.all((await fields.all()).map((field) => field.inputValue()));
}

/** The product's link in its first category's listing, searched by name, for a shopper. */
async function listedLink(page: Page, product: (typeof middle)[number]) {
  const search = encodeURIComponent(product.name);
  const answer = await page.goto(`/collections/${product.categories[0]}?search=${search}`);
  expect(answer?.status()).toBe(200);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page.getByRole('main').getByRole('link', { name: product.name, exact: true });
}

describe.each([
  ['desktop', DESKTOP, 0, 'desktop', ['travertine-tiles', 'Travertine Tiles']],
  ['375 px', PHONE, 1, 'phone', ['slate-tiles', 'Slate Tiles']],
] as const)('catalogue tasks (%s)', (_label, viewport, index, shot, [gone, goneName]) => {
  const product = middle[index]!;

  it('duplicates a product as a draft copy with its sizes; archived, it leaves the listing and its page answers 410', async () => {
    const shopper = await browser.newContext({ baseURL: base, viewport });
    const browsing = await shopper.newPage();
    await shown(await listedLink(browsing, product));

    const context = await owner(viewport);
    const page = await context.newPage();
    await page.goto(`/admin/products?q=${product.slug}`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('link', { name: product.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const originalSizes = await sizeNames(page);
    expect(originalSizes.length).toBeGreaterThan(0);

    await page.goto(`/admin/products?q=${product.slug}`);
    await page.getByRole('button', { name: `Duplicate ${product.name}` }).click();
    await shown(
      page.getByRole('status').filter({ hasText: `Made ${product.name} (copy), a draft copy` }),
    );
    await page.getByRole('link', { name: 'Edit the copy' }).click();
    await page.getByRole('heading', { level: 1, name: `${product.name} (copy)` }).waitFor();
    await expect
      .poll(() => page.getByLabel('Slug (the old one redirects here)').inputValue())
      .toBe(`${product.slug}-copy`);
    await expect.poll(() => page.getByLabel('Status').inputValue()).toBe('draft');
    await expect.poll(() => sizeNames(page)).toEqual(originalSizes);

    await page.goto(`/admin/products?q=${product.slug}`);
    await page.getByRole('button', { name: `Archive ${product.name}` }).click();
    // Said above the list: the archived product's row leaves the default list as it reloads.
    await shown(
      page
        .getByRole('status')
        .filter({ hasText: `Archived ${product.name}: it is hidden from the shop` }),
    );
    // Out of the default list; under the Archived filter.
    await shown(page.getByText('0 products'));
    await page.getByLabel('Status').selectOption('archived');
    await shown(page.getByRole('cell', { name: 'Archived' }));
    await page.getByRole('cell', { name: 'Archived' }).scrollIntoViewIfNeeded();
    await docsScreenshot(page, `admin-archived-products-${shot}`);
    await context.close();

    await expect.poll(async () => (await listedLink(browsing, product)).count()).toBe(0);
    const answer = await browsing.goto(`/product/${product.slug}`);
    expect(answer?.status()).toBe(410);
    await shown(
      browsing.getByRole('heading', { level: 1, name: `${product.name} is no longer sold` }),
    );
    await shopper.close();
  });

  it('refuses to delete an ordered product, saying why; deletes the copy nobody ordered', async () => {
    const context = await owner(viewport);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());

    await page.goto(`/admin/products?q=${encodeURIComponent(ordered.name)}`);
    await page.getByRole('button', { name: `Delete ${ordered.name}` }).click();
    const plural = ordered.orders === 1 ? 'order' : 'orders';
    await shown(
      page.getByRole('alert').filter({
        hasText: `This product is on ${ordered.orders} ${plural}, so it cannot be deleted: archive it instead to take it out of the shop`,
      }),
    );
    await shown(page.getByRole('link', { name: ordered.name, exact: true }));

    const copy = `${product.name} (copy)`;
    await page.goto(`/admin/products?q=${product.slug}-copy`);
    await page.getByRole('button', { name: `Delete ${copy}` }).click();
    await shown(page.getByRole('status').filter({ hasText: `Deleted ${copy}` }));
    await shown(page.getByText('0 products'));
    const answer = await page.goto(`/product/${product.slug}-copy`);
    expect(answer?.status()).toBe(404);
    await context.close();
  });

  it(`deletes ${goneName} into Limestone Tiles: its old address answers 301 with the new one`, async () => {
    const context = await owner(viewport);
    const page = await context.newPage();
    await page.goto('/admin/categories');
    const categories = page.getByRole('region', { name: 'Categories' });
    await categories.getByRole('button', { name: `Delete ${goneName}` }).click();
    const form = categories.getByRole('form', { name: `Delete ${goneName}` });
    await form
      .getByLabel('Move its products and old address to')
      .selectOption({ label: 'Limestone Tiles (stone-collection)' });
    await form.getByRole('button', { name: `Delete ${goneName}` }).click();
    await shown(
      categories.getByRole('status').filter({
        hasText: new RegExp(
          `^${goneName} deleted: its \\d+ products and old address moved to Limestone Tiles$`,
        ),
      }),
    );
    await context.close();

    const shopper = await browser.newContext({ baseURL: base, viewport });
    const browsing = await shopper.newPage();
    const answer = await browsing.goto(`/collections/${gone}?sort=price-asc`);
    expect(answer?.request().redirectedFrom()?.url()).toBe(
      `${base}/collections/${gone}?sort=price-asc`,
    );
    const moved = await answer!.request().redirectedFrom()!.response();
    expect(moved?.status()).toBe(301);
    expect(answer?.status()).toBe(200);
    expect(browsing.url()).toBe(`${base}/collections/limestone-tiles?sort=price-asc`);
    await shown(browsing.getByRole('heading', { level: 1, name: 'Limestone Tiles' }));
    await shopper.close();
  });
});
