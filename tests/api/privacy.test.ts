// A customer's copy of their data (their own download and staff's, audited), and the retention
// sweep that erases guest personal data while keeping what a VAT invoice must show.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { erasedEmail } from '#domain/retention.ts';
import { RETENTION_ACTOR, sweepGuestData } from '#server/services/privacy/retention.ts';
import { openTradeAccount } from '#tests/factories/account-invoices.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let staff: Record<'owner' | 'manager' | 'editor', StaffBrowser>;
const PASSWORD = 'Riven-slate-88';

beforeAll(async () => {
  t = await createTestApp();
  staff = await staffOfEveryRole(t.app);
});
afterAll(() => t?.close());

const db = () => t.app.services.db;

async function customerWithOrder(first: string) {
  const email = `${first.toLowerCase()}-${randomBytes(3).toString('hex')}@example.com`;
  const shopper = new ApiShopper(t.app);
  const registered = await shopper.call('POST', '/api/auth/register', {
    email,
    password: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const id = registered.body.customer.id as number;
  await db().execute(
    sql`UPDATE customers SET first_name = ${first}, last_name = 'Mason' WHERE id = ${id}`,
  );
  const [size] = await queryRows<{ product_id: number; id: number }>(
    db(),
    sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.stock_quantity > 10 AND v.option ~ '^\\d+x\\d+'
        ORDER BY v.id LIMIT 1`,
  );
  expect((await shopper.add(size!.product_id, size!.id, 2)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, {
      email,
      shipping: { ...(checkoutInput('0').shipping as object), first_name: first, email },
      delivery_instructions: 'Leave by the side gate',
    }),
    randomUUID(),
  );
  expect(placed.status).toBe(201);
  const number = placed.body.data.number as string;
  await db().execute(sql`INSERT INTO addresses (customer_id, kind, first_name, last_name, phone,
      email, country, postcode, address_1, city)
    VALUES (${id}, 'billing', ${first}, 'Mason', '0117 496 0000', ${email}, 'GB', 'BS2 0UX',
      '12 Harbour Road', 'Bristol')`);
  return { shopper, email, id, number, total: quote.totals.total.gross };
}

async function pay(number: string, total: string) {
  const paid = await t.app.services.orders.markPaid({
    orderNumber: number,
    provider: 'bank_transfer',
    providerRef: null,
    amountPence: Math.round(Number(total) * 100),
    currency: 'GBP',
    actor: 'staff:owner@tessera.test',
  });
  expect(paid).toBe('paid');
}

describe('a copy of your data', () => {
  let ada: Awaited<ReturnType<typeof customerWithOrder>>;
  let bea: Awaited<ReturnType<typeof customerWithOrder>>;

  beforeAll(async () => {
    ada = await customerWithOrder('Ada');
    bea = await customerWithOrder('Bea');
    await pay(ada.number, ada.total);
    await db().execute(sql`INSERT INTO enquiries (kind, name, email, phone, message)
      VALUES ('quote', 'Ada Mason', ${ada.email.toUpperCase()}, '07700 900123', 'Honed marble for 12 m2?'),
             ('quote', 'Bea Mason', ${bea.email}, NULL, 'Slate for a porch')`);
    await db().execute(sql`INSERT INTO newsletter_subscribers
        (email, unsubscribe_token_hash, confirmed_at)
      VALUES (${ada.email}, ${randomBytes(16).toString('hex')}, now())`);
    // Bea applied for a trade account with a PDF as evidence and was given £2,500.00 of credit.
    const [evidence] = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO trade_evidence (customer_id, content_type, size_bytes, bytes)
        VALUES (${bea.id}, 'application/pdf', 4, '\x25504446'::bytea) RETURNING id`,
    );
    await db().execute(sql`INSERT INTO trade_applications (customer_id, status, company,
        company_number, vat_number, trade, address_line_1, town, postcode, evidence_id,
        decided_by, decided_at)
      VALUES (${bea.id}, 'approved', 'Mason Stoneworks Ltd', '01234567', 'GB123456789',
        'Stonemason', '4 Quarry Yard', 'Bath', 'BA1 1AA', ${evidence!.id}, 'owner', now())`);
    await openTradeAccount(db(), bea.id, {
      company: 'Mason Stoneworks Ltd',
      creditLimitPence: 250_000,
    });
  });

  it('needs a signed-in customer: 401 without a session', async () => {
    const answer = await new ApiShopper(t.app).call('GET', '/api/account/export');
    expect(answer.status).toBe(401);
  });

  it('gives the customer their account, addresses, orders with lines, invoice and newsletter, as a download', async () => {
    const answer = await ada.shopper.call('GET', '/api/account/export');
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="tessera-data-${ada.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(answer.response.headers['cache-control']).toBe('no-store');
    const data = answer.body;
    expect(Object.keys(data)).toEqual([
      'exported_at',
      'account',
      'addresses',
      'orders',
      'invoices',
      'newsletter',
      'enquiries',
      'trade',
    ]);
    expect(data.account).toEqual({
      id: ada.id,
      email: ada.email,
      username: expect.any(String),
      first_name: 'Ada',
      last_name: 'Mason',
      created_at: expect.any(String),
      email_verified_at: null,
      is_paying_customer: true,
    });
    expect(data.addresses).toEqual([
      {
        kind: 'billing',
        first_name: 'Ada',
        last_name: 'Mason',
        company: '',
        phone: '0117 496 0000',
        email: ada.email,
        country: 'GB',
        postcode: 'BS2 0UX',
        address_1: '12 Harbour Road',
        address_2: '',
        city: 'Bristol',
        county: '',
      },
    ]);
    expect(data.orders.map((o: { number: string }) => o.number)).toEqual([ada.number]);
    const order = data.orders[0];
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0].pieces).toBe(2);
    expect(order.totals.total.gross).toBe(ada.total);
    expect(order.booking.instructions).toBe('Leave by the side gate');
    expect(data.invoices).toEqual([
      {
        number: order.invoice.number,
        order_number: ada.number,
        issued_at: expect.any(String),
        tax_point: expect.any(String),
      },
    ]);
    expect(data.newsletter).toEqual({
      subscribed: true,
      signed_up_at: expect.any(String),
      confirmed_at: expect.any(String),
    });
    // Her email is not verified yet: an enquiry sent with it might be someone else's.
    expect(data.enquiries).toEqual([]);
    expect(data.trade).toEqual({ applications: [], account: null });

    const text = JSON.stringify(data);
    for (const foreign of [bea.email, bea.number, 'Bea', 'Slate for a porch']) {
      expect(text).not.toContain(foreign);
    }
    for (const secret of ['password', 'hash', 'token', ada.shopper.cookie.split('=')[1]!]) {
      expect(text).not.toContain(secret);
    }
  });

  it('adds the enquiries sent with her email once it is verified', async () => {
    await db().execute(sql`UPDATE customers SET email_verified_at = now() WHERE id = ${ada.id}`);
    const { body } = await ada.shopper.call('GET', '/api/account/export');
    expect(body.enquiries).toEqual([
      {
        kind: 'quote',
        name: 'Ada Mason',
        email: ada.email.toUpperCase(),
        phone: '07700 900123',
        message: 'Honed marble for 12 m2?',
        product_name: null,
        size: null,
        thickness: null,
        quantity: null,
        finish: null,
        created_at: expect.any(String),
      },
    ]);
  });

  it('lets staff who work on customers download it, each download audit-logged', async () => {
    const url = `/api/admin/customers/${bea.id}/export`;
    expect((await new ApiShopper(t.app).call('GET', url)).status).toBe(401);
    expect((await staff.editor.call('GET', url)).status).toBe(403);
    expect((await staff.owner.call('GET', '/api/admin/customers/999999/export')).status).toBe(404);
    // A customer's session is no staff session.
    expect((await bea.shopper.call('GET', url)).status).toBe(401);

    const answer = await staff.manager.call('GET', url);
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(answer.body.account.email).toBe(bea.email);
    expect(answer.body.orders.map((o: { number: string }) => o.number)).toEqual([bea.number]);
    expect(answer.body.invoices).toEqual([]);
    expect(answer.body.newsletter).toBeNull();
    // Staff answer a request they checked: her enquiries come whether or not she verified.
    expect(answer.body.enquiries.map((e: { message: string }) => e.message)).toEqual([
      'Slate for a porch',
    ]);
    expect(JSON.stringify(answer.body)).not.toContain(ada.email);
    // Her trade side: the application as she sent it, its evidence named, and the account.
    expect(answer.body.trade).toEqual({
      applications: [
        {
          status: 'approved',
          company: 'Mason Stoneworks Ltd',
          company_number: '01234567',
          vat_number: 'GB123456789',
          trade: 'Stonemason',
          address_line_1: '4 Quarry Yard',
          address_line_2: '',
          town: 'Bath',
          postcode: 'BA1 1AA',
          evidence: { content_type: 'application/pdf', size_bytes: 4 },
          refusal_reason: null,
          sent_at: expect.any(String),
          decided_at: expect.any(String),
        },
      ],
      account: {
        company: 'Mason Stoneworks Ltd',
        company_number: '01234567',
        vat_number: 'GB123456789',
        trade: 'Tiler',
        credit_limit: '2500.00',
        terms_kind: 'days',
        terms_days: 30,
        stopped_at: null,
        stop_reason: null,
        opened_at: expect.any(String),
      },
    });
    // No evidence bytes, however encoded.
    expect(JSON.stringify(answer.body)).not.toContain('JVBER');

    const audited = await queryRows<{
      actor: string;
      entity: string;
      entity_id: string;
      after: unknown;
    }>(
      db(),
      sql`SELECT actor, entity, entity_id, after FROM audit_log
          WHERE action = 'customer.export' ORDER BY id`,
    );
    expect(audited).toEqual([
      {
        actor: staff.manager.email,
        entity: 'customer',
        entity_id: String(bea.id),
        after: { orders: 1, enquiries: 1 },
      },
    ]);
  });
});

describe('the retention sweep', () => {
  const DAYS = 730;
  const old = `${DAYS + 10} days`;

  async function guestOrder(status: string, options: { paid?: boolean; age?: string } = {}) {
    const order = await storeOrderAwaitingPayment(db(), { paymentMethod: 'bank_transfer' });
    if (options.paid) {
      expect(
        await t.app.services.orders.markPaid({
          orderNumber: order.number,
          provider: 'bank_transfer',
          providerRef: null,
          amountPence: 12_000,
          currency: 'GBP',
          actor: 'staff:owner@tessera.test',
        }),
      ).toBe('paid');
    }
    const phoned = JSON.stringify({ phone: '07700 900456', email: order.email });
    await db().execute(sql`UPDATE orders SET status = ${status},
        placed_at = now() - ${options.age ?? old}::interval,
        delivery_instructions = 'Key under the mat', site_access = '{"narrow_access": true}'::jsonb,
        shipping_address = shipping_address || ${phoned}::jsonb,
        billing_address = billing_address || ${phoned}::jsonb
      WHERE id = ${order.id}`);
    return order;
  }

  const stored = async (id: number) =>
    (
      await queryRows<{
        email: string;
        shipping_address: Record<string, string>;
        billing_address: Record<string, string>;
        delivery_instructions: string | null;
        site_access: object;
        total_pence: number;
      }>(
        db(),
        sql`SELECT email, shipping_address, billing_address, delivery_instructions, site_access,
              total_pence
            FROM orders WHERE id = ${id}`,
      )
    )[0]!;

  it('erases contact details of settled guest orders, keeping the VAT invoice’s name and address, and is idempotent', async () => {
    const invoiced = await guestOrder('delivered', { paid: true });
    const unpaid = await guestOrder('expired');
    const recent = await guestOrder('delivered', { paid: true, age: '100 days' });
    const open = await guestOrder('processing', { paid: true });
    const customers = await queryRows<{ id: number }>(
      db(),
      sql`SELECT id FROM customers ORDER BY id LIMIT 1`,
    );
    const accountOrder = await guestOrder('delivered', { paid: true });
    await db().execute(
      sql`UPDATE orders SET customer_id = ${customers[0]!.id} WHERE id = ${accountOrder.id}`,
    );
    await db().execute(sql`INSERT INTO enquiries (kind, name, email, message, created_at)
      VALUES ('quote', 'Old Enquirer', 'old@example.com', 'Two pallets?', now() - ${old}::interval),
             ('quote', 'New Enquirer', 'new@example.com', 'One pallet?', now() - interval '5 days')`);
    await db().execute(sql`INSERT INTO newsletter_subscribers
        (email, unsubscribe_token_hash, confirm_token_hash, confirmed_at, created_at)
      VALUES ('stale@example.com', 'u-stale', 'c-stale', NULL, now() - interval '31 days'),
             ('fresh@example.com', 'u-fresh', 'c-fresh', NULL, now() - interval '2 days'),
             ('reader@example.com', 'u-reader', NULL, now() - ${old}::interval, now() - ${old}::interval)`);
    await db().execute(sql`INSERT INTO carts (session_token_hash, created_at, updated_at)
      VALUES ('abandoned-basket', now() - ${old}::interval, now() - ${old}::interval),
             ('live-basket', now(), now())`);
    // Quote drawings: one dropped two days ago, one just uploaded (its quote not yet saved).
    const drawings = await queryRows<{ id: number; file_name: string }>(
      db(),
      sql`INSERT INTO quote_drawings (file_name, content_type, size_bytes, bytes, created_by, created_at)
        VALUES ('dropped.pdf', 'application/pdf', 4, '\x25504446'::bytea, 'owner', now() - interval '2 days'),
               ('uploading.pdf', 'application/pdf', 4, '\x25504446'::bytea, 'owner', now())
        RETURNING id, file_name`,
    );
    // Trade evidence: one left two days ago by a form never sent, one an application names.
    const evidence = await queryRows<{ id: number }>(
      db(),
      sql`INSERT INTO trade_evidence (customer_id, content_type, size_bytes, bytes, created_at)
        SELECT id, 'application/pdf', 4, '\\x25504446'::bytea, now() - interval '2 days'
        FROM customers ORDER BY id LIMIT 2 RETURNING id`,
    );
    await db().execute(sql`INSERT INTO trade_applications (customer_id, company, trade,
        address_line_1, town, postcode, evidence_id)
      SELECT customer_id, 'Kept Ltd', 'Tiler', '1 Yard', 'Bath', 'BA1 1AA', id
      FROM trade_evidence WHERE id = ${evidence[1]!.id}`);

    const counts = await sweepGuestData(db(), DAYS, RETENTION_ACTOR);
    expect(counts).toEqual({
      invoiced_orders: 1,
      uninvoiced_orders: 1,
      enquiries: 1,
      unconfirmed_signups: 1,
      abandoned_carts: 1,
      unattached_drawings: 1,
      unattached_evidence: 1,
    });
    expect(
      await queryRows(
        db(),
        sql`SELECT file_name FROM quote_drawings WHERE id IN (${drawings[0]!.id}, ${drawings[1]!.id})`,
      ),
    ).toEqual([{ file_name: 'uploading.pdf' }]);
    expect(
      await queryRows(
        db(),
        sql`SELECT id FROM trade_evidence WHERE id IN (${evidence[0]!.id}, ${evidence[1]!.id})`,
      ),
    ).toEqual([{ id: evidence[1]!.id }]);

    const kept = await stored(invoiced.id);
    expect(kept.email).toBe(erasedEmail(invoiced.number));
    const invoiceAddress = {
      first_name: 'Ada',
      last_name: 'Stone',
      address_1: '1 Quarry Lane',
      city: 'Bath',
      postcode: 'BA1 1AA',
      country: 'GB',
      phone: '',
      email: '',
    };
    expect(kept.billing_address).toEqual(invoiceAddress);
    expect(kept.shipping_address).toEqual(invoiceAddress);
    expect(kept.delivery_instructions).toBeNull();
    expect(kept.site_access).toEqual({});
    expect(kept.total_pence).toBe(12_000);
    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${invoiced.number}/invoice.pdf?token=${invoiced.token}`,
    });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');

    const erased = await stored(unpaid.id);
    expect(erased.email).toBe(erasedEmail(unpaid.number));
    expect(erased.billing_address).toEqual({
      first_name: '',
      last_name: '',
      company: '',
      address_1: '',
      address_2: '',
      city: '',
      county: '',
      postcode: '',
      country: 'GB',
      phone: '',
      email: '',
    });
    expect(erased.total_pence).toBe(12_000);

    for (const untouched of [recent, open, accountOrder]) {
      const row = await stored(untouched.id);
      expect(row.email).toBe(untouched.email);
      expect(row.billing_address.phone).toBe('07700 900456');
      expect(row.delivery_instructions).toBe('Key under the mat');
    }
    expect(
      await queryRows(
        db(),
        sql`SELECT name FROM enquiries WHERE email IN ('old@example.com', 'new@example.com')`,
      ),
    ).toEqual([{ name: 'New Enquirer' }]);
    expect(
      await queryRows(
        db(),
        sql`SELECT email FROM newsletter_subscribers
            WHERE email IN ('stale@example.com', 'fresh@example.com', 'reader@example.com')
            ORDER BY email`,
      ),
    ).toEqual([{ email: 'fresh@example.com' }, { email: 'reader@example.com' }]);
    expect(
      await queryRows(
        db(),
        sql`SELECT session_token_hash FROM carts
            WHERE session_token_hash IN ('abandoned-basket', 'live-basket')`,
      ),
    ).toEqual([{ session_token_hash: 'live-basket' }]);

    const audited = await queryRows<{ actor: string; after: Record<string, unknown> }>(
      db(),
      sql`SELECT actor, after FROM audit_log WHERE action = 'retention.sweep' ORDER BY id`,
    );
    expect(audited).toEqual([
      {
        actor: 'system:retention',
        after: { ...counts, retention_days: DAYS, cutoff: expect.any(String) },
      },
    ]);

    // Twice, and from two instances at once: nothing more to erase, nothing more logged.
    const again = await Promise.all([
      sweepGuestData(db(), DAYS, RETENTION_ACTOR),
      sweepGuestData(db(), DAYS, RETENTION_ACTOR),
    ]);
    for (const result of again) {
      if (result) expect(Object.values(result).every((n) => n === 0)).toBe(true);
    }
    expect((await stored(invoiced.id)).billing_address).toEqual(invoiceAddress);
    expect(
      await queryRows(db(), sql`SELECT id FROM audit_log WHERE action = 'retention.sweep'`),
    ).toHaveLength(1);
  });
});
