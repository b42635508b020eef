import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedDemo } from '#db/seed/seed.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { loggerOptions, redactUrl } from '#server/http/logging.ts';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { StaffBrowser, TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';

/** Every line the server logged, at the most talkative level. */
const lines: string[] = [];
let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.handle.db);
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-logs-'));
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    database: database.handle,
    logger: loggerOptions('trace', { write: (line) => void lines.push(line) }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const linkToken = (text: string, path: string) =>
  decodeURIComponent(new RegExp(`${path}\\?token=([^\\s&]+)`).exec(text)![1]!);

/** A guest order of a few tiles in stock, for `input` (name, address, phone). */
async function order(shopper: ApiShopper, input: Record<string, unknown>) {
  const list = (await shopper.call('GET', '/api/products?per_page=40')).body.data as {
    id: number;
  }[];
  for (const product of list) {
    const variations = (await shopper.call('GET', `/api/product/${product.id}/variations`))
      .body as { id: number; stock_quantity: number | null; attributes: { option: string }[] }[];
    const size = variations.find(
      (v) => (v.stock_quantity ?? 0) > 10 && /^\d+x\d+/.test(v.attributes[0]!.option),
    );
    if (!size) continue;
    await shopper.add(product.id, size.id, 2);
    const quote = await shopper.quote();
    return shopper.placeOrder(checkoutInput(quote.totals.total.gross, input), randomUUID());
  }
  throw new Error('no tile in stock');
}

describe('nothing secret or personal in the logs', () => {
  it('keeps every token, password, email, name, address and phone of a full purchase out of the log', async () => {
    const secrets: string[] = [];
    const keep = (...values: string[]) => secrets.push(...values);

    // Sign-up and sign-in.
    const customer = new ApiShopper(app);
    const email = 'wilhelmina.quarry@example.org';
    const password = 'Honed-travertine-floor-31';
    keep(email, password);
    const registered = await customer.call('POST', '/api/auth/register', { email, password });
    expect(registered.status).toBe(201);
    keep(registered.body.token, customer.cookie.split('=')[1]!);
    const signedIn = await customer.call('POST', '/api/auth/login', { email, password });
    expect(signedIn.status).toBe(200);
    keep(signedIn.body.token);

    // A guest order with its secret link, opened as a page and through the API.
    const guest = new ApiShopper(app);
    const buyer = {
      email: 'zebedee.marblehall@example.net',
      shipping: {
        first_name: 'Zebedee',
        last_name: 'Marblehall',
        company: 'Quernstone Joinery',
        phone: '0161 496 0731',
        email: 'zebedee.marblehall@example.net',
        country: 'GB',
        address_1: '47 Tanyard Lane',
        address_2: 'Flat Nine',
        city: 'Bristol',
        county: '',
        postcode: 'BS2 0UX',
      },
    };
    keep(
      buyer.email,
      'Zebedee',
      'Marblehall',
      'Quernstone Joinery',
      '0161 496 0731',
      '47 Tanyard Lane',
      'Flat Nine',
    );
    const placed = await order(guest, buyer);
    expect(placed.status).toBe(201);
    const number = placed.body.data.number as string;
    const orderToken = placed.body.token as string;
    keep(orderToken);
    expect(
      (await guest.call('GET', `/api/orders/${number}?token=${encodeURIComponent(orderToken)}`))
        .status,
    ).toBe(200);
    await guest.call('GET', `/checkout/order/${number}?token=${encodeURIComponent(orderToken)}`);
    await guest.call('GET', `/api/orders/${number}/invoice.pdf?token=${orderToken}`);
    // A staff member looks the customer up by email and postcode.
    await createFirstOwner(app.services.db, {
      ADMIN_EMAIL: TEST_OWNER.email,
      ADMIN_PASSWORD: TEST_OWNER.password,
    });
    keep(TEST_OWNER.password);
    const staff = new StaffBrowser(app);
    const staffIn = await staff.signIn(TEST_OWNER.email, TEST_OWNER.password);
    expect(staffIn.answer.status).toBe(200);
    keep(staffIn.challenge, staff.secret, staff.cookie.split('=')[1]!);
    for (const q of [buyer.email, 'BS2 0UX']) {
      const found = await staff.call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(found.status).toBe(200);
    }

    // A password reset, through its mailed link.
    await customer.call('POST', '/api/auth/lost-password', { email });
    const resetToken = linkToken(
      outboxMails(dataDir, email).at(-1)!.text,
      '/my-account/reset-password',
    );
    keep(resetToken);
    await customer.call(
      'GET',
      `/my-account/reset-password?token=${encodeURIComponent(resetToken)}`,
    );
    const newPassword = 'Riven-slate-coping-52';
    keep(newPassword);
    const reset = await customer.call('POST', '/api/auth/reset-password', {
      token: resetToken,
      password: newPassword,
    });
    expect(reset.status).toBe(200);

    // The newsletter, and leaving it through the mailed link.
    const reader = 'ottoline.flagstone@example.com';
    keep(reader);
    expect((await guest.call('POST', '/api/newsletter/subscribe', { email: reader })).status).toBe(
      200,
    );
    const confirmMail = outboxMails(dataDir, reader).find((m) =>
      m.text.includes('/newsletter/confirm'),
    );
    const confirmToken = linkToken(confirmMail!.text, '/newsletter/confirm');
    keep(confirmToken);
    await guest.call('GET', `/newsletter/confirm?token=${confirmToken}`);
    expect(
      (await guest.call('POST', '/api/newsletter/confirm', { token: confirmToken })).status,
    ).toBe(200);
    const newsletterMail = outboxMails(dataDir, reader).find((m) => m.text.includes('unsubscribe'));
    const unsubscribeToken = linkToken(newsletterMail!.text, '/newsletter/unsubscribe');
    keep(unsubscribeToken);
    await guest.call('GET', `/newsletter/unsubscribe?token=${unsubscribeToken}`);
    expect(
      (await guest.call('POST', '/api/newsletter/unsubscribe', { token: unsubscribeToken })).status,
    ).toBe(200);

    // A query that fails with the customer's row in it: the database quotes the row back.
    await app.services.db.execute(
      sql`ALTER TABLE orders ADD CONSTRAINT forced_failure CHECK (email <> 'failing.row@example.com')`,
    );
    const failing = {
      email: 'failing.row@example.com',
      shipping: {
        ...buyer.shipping,
        first_name: 'Perpetua',
        last_name: 'Gritstone',
        phone: '0113 496 0288',
        address_1: '3 Ashlar Close',
        email: 'failing.row@example.com',
      },
    };
    keep('failing.row@example.com', 'Perpetua', 'Gritstone', '0113 496 0288', '3 Ashlar Close');
    try {
      const failed = await order(new ApiShopper(app), failing);
      expect(failed.status).toBe(500);
    } finally {
      await app.services.db.execute(sql`ALTER TABLE orders DROP CONSTRAINT forced_failure`);
    }

    const log = lines.join('');
    // The log did record the purchase (so its silence about secrets means something).
    expect(log).toContain(`/api/orders/${number}?token=[redacted]`);
    expect(log).toContain('/my-account/reset-password?token=[redacted]');
    expect(log).toContain('/api/admin/orders?q=[redacted]');
    expect(log).toMatch(/database error 23514 \(values not logged\)/);
    expect(log).toContain('"constraint":"forced_failure"');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret)])) {
        expect(log, `the log holds ${secret}`).not.toContain(form.replace(/^"|"$/g, ''));
      }
    }
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/orders/TS-1?token=abc&x=1', '/api/orders/TS-1?token=[redacted]&x=1'],
    ['/checkout/order/TS-1?TOKEN=abc', '/checkout/order/TS-1?TOKEN=[redacted]'],
    ['/x?%74oken=abc', '/x?%74oken=[redacted]'],
    ['/x?token=a&token=b', '/x?token=[redacted]&token=[redacted]'],
    ['/newsletter/confirm/abc123?utm=1', '/newsletter/confirm/[redacted]?utm=1'],
    ['/admin/invitation#secret', '/admin/invitation'],
    ['/api/checkout?country=GB&postcode=BS2%200UX', '/api/checkout?country=GB&postcode=[redacted]'],
    ['/api/products?per_page=8&search=marble', '/api/products?per_page=8&search=marble'],
    ['/x?%zz=1', '/x?%zz=1'],
  ])('%s → %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
