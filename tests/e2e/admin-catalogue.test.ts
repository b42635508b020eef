import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import {
  docsScreenshot,
  hydrated,
  launchBrowser,
  DESKTOP,
  PHONE,
  shown,
} from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { productEditSchema, productEditValues } from '#domain/admin-catalogue.ts';
import { readAdminProduct } from '#server/services/catalogue/admin-products.ts';

const catalogue = buildCatalogue();
/** A tile sold by the m² with two or more sizes: its cheapest size gets a new price. */
// The last such product: the other browser tests pick the first ones of the catalogue.
const tile = catalogue.products.findLast(
  (p) =>
    p.unit === 'm2' &&
    p.variations.filter((v) => !/sample/i.test(v.option)).length >= 2 &&
    !p.onSale,
)!;

let browser: Browser;
let signedIn: BrowserContext;
/** A shop of its own: its first owner enrols here, apart from the other back-office tests. */
let shop: TestApp;
let base: string;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the back office catalogue', () => {
  it('signs in with a TOTP code, edits a price and the storefront shows it', async () => {
    const context = await browser.newContext({ baseURL: base, viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    signedIn = context;
    await signInStaff(page, TEST_OWNER);
    await page.getByRole('link', { name: 'Products' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('search').getByLabel('Search name or SKU').fill(tile.name);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: tile.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: tile.name }).waitFor();

    const sizes = page.getByRole('form', { name: 'Sizes' });
    const sizeOptions = await sizes
      .getByLabel('Size', { exact: true })
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const index = sizeOptions.findIndex((option) => !/sample/i.test(option));
    const price = sizes.getByLabel(/^Price £/).nth(index);
    // A bad price is refused with the schema's message, in the browser first.
    await price.fill('abc');
    await sizes.getByRole('button', { name: 'Save sizes' }).click();
    await shown(sizes.getByText('Enter a price in pounds, e.g. 45.00'));
    await price.fill('1.23');
    await sizes.getByLabel('Sale price £').nth(index).fill('');
    await sizes.getByRole('button', { name: 'Save sizes' }).click();
    await shown(sizes.getByRole('status').filter({ hasText: 'Sizes saved' })).catch(async (e) => {
      console.log(await sizes.innerText(), errors);
      throw e;
    });
    // An image upload: sharp renders a PNG; the server stores it and serves it as WebP.
    const png = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#cfc6b4' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('New image (JPEG, PNG, WebP, AVIF or GIF)')
      .setInputFiles({ name: 'slab.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Its alt text').fill('A honed slab in daylight');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await shown(page.getByRole('status').filter({ hasText: 'Image added' }));
    await docsScreenshot(page, 'admin-product-editor', { fullPage: true });

    await page.goto(`/product/${tile.slug}`);
    await hydrated(page);
    await shown(page.getByText('from £1.23 / M2'));
    const answer = await (await page.request.get(`/api/products/slug/${tile.slug}`)).json();
    const uploaded = answer.data.images.find(
      (i: { alt: string }) => i.alt === 'A honed slab in daylight',
    );
    expect(uploaded.src).toMatch(/^\/media\/upload\/\d+-640\.webp$/);
    expect((await page.request.get(uploaded.src)).headers()['content-type']).toBe('image/webp');

    // A renamed product: its old address redirects to the new one.
    await page.goBack();
    const id = Number(new URL(page.url()).pathname.split('/').at(-1));
    const product = (await (await page.request.get(`/api/admin/products/${id}`)).json()).data;
    const fields = {
      name: product.name,
      slug: `${tile.slug}-renamed`,
      status: product.status,
      short_description: product.short_description,
      description: product.description,
      category_ids: product.category_ids,
      term_ids: product.term_ids,
      featured: product.featured,
      is_new_arrival: product.is_new_arrival,
      on_sale: product.on_sale,
    };
    const put = (slug: string) =>
      page.request.put(`/api/admin/products/${id}`, { data: { ...fields, slug } });
    expect((await put(`${tile.slug}-renamed`)).status()).toBe(200);
    await page.goto(`/product/${tile.slug}`);
    expect(new URL(page.url()).pathname).toBe(`/product/${tile.slug}-renamed`);
    await hydrated(page);
    expect((await put(tile.slug)).status()).toBe(200);
    // The price as the seed had it, for the browser tests that follow on this server.
    const restored = await page.request.put(`/api/admin/products/${id}/variations`, {
      data: {
        variations: product.variations.map(
          (v: { id: number; option: string; sku: string | null }) => ({
            id: v.id,
            option: v.option,
            sku: v.sku ?? '',
            price: (tile.variations.find((s) => s.option === v.option)!.pricePence / 100).toFixed(
              2,
            ),
            sale_price: '',
          }),
        ),
      },
    });
    expect(restored.status()).toBe(200);
    expect(errors).toEqual([]);
  });

  it('adds a product as a draft, publishes it for the shop, then makes it trade only', async () => {
    const page = await signedIn.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await hydrated(page);
    await page.getByText('Add a product').click();
    const add = page.getByRole('form', { name: 'Add a product' });
    await add.getByRole('button', { name: 'Add product' }).click();
    await shown(add.getByRole('alert').getByText('Enter the product name'));
    await add.getByLabel("New product's name").fill('Rosso Levanto Marble Slab');
    await add.getByRole('button', { name: 'Add product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rosso Levanto Marble Slab' }).waitFor();
    const product = page.getByRole('form', { name: 'Product' });
    await expect.poll(() => product.getByLabel('Status').inputValue()).toBe('draft');

    await product.getByLabel('Status').selectOption('publish');
    await product.getByRole('button', { name: 'Save product' }).click();
    await shown(
      product.getByText('Add a size with its price before publishing the product').first(),
    );
    await expect.poll(() => product.getByLabel('Status').getAttribute('aria-invalid')).toBe('true');

    const sizes = page.getByRole('form', { name: 'Sizes' });
    await sizes.getByRole('button', { name: 'Add a size' }).click();
    await sizes.getByLabel('Size', { exact: true }).fill('600x400x20');
    await sizes.getByLabel('Price £ per m²').fill('88.00');
    await sizes.getByLabel('Stock (pieces)').fill('12');
    await sizes.getByRole('button', { name: 'Save sizes' }).click();
    await shown(sizes.getByRole('status').filter({ hasText: 'Sizes saved' }));
    await product.getByRole('button', { name: 'Save product' }).click();
    await shown(product.getByRole('status').filter({ hasText: 'Product saved' }));

    const shopper = await browser.newContext({ baseURL: base, viewport: DESKTOP });
    const storefront = await shopper.newPage();
    await storefront.goto('/product/rosso-levanto-marble-slab');
    await storefront
      .getByRole('heading', { level: 1, name: 'Rosso Levanto Marble Slab' })
      .waitFor();

    // Trade only: the list marks it, and a retail shopper finds no such product.
    await product.getByLabel('Trade only').check();
    await product.getByRole('button', { name: 'Save product' }).click();
    await shown(product.getByRole('status').filter({ hasText: 'Product saved' }));
    await page.goto('/admin/products');
    await hydrated(page);
    await page.getByLabel('Sold to').selectOption('Trade only');
    // The header row and the one trade-only product, once the filtered page has come.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await shown(page.getByRole('cell', { name: 'Published · Trade only' }));
    await shown(page.getByRole('link', { name: 'Rosso Levanto Marble Slab', exact: true }));
    const hidden = await storefront.goto('/product/rosso-levanto-marble-slab');
    expect(hidden?.status()).toBe(404);
    await shown(storefront.getByRole('heading', { name: 'Product not found' }));
    await shopper.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("refuses a save over a colleague's, shows who changed what, and re-applies the change", async () => {
    const page = await signedIn.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const [row] = await queryRows<{ id: number }>(
      shop.app.services.db,
      sql`SELECT id FROM products WHERE name = ${tile.name}`,
    );
    await page.goto(`/admin/products/${row!.id}`);
    await page.getByRole('heading', { level: 1, name: tile.name }).waitFor();
    await hydrated(page);
    // A colleague saves the product while it is open here.
    const colleague = { staffId: null, actor: 'colleague@tessera.test', ip: null, userAgent: null };
    const current = (await readAdminProduct(shop.app.services.db, row!.id))!;
    await shop.app.services.adminCatalogue.products.save(
      row!.id,
      { ...productEditSchema.parse(productEditValues(current)), short_description: 'Cut in Bath' },
      colleague,
    );

    const product = page.getByRole('form', { name: 'Product' });
    await product.getByLabel('Name').fill(`${tile.name} Honed`);
    await product.getByRole('button', { name: 'Save product' }).click();
    await shown(
      product.getByRole('alert').filter({
        hasText:
          'Someone else saved this since you opened it (colleague@tessera.test, short_description)',
      }),
    );
    await product.getByRole('button', { name: 'Re-apply my changes' }).click();
    await shown(product.getByRole('status').filter({ hasText: 'Your changes are back on top' }));
    await expect.poll(() => product.getByLabel('Name').inputValue()).toBe(`${tile.name} Honed`);
    await expect
      .poll(() => product.getByLabel('Short description').inputValue())
      .toBe('Cut in Bath');
    await product.getByRole('button', { name: 'Save product' }).click();
    await shown(product.getByRole('status').filter({ hasText: 'Product saved' }));
    const saved = (await readAdminProduct(shop.app.services.db, row!.id))!;
    expect(saved).toMatchObject({ name: `${tile.name} Honed`, short_description: 'Cut in Bath' });

    // Reload instead: the colleague's version replaces what was typed here.
    await shop.app.services.adminCatalogue.products.save(
      row!.id,
      { ...productEditSchema.parse(productEditValues(saved)), name: tile.name },
      colleague,
    );
    await product.getByLabel('Name').fill('Typed then dropped');
    await product.getByRole('button', { name: 'Save product' }).click();
    await product.getByRole('button', { name: 'Reload the product' }).click();
    await page.getByRole('heading', { level: 1, name: tile.name }).waitFor();
    // The heading already reads the name before the reloaded values reach the field: wait for them.
    await expect
      .poll(() => page.getByRole('form', { name: 'Product' }).getByLabel('Name').inputValue())
      .toBe(tile.name);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the sizes grid at 375 px, every field on screen', async () => {
    const context = await browser.newContext({
      baseURL: base,
      viewport: PHONE,
      storageState: await signedIn.storageState(),
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/admin/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('search').getByLabel('Search name or SKU').fill(tile.name);
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: tile.name, exact: true }).click();
    const sizes = page.getByRole('form', { name: 'Sizes' });
    await sizes.waitFor();
    const stock = sizes.getByLabel('Stock (pieces)').first();
    await stock.scrollIntoViewIfNeeded();
    const box = (await stock.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await stock.fill('25');
    await sizes.getByRole('button', { name: 'Save sizes' }).click();
    await shown(sizes.getByRole('status').filter({ hasText: 'Sizes saved' }));
    await docsScreenshot(page, 'admin-sizes-phone', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
