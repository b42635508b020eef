// A homeowner asks for a worktop cut to size, staff build the quote in the back office with a
// drawing of it and send it, and the homeowner opens the mailed link, downloads the drawing,
// accepts and pays the deposit by bank transfer (desktop and 375 px). Figures by hand: 1200 × 600 mm at £180.00/m² = £129.60, 2 cut-outs at
// £45.00 = £90.00, delivery £60.00: total £279.60 with £46.60 VAT; 30 % deposit £83.88.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ENQUIRY_MESSAGES } from '#domain/enquiry.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, docsScreenshot, launchBrowser, PHONE } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let staff: BrowserContext | undefined;
let signedIn = false;
let stone = '';
/** The worktop's drawing as staff upload it: a PDF by its first bytes. */
const PLAN = Buffer.from('%PDF-1.4\n% worktop 1200 x 600 with a sink and a hob cut-out\n');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  const [row] = await queryRows<{ name: string }>(
    shop.app.services.db,
    sql`SELECT p.name FROM products p JOIN variations v ON v.product_id = p.id
        WHERE p.status = 'publish' AND v.option ~ '^\\d+x\\d+' ORDER BY p.id LIMIT 1`,
  );
  stone = row!.name;
});
afterAll(async () => {
  await staff?.close();
  await browser?.close();
  await shop?.close();
});

async function staffPage(): Promise<{ page: Page; errors: string[] }> {
  staff ??= await browser.newContext({ baseURL: base, viewport: DESKTOP });
  const page = await staff.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!signedIn) {
    await signInStaff(page, TEST_OWNER);
    signedIn = true;
  }
  return { page, errors };
}

describe.each([
  ['desktop', DESKTOP, 'ada.worktop@example.co.uk'],
  ['375 px', PHONE, 'bob.worktop@example.co.uk'],
] as const)('a cut-to-size worktop quoted and accepted (%s)', (_label, viewport, email) => {
  it('goes from enquiry to quote to an order with the deposit to pay', async () => {
    const customer = await browser.newContext({ baseURL: base, viewport });
    const home = await customer.newPage();
    const seen: string[] = [];
    home.on('pageerror', (error) => seen.push(error.message));
    await home.goto('/contact');
    await home.getByLabel('Name', { exact: true }).fill('Ada Worktop');
    await home.getByLabel('Email', { exact: true }).fill(email);
    await home
      .getByLabel('Tell us about your project')
      .fill('A kitchen worktop 1200 x 600 x 30 mm with a sink and a hob cut-out.');
    await home.getByRole('button', { name: 'Request a quote' }).click();
    await home.getByRole('status').filter({ hasText: ENQUIRY_MESSAGES.sent }).waitFor();

    const { page, errors } = await staffPage();
    await page.goto('/admin/quotes');
    const waiting = page.getByRole('list', { name: 'Enquiries waiting for a quote' });
    await waiting.getByRole('listitem').filter({ hasText: email }).getByRole('button').click();
    const form = page.getByRole('form', { name: 'New quote' });
    await expect.poll(() => form.getByLabel('Email address').inputValue()).toBe(email);
    await form.getByLabel('Phone').fill('0117 496 0123');
    await form.getByLabel('Postcode').fill('BS2 0UX');
    await form.getByLabel('Address Line 1').fill('4 Quay Street');
    await form.getByLabel('Town / City').fill('Bristol');
    await form.getByLabel('Stone or size (product name or SKU)').fill(stone);
    await form.getByRole('button', { name: 'Find stone' }).click();
    await form
      .getByRole('button', { name: `Add a bespoke piece of ${stone}` })
      .first()
      .click();
    const line = form.getByRole('list', { name: 'Quote lines' });
    await line.getByLabel('Length (mm)').fill('1200');
    await line.getByLabel('Width (mm)').fill('600');
    await line.getByLabel('Thickness (mm)').fill('30');
    await line.getByLabel('Cut-outs per piece').fill('2');
    await line.getByLabel('Price per cut-out (£)').fill('45.00');
    await line.getByLabel('Unit price (£, VAT included)').fill('180.00');
    await line
      .getByLabel('Drawing (PDF or image), instead of or beside the size')
      .setInputFiles({ name: 'Worktop plan.pdf', mimeType: 'application/pdf', buffer: PLAN });
    await line.getByRole('link', { name: 'Worktop plan.pdf' }).waitFor();
    await form.getByLabel('Delivery (£), blank for the usual rules').fill('60.00');
    await form.getByRole('button', { name: 'Save draft and price it' }).click();
    const priced = page.getByRole('region', { name: 'Priced quote' });
    await priced.getByText('£279.60').waitFor();
    await priced
      .getByText(/1200 × 600 × 30 mm, 2 cut-outs each, see drawing \(0\.720 m²\) × 1/)
      .waitFor();
    await priced.getByRole('listitem').filter({ hasText: 'Total (VAT £46.60)' }).waitFor();
    await priced
      .getByRole('listitem')
      .filter({ hasText: 'Due on acceptance' })
      .getByText('£83.88')
      .waitFor();
    // The builder is staff's desktop screen: photographed once.
    if (viewport === DESKTOP) await docsScreenshot(page, 'admin-quotes', { fullPage: true });
    await priced.getByRole('button', { name: 'Send quote' }).click();
    await priced.getByText(new RegExp(`Quote Q-\\d+ sent to ${email}\\.`)).waitFor();
    expect(errors).toEqual([]);

    await expect.poll(() => outboxMails(shop.config.dataDir, email).length).toBe(1);
    const mail = outboxMails(shop.config.dataDir, email)[0]!;
    expect(mail.subject).toMatch(/^Your Tessera Stone quote Q-\d+$/);
    const link = new URL(/https?:\/\/\S+\/quote\/Q-\d+\?token=[\w-]+/.exec(mail.text)![0]);

    await home.goto(`${link.pathname}${link.search}`);
    await home.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ }).waitFor();
    const figures = home.getByRole('list', { name: 'Your quote' });
    await figures.getByText('Made to your specification').waitFor();
    await expect
      .poll(() => figures.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringMatching(
          /^.+, 1200 × 600 × 30 mm, 2 cut-outs each, see drawing, 0\.720 m² × 1\n.*\nDrawing\n/,
        ),
        'Delivery\n£60.00',
        'Total\n£279.60',
        'VAT at 20% included\n£46.60',
        'Deposit (30%) to pay now\n£83.88',
        'Balance before delivery\n£195.72',
      ]);
    const [download] = await Promise.all([
      home.waitForEvent('download'),
      figures.getByRole('link', { name: 'Drawing' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Worktop plan.pdf');
    expect(readFileSync((await download.path())!).equals(PLAN)).toBe(true);
    const shot = viewport === DESKTOP ? 'desktop' : 'phone';
    await docsScreenshot(home, `quote-${shot}`, { fullPage: true });
    await home.getByLabel('Bank transfer').check();
    await home.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await home.getByRole('button', { name: 'Accept quote and pay £83.88' }).click();
    await home.waitForURL(/\/checkout\/order\/TS-\d+/);
    await home.getByText('30-94-57').first().waitFor();
    await home
      .getByText(/Made to your specification/)
      .first()
      .waitFor();
    expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(seen).toEqual([]);
    await customer.close();
  });
});
