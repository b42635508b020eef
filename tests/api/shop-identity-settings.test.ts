// Issue 28: the owner's shop identity and bank details reach what shows them: GET /api/shop (the
// footer and the contact page), the order's bank-transfer instructions and confirmation mail, its
// Reply-To, the invoice PDF, and the payment days of orders placed after the save.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import {
  IDENTITY_MESSAGES,
  type BankSettingsValue,
  type IdentitySettingsValue,
} from '#domain/api-schemas-settings-identity.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { SEEDED_BANK, SEEDED_IDENTITY } from '#domain/company.ts';
import { renderInvoicePdf } from '#server/services/orders/invoice-pdf.ts';
import { checkoutInput, type ApiShopper } from '#tests/setup/api-shopper.ts';
import { shopperWith, t, useCheckoutApp } from '#tests/setup/checkout-app.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createSiblingApp } from '#tests/setup/test-app.ts';

useCheckoutApp();

const URL = '/api/admin/settings';
const DAY_MS = 86_400_000;

interface Section<T> {
  version: number;
  value: T;
}
interface Settings {
  identity: Section<IdentitySettingsValue>;
  bank: Section<BankSettingsValue>;
}

let owner: StaffBrowser;
let manager: StaffBrowser;
beforeAll(async () => {
  ({ owner, manager } = await staffOfEveryRole(t.app));
});

async function load(): Promise<Settings> {
  const answer = await owner.call('GET', URL);
  expect(answer.status).toBe(200);
  return answer.body.data as Settings;
}

async function place(shopper: ApiShopper): Promise<OrderJson> {
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, { payment_method: 'bank_transfer' }),
    randomUUID(),
  );
  expect(placed.status).toBe(201);
  return placed.body.data as OrderJson;
}

const shopJson = async (app: FastifyInstance = t.app) =>
  (await app.inject({ url: '/api/shop' })).json().data as Record<string, unknown>;

const { reply_to: _none, ...SEEDED_SHOWN } = SEEDED_IDENTITY;

describe('shop identity and bank settings', () => {
  it("start as the shop's details were, and an order says the seeded bank and 7 days", async () => {
    const settings = await load();
    expect(settings.identity).toEqual({ version: 1, value: SEEDED_IDENTITY });
    expect(settings.bank).toEqual({ version: 1, value: SEEDED_BANK });
    expect(await shopJson()).toEqual(SEEDED_SHOWN);
    const order = await place(await shopperWith(1));
    expect(order.bank_transfer).toMatchObject({
      account_name: 'Tessera Stone Ltd',
      sort_code: '30-94-57',
      account_number: '48215736',
    });
    const days = (Date.parse(order.expires_at!) - Date.parse(order.placed_at)) / DAY_MS;
    expect(days).toBe(7);
  });

  it('refuses bad fields with the form messages (400) and a manager (403), saving nothing', async () => {
    const { identity, bank } = await load();
    const bad = await owner.call('PUT', URL, {
      identity: {
        value: {
          ...identity.value,
          company_number: '123',
          vat_number: 'GB 123',
          email: 'nobody',
          reply_to: 'not-mail',
          phone: 'call us',
          registered_office: [],
        },
      },
      bank: {
        value: { ...bank.value, sort_code: '30-94', account_number: '1234', payment_days: 0 },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'identity.value.registered_office': IDENTITY_MESSAGES.registeredOffice,
      'identity.value.company_number': IDENTITY_MESSAGES.companyNumber,
      'identity.value.vat_number': IDENTITY_MESSAGES.vatNumber,
      'identity.value.phone': 'Please enter a valid phone number',
      'identity.value.email': 'Please enter a valid email address',
      'identity.value.reply_to': 'Please enter a valid email address',
      'bank.value.sort_code': 'A sort code is 6 digits, e.g. 30-94-57',
      'bank.value.account_number': 'An account number is 8 digits',
      'bank.value.payment_days': 'Enter a whole number of days from 1 to 60',
    });
    expect((await manager.call('GET', URL)).status).toBe(403);
    expect((await manager.call('PUT', URL, { bank })).status).toBe(403);
    const after = await load();
    expect(after.identity).toEqual(identity);
    expect(after.bank).toEqual(bank);
  });

  it('a save reaches /api/shop, the bank instructions, the mail and its Reply-To, the invoice and the payment days', async () => {
    const { identity, bank } = await load();
    const value = {
      ...identity.value,
      legal_name: 'Tessera Marble Ltd',
      trading_name: 'Tessera Marble',
      phone: '0117 000 1234',
      registered_office: ['1 Quay Street', 'Bristol', 'BS1 4AA'],
      company_number: 'sc123456',
      vat_number: 'gb123456789',
      reply_to: 'replies@tessera.test',
    };
    const saved = await owner.call('PUT', URL, {
      identity: { version: identity.version, value },
      bank: {
        version: bank.version,
        value: {
          account_name: 'Tessera Marble Ltd',
          sort_code: '112233',
          account_number: '12345678',
          payment_days: 3,
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.identity.value).toMatchObject({
      company_number: 'SC123456',
      vat_number: 'GB123456789',
    });
    expect(saved.body.data.bank).toEqual({
      version: bank.version + 1,
      value: {
        account_name: 'Tessera Marble Ltd',
        sort_code: '11-22-33',
        account_number: '12345678',
        payment_days: 3,
      },
    });
    expect(await shopJson()).toMatchObject({
      legal_name: 'Tessera Marble Ltd',
      phone: '0117 000 1234',
      registered_office: ['1 Quay Street', 'Bristol', 'BS1 4AA'],
    });

    const order = await place(await shopperWith(1));
    expect(order.bank_transfer).toMatchObject({
      account_name: 'Tessera Marble Ltd',
      sort_code: '11-22-33',
      account_number: '12345678',
      reference: order.number,
    });
    expect((Date.parse(order.expires_at!) - Date.parse(order.placed_at)) / DAY_MS).toBe(3);
    const [mail] = await queryRows<{ subject: string; text: string }>(
      t.app.services.db,
      sql`SELECT subject, text FROM mail_outbox m JOIN orders o ON o.id = m.order_id
          WHERE o.number = ${order.number} AND m.kind = 'order_confirmation'`,
    );
    expect(mail!.subject).toBe(`Your Tessera Marble order ${order.number}`);
    expect(mail!.text).toContain('11-22-33');
    expect(mail!.text).toContain('12345678');
    expect(mail!.text).toContain('Company number: SC123456');
    await t.app.mailOutbox.wake();
    const sent = outboxMails(t.config.dataDir, order.email);
    expect(sent.find((m) => m.subject.includes(order.number))?.reply_to).toBe(
      'replies@tessera.test',
    );

    const [row] = await queryRows<{ id: number }>(
      t.app.services.db,
      sql`SELECT id FROM orders WHERE number = ${order.number}`,
    );
    const json = await t.app.services.orders.json(row!.id);
    const pdf = await renderInvoicePdf(
      json,
      { number: 1, issuedAt: new Date(), taxPoint: new Date() },
      (await t.app.services.shop.get()).identity,
    );
    const [first = ''] = (await readPdf(pdf)).pages;
    expect(first).toContain('Tessera Marble Ltd 1 Quay Street Bristol BS1 4AA');
    expect(first).toContain('VAT registration number: GB123456789');
    expect(first).toContain('Company number: SC123456');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let sibling: FastifyInstance;
  beforeAll(async () => {
    sibling = await createSiblingApp(t);
  });
  afterAll(async () => {
    await sibling?.close();
  });

  it("a save on one instance is in the other's answers within a second", async () => {
    const { identity } = await load();
    // The sibling keeps its own copy now.
    expect((await shopJson(sibling)).phone).toBe(identity.value.phone);
    const value = { ...identity.value, phone: '0117 999 0000' };
    expect((await owner.call('PUT', URL, { identity: { value } })).status).toBe(200);
    await expect
      .poll(async () => (await shopJson(sibling)).phone, { timeout: 1_000, interval: 50 })
      .toBe('0117 999 0000');
  });
});
