// What the product page says the stone is: the owner enters ratings and uploads a Declaration of
// Performance in the editor. What a shopper then reads (the description, specifications,
// documents and JSON-LD) is checked in the page's HTML by tests/api/product-facts.test.ts.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { queryRows } from '#db/client.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { type TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, launchBrowser, PHONE, shown } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let staffContext: BrowserContext;
let staffPage: Page;
/** A published marble tile whose first size is 600x400x20, for figures worked by hand. */
let product: { id: number; slug: string; name: string };

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
