// What the product page says the stone is: the owner enters ratings and uploads a Declaration of
// Performance in the editor; a shopper, on a desktop and on a 375 px phone, reads the description
// and the specifications, and downloads the DoP. The page's JSON-LD carries the same facts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { queryRows } from '#db/client.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  PHONE,
  shown,
} from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let staffContext: BrowserContext;
let staffPage: Page;
/** A published marble tile whose first size is 600x400x20, for figures worked by hand. */
let product: { id: number; slug: string; name: string };

/** The specification rows of that tile, once the owner has entered its ratings. */
const SPECIFICATIONS = [
  ['Material', 'Marble'],
  ['Finish', 'Brushed (Rough Finish)'],
  ['Colour', 'White'],
  ['Suitable for', 'Kitchen, Bathroom Floor, Pool, Wet Room'],
  ['Frost resistance', 'Frost resistant (EN 12371)'],
  ['Slip rating', 'PTV 36+ wet (BS 7976-2)'],
  [
    'Sealing',
    'Seal before grouting and again after installation, with an impregnating sealer for natural stone.',
  ],
];
/**
 * Its sizes: pieces per m² = 1 / tile area (600 × 400 mm: 1 / 0.24 = 4.17); weight per m² =
 * marble's 2.7 t/m³ × thickness (20 mm: 54 kg, 15 mm: 40.5 kg, 12 mm: 32.4 kg).
 */
const SIZES = [
  ['Size (mm)', 'Thickness', 'Pieces per m²', 'Weight per m²'],
  ['600 × 400', '20 mm', '4.17', '54 kg'],
  ['406 × 406', '12 mm', '6.07', '32.4 kg'],
  ['600 × 400', '15 mm', '4.17', '40.5 kg'],
  ['610 × 406', '12 mm', '4.04', '32.4 kg'],
];

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const [row] = await queryRows<{ id: number; slug: string; name: string; variation: number }>(
    shop.app.services.db,
    sql`SELECT p.id, p.slug, p.name, (SELECT v.id FROM variations v WHERE v.product_id = p.id
          AND v.option ~ '^\\d+x\\d+' ORDER BY v.position LIMIT 1) AS variation
      FROM products p
      JOIN product_terms pt ON pt.product_id = p.id
      JOIN attribute_terms at ON at.id = pt.term_id AND at.attribute_id = 6 AND at.slug = 'marble'
      WHERE p.status = 'publish' AND EXISTS (SELECT 1 FROM variations v
        WHERE v.product_id = p.id AND v.option ~ '^\\d+x\\d+')
      ORDER BY p.id LIMIT 1`,
  );
  product = { id: row!.id, slug: row!.slug, name: row!.name };
  // The figures below are this seeded tile's.
  expect(product.name).toBe('Statuario Brushed Marble Tiles');
  await shop.app.services.db.execute(
    sql`UPDATE variations SET option = '600x400x20' WHERE id = ${row!.variation}`,
  );
  staffContext = await browser.newContext({ baseURL: base, viewport: DESKTOP });
  staffPage = await staffContext.newPage();
  await signInStaff(staffPage, TEST_OWNER);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('the owner in the product editor', () => {
  it('enters a slip rating and uploads a Declaration of Performance (1280 px)', async () => {
    const page = staffPage;
    await page.goto(`/admin/products/${product.id}`);
    const facts = page.getByRole('form', { name: 'Facts' });
    await facts.getByLabel('Slip rating (e.g. PTV 36+ wet, R11)').fill('PTV 36+ wet (BS 7976-2)');
    await facts.getByRole('button', { name: 'Save facts' }).click();
    await shown(facts.getByText('Facts saved'));
    const documents = page.getByRole('region', { name: 'Documents' });
    const upload = documents.getByRole('form', { name: 'Upload a document' });
    await upload.getByLabel('New document (PDF, at most 10 MB)').setInputFiles({
      name: 'dop.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await upload.getByLabel('Its title').fill('Declaration of Performance');
    await upload.getByLabel('Its kind').selectOption('dop');
    await upload.getByRole('button', { name: 'Upload document' }).click();
    await shown(documents.getByText('Document added'));
    await expect
      .poll(() => documents.getByLabel('Title of document 1').inputValue())
      .toBe('Declaration of Performance');
  });

  it('enters frost resistance on a 375 px phone; the earlier saves stand', async () => {
    const page = staffPage;
    await page.setViewportSize(PHONE);
    await page.goto(`/admin/products/${product.id}`);
    const facts = page.getByRole('form', { name: 'Facts' });
    await expect
      .poll(() => facts.getByLabel('Slip rating (e.g. PTV 36+ wet, R11)').inputValue())
      .toBe('PTV 36+ wet (BS 7976-2)');
    await facts
      .getByLabel('Frost resistance (e.g. Frost resistant, EN 12371)')
      .fill('Frost resistant (EN 12371)');
    await facts.getByRole('button', { name: 'Save facts' }).click();
    await shown(facts.getByText('Facts saved'));
    await shown(
      page
        .getByRole('region', { name: 'Documents' })
        .getByRole('link', { name: 'Open document 1' }),
    );
  });
});

describe.each([
  ['a 1280 px desktop', DESKTOP, 'product-specifications'],
  ['a 375 px phone', PHONE, 'product-specifications-phone'],
] as const)('a shopper on %s', (_name, viewport, screenshot) => {
  it('reads the description and specifications, and downloads the DoP', async () => {
    const context = await browser.newContext({ baseURL: base, viewport });
    const page = await context.newPage();
    const response = await page.goto(`/product/${product.slug}`);
    expect(response?.status()).toBe(200);
    // Rendered on the server: the facts are in the page before any script runs.
    const html = await response!.text();
    expect(html).toContain('<h2 id="specifications-heading"');
    expect(html).toContain('PTV 36+ wet (BS 7976-2)');
    expect(html).toContain('Natural stone varies from piece to piece');
    const main = page.getByRole('main');
    const description = main.getByRole('region', { name: 'Description' });
    await shown(description);
    await expect
      .poll(() => description.locator('p').allInnerTexts())
      .toEqual([
        `${product.name} is cut from Statuario marble. Natural stone varies from piece to piece and batch to batch in colour, veining and markings: order a sample to see the current batch.`,
        'Allow 10% extra for cuts and breakages. Seal before grouting and after installation.',
      ]);
    // Each row's cells, read apart: a row's text content runs its cells together ("20 mm4.17").
    const rows = (table: Locator) =>
      table
        .locator('tr')
        .evaluateAll((trs) =>
          trs.map((tr) => [...tr.children].map((cell) => (cell as HTMLElement).innerText.trim())),
        );
    const specifications = main.getByRole('region', { name: 'Specifications' });
    await expect
      .poll(() => rows(specifications.getByRole('table').first()))
      .toEqual(SPECIFICATIONS);
    await expect
      .poll(() => rows(specifications.getByRole('table', { name: 'Sizes' })))
      .toEqual(SIZES);
    // Every section of the facts fits the screen: the sizes table scrolls within its own box.
    await hydrated(page);
    for (const name of ['Description', 'Specifications', 'Documents']) {
      const box = (await main.getByRole('region', { name }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }

    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((item) => item['@type'] === 'Product')!;
    expect(ld.material).toBe('Marble');
    expect(ld.description).toMatch(/^.+ is cut from .+ marble\. Natural stone varies/);
    expect(ld.additionalProperty).toEqual(
      expect.arrayContaining([
        { '@type': 'PropertyValue', name: 'Slip rating', value: 'PTV 36+ wet (BS 7976-2)' },
        {
          '@type': 'PropertyValue',
          name: 'Weight per m² (600x400x20)',
          value: 54,
          unitText: 'kg/m²',
        },
      ]),
    );
    const [dop] = ld.subjectOf as { '@type': string; name: string; url: string }[];
    expect(dop).toMatchObject({
      '@type': 'DigitalDocument',
      name: 'Declaration of Performance',
      encodingFormat: 'application/pdf',
    });
    expect(dop!.url).toMatch(
      new RegExp(`^${base}/api/product-documents/\\d+/declaration-of-performance\\.pdf$`),
    );

    const documents = main.getByRole('region', { name: 'Documents' });
    await description.evaluate((section) => section.scrollIntoView({ block: 'start' }));
    await docsScreenshot(page, screenshot);
    const link = documents.getByRole('link', { name: 'Declaration of Performance' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.url()).toBe(dop!.url);
    expect(download.suggestedFilename()).toBe('declaration-of-performance.pdf');
    expect(Buffer.compare(readFileSync((await download.path())!), PDF)).toBe(0);
    // The type and name a browser without the link's download attribute is given.
    const file = await context.request.get(dop!.url);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toBe(
      'inline; filename="declaration-of-performance.pdf"',
    );
    await context.close();
  });
});
