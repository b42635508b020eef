// Staff's daily order tasks in the browser: notes on an order (the customer's one mailed), an
// order taken by phone with the New phone order form and its payment link sent, the customer
// paying it through /pay/{token} by bank transfer (desktop and 375 px), an order edited before
// dispatch, and, once paid and raised, its balance paid through a link (desktop and 375 px).
// Expected figures come from checkout's own quote of the same basket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { formatGBP, toPence } from '#domain/money.ts';
import { ApiShopper, placeGuestOrder } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import type { TestApp } from '#tests/setup/test-app.ts';
import { DESKTOP, launchBrowser, PHONE } from './fixtures/browser.ts';
import { signInStaff, startStaffShop } from './fixtures/staff.ts';

let browser: Browser;
let shop: TestApp;
let base: string;
let context: BrowserContext | undefined;
let signedInOnce = false;
let orderNumber = '';
let size: { id: number; product_id: number; product: string; option: string };
/** The payment links mailed to the phone customer, one per viewport. */
const links: string[] = [];

const GUEST = 'ada@example.co.uk';
const CALLER = 'grace.hopper@example.co.uk';
const money = (pounds: string) => formatGBP(toPence(pounds));

beforeAll(async () => {
  browser = await launchBrowser();
  ({ shop, base } = await startStaffShop());
  orderNumber = await placeGuestOrder(shop.app);
  [size] = (await queryRows<typeof size>(
    shop.app.services.db,
    sql`SELECT v.id, v.product_id, p.name AS product, v.option FROM variations v
        JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.stock_quantity > 10 AND v.option ~ '^\\d+x\\d+'
        ORDER BY v.id OFFSET 3 LIMIT 1`,
  )) as [typeof size];
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.close();
});

/** The back office signed in as the owner once for the file (a code is good once). */
async function staffPage(): Promise<{ page: Page; errors: string[] }> {
  context ??= await browser.newContext({ baseURL: base, viewport: DESKTOP });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (!signedInOnce) {
    await signInStaff(page, TEST_OWNER);
    signedInOnce = true;
  }
  return { page, errors };
}

/** What checkout quotes for `pieces` of the size, delivered to BS2 0UX. */
async function quoted(pieces: number) {
  const shopper = new ApiShopper(shop.app);
  expect((await shopper.add(size.product_id, size.id, pieces)).status).toBe(200);
  return (await shopper.quote()).totals;
}

const mailed = (to: string, subject: string) =>
  outboxMails(shop.config.dataDir, to).filter((mail) => mail.subject === subject);

describe('order tasks in the back office', () => {
  it('adds a private note and a note to the customer, who is mailed it', async () => {
    const { page, errors } = await staffPage();
    await page.goto(`/admin/orders/${orderNumber}`);
    const notes = page.getByRole('region', { name: 'Notes' });
    const add = notes.getByRole('form', { name: 'Add a note' });
    await add.getByLabel('Note').fill('Customer asked for a call before delivery.');
    await add.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Private note added.').waitFor();
    await add.getByLabel('Note').fill('Your tiles are packed and waiting for the lorry.');
    await add.getByLabel('Send to the customer (shown on their order page and emailed)').check();
    await add.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText('Note sent to the customer.').waitFor();
    const list = notes.getByRole('list', { name: 'Order notes' }).getByRole('listitem');
    await expect
      .poll(() => list.allInnerTexts())
      .toEqual([
        expect.stringMatching(/^Private .*\nCustomer asked for a call before delivery\.$/),
        expect.stringMatching(
          /^To the customer .*\nYour tiles are packed and waiting for the lorry\.$/,
        ),
      ]);
    const subject = `A note about your Tessera Stone order ${orderNumber}`;
    await expect.poll(() => mailed(GUEST, subject).length).toBe(1);
    expect(mailed(GUEST, subject)[0]!.text).toContain(
      'Your tiles are packed and waiting for the lorry.',
    );
    expect(errors).toEqual([]);
  });

  it('takes an order by phone: a customer found, then typed, a size found by name, priced and its link sent', async () => {
    const { page, errors } = await staffPage();
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: 'New phone order' }).click();
    const form = page.getByRole('form', { name: 'New phone order' });
    // A customer found (here a guest of an earlier order) fills in their name and email.
    await form.getByLabel('Find a customer (name or email)').fill('ada@example');
    await form.getByRole('button', { name: 'Find customer' }).click();
    await form.getByRole('button', { name: `Ada Lovelace (${GUEST})` }).click();
    await expect.poll(() => form.getByLabel('Email address').inputValue()).toBe(GUEST);
    await expect.poll(() => form.getByLabel('Last name').inputValue()).toBe('Lovelace');
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Hopper');
    await form.getByLabel('Phone').fill('0117 496 0123');
    await form.getByLabel('Email address').fill(CALLER);
    await form.getByLabel('Postcode').fill('BS2 0UX');
    await form.getByLabel('Address Line 1').fill('4 Quay Street');
    await form.getByLabel('Town / City').fill('Bristol');

    // Saved without lines: the form's error list says so, and nothing is sent.
    await form.getByRole('button', { name: 'Save draft and price it' }).click();
    await form.getByRole('alert').getByText('Add at least one line').waitFor();

    await form.getByLabel('Product name or SKU').fill(size.product);
    await form.getByRole('button', { name: 'Find sizes' }).click();
    await form.getByRole('button', { name: `Add ${size.product}, ${size.option}` }).click();
    const lines = form.getByRole('list', { name: 'Lines' });
    await lines.getByLabel('Pieces').fill('3');

    for (const [index, pieces] of [3, 4].entries()) {
      if (index > 0) await lines.getByLabel('Pieces').fill(String(pieces));
      const totals = await quoted(pieces);
      await form.getByRole('button', { name: 'Save draft and price it' }).click();
      const draft = page.getByRole('region', { name: 'Priced draft' });
      await draft
        .getByRole('listitem')
        .filter({ hasText: `Total (VAT ${money(totals.total.vat)})` })
        .getByText(money(totals.total.gross), { exact: true })
        .waitFor();
      await draft.getByRole('button', { name: 'Send payment link' }).click();
      await draft.getByText(`Payment link sent to ${CALLER}.`).waitFor();
      const subject = 'Your Tessera Stone order: pay online';
      await expect.poll(() => mailed(CALLER, subject).length).toBe(index + 1);
      const mail = mailed(CALLER, subject)[index]!;
      expect(mail.text).toContain(money(totals.total.gross));
      links.push(new URL(/https?:\/\/\S+\/pay\/[\w-]+/.exec(mail.text)![0]).pathname);
    }
    expect(errors).toEqual([]);
  });
});

describe('the customer pays a phone order through its link', () => {
  for (const [label, viewport, pieces] of [
    ['desktop', DESKTOP, 3],
    ['375 px', PHONE, 4],
  ] as const) {
    it(`sees the exact total and pays by bank transfer (${label})`, async () => {
      const totals = await quoted(pieces);
      const shopper = await browser.newContext({ baseURL: base, viewport });
      const page = await shopper.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(links[pieces - 3]!);
      await page.getByRole('heading', { level: 1, name: 'Pay for your order' }).waitFor();
      const order = page.getByRole('list', { name: 'Your order' });
      await order.getByText(`${size.product}, ${size.option} × ${pieces}`).waitFor();
      await expect
        .poll(() => order.getByRole('listitem').last().innerText())
        .toBe(`Total (VAT ${money(totals.total.vat)})\n${money(totals.total.gross)}`);
      await page.getByLabel('Bank transfer').check();
      await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
      await page
        .getByRole('button', { name: `Place order and pay ${money(totals.total.gross)}` })
        .click();
      await page.waitForURL(/\/checkout\/order\//);
      await page.getByText(money(totals.total.gross)).first().waitFor();
      await page.getByText('30-94-57').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(errors).toEqual([]);
      await shopper.close();
    });
  }
});

describe('editing an order before dispatch', () => {
  it('changes the quantity and shows the revised totals', async () => {
    const { page, errors } = await staffPage();
    await page.goto(`/admin/orders/${orderNumber}`);
    const edit = page.getByRole('region', { name: 'Edit order' });
    await edit.getByRole('button', { name: 'Edit lines, address or delivery' }).click();
    const form = edit.getByRole('form', { name: 'Edit order' });
    const [line] = await queryRows<{ variation_id: number; product_id: number }>(
      shop.app.services.db,
      sql`SELECT l.variation_id, l.product_id FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${orderNumber}`,
    );
    const shopper = new ApiShopper(shop.app);
    await shopper.add(line!.product_id, line!.variation_id, 3);
    const totals = (await shopper.quote()).totals;
    await form.getByLabel('Pieces').fill('3');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText(`Order saved: total ${money(totals.total.gross)}.`).waitFor();
    const lines = page.getByRole('region', { name: 'Lines' });
    await lines.getByRole('cell', { name: /\b3 pcs$/ }).waitFor();
    await expect
      .poll(() => lines.getByRole('row').last().getByRole('cell').allInnerTexts())
      .toEqual([`Total (VAT ${money(totals.total.vat)})`, '', money(totals.total.gross)]);
    expect(errors).toEqual([]);
  });

  it('a paid order raised by an edit: its balance link is paid by transfer (desktop and 375 px)', async () => {
    const { page, errors } = await staffPage();
    await page.goto(`/admin/orders/${orderNumber}`);
    await page
      .getByRole('form', { name: 'Mark paid' })
      .getByRole('button', { name: 'Mark paid' })
      .click();
    await page.getByText('Marked paid: the invoice is issued.').waitFor();
    const [line] = await queryRows<{ variation_id: number; product_id: number }>(
      shop.app.services.db,
      sql`SELECT l.variation_id, l.product_id FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${orderNumber}`,
    );
    const totalOf = async (pieces: number) => {
      const shopper = new ApiShopper(shop.app);
      await shopper.add(line!.product_id, line!.variation_id, pieces);
      return (await shopper.quote()).totals.total;
    };
    const [paid, raised] = [await totalOf(3), await totalOf(5)];
    const due = formatGBP(toPence(raised.gross) - toPence(paid.gross));
    const edit = page.getByRole('region', { name: 'Edit order' });
    await edit.getByRole('button', { name: 'Edit lines, address or delivery' }).click();
    await edit.getByLabel('Pieces').fill('5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const balance = page.getByRole('region', { name: 'Balance due' });
    await balance.getByRole('button', { name: `Send a payment link for ${due}` }).click();
    await balance.getByText(`Payment link for ${due} sent to ${GUEST}.`).waitFor();
    const subject = `Your Tessera Stone order ${orderNumber}: balance to pay`;
    await expect.poll(() => mailed(GUEST, subject).length).toBe(1);
    const link = new URL(/https?:\/\/\S+\/pay\/[\w-]+/.exec(mailed(GUEST, subject)[0]!.text)![0])
      .pathname;

    for (const viewport of [DESKTOP, PHONE]) {
      const shopper = await browser.newContext({ baseURL: base, viewport });
      const customer = await shopper.newPage();
      const seen: string[] = [];
      customer.on('pageerror', (error) => seen.push(error.message));
      await customer.goto(link);
      await customer
        .getByRole('heading', { level: 1, name: `Pay the balance of order ${orderNumber}` })
        .waitFor();
      await expect
        .poll(() =>
          customer.getByRole('list', { name: 'What is due' }).getByRole('listitem').allInnerTexts(),
        )
        .toEqual([
          `Order total (VAT ${money(raised.vat)})\n${money(raised.gross)}`,
          `Paid\n${money(paid.gross)}`,
          `Balance due\n${due}`,
        ]);
      await customer.getByRole('button', { name: `Pay ${due} by bank transfer` }).click();
      const bank = customer.getByRole('region', { name: 'Bank transfer details' });
      await bank.getByText(`Please transfer ${due} by`).waitFor();
      await bank.getByText(orderNumber, { exact: true }).waitFor();
      expect(
        await customer.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(viewport.width);
      expect(seen).toEqual([]);
      await shopper.close();
    }

    await balance.getByRole('button', { name: `Transfer of ${due} received` }).click();
    await balance.getByText('Balance recorded: the order is paid in full.').waitFor();
    const closed = await browser.newContext({ baseURL: base, viewport: PHONE });
    const after = await closed.newPage();
    await after.goto(link);
    await after.getByRole('alert').getByText('This balance has been paid: thank you').waitFor();
    await closed.close();
    expect(errors).toEqual([]);
  });
});
