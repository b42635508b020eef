import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { londonDayFrom } from '#domain/dashboard.ts';
import { formatInvoiceNumber } from '#domain/invoice.ts';
import {
  openTradeAccount,
  signedUpCustomer,
  storeAccountInvoice,
  storeCreditNote,
  type AccountInvoice,
} from '#tests/factories/account-invoices.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let editor: StaffBrowser;
let tiler: ApiShopper;
let tilerId: number;
/** Due 40 days ago (31–60 overdue), 5 days ago (1–30), in 25 days (not yet due). */
let a: AccountInvoice;
let b: AccountInvoice;
let c: AccountInvoice;

/** The London day `offset` days from today. */
const day = (offset: number) => londonDayFrom(new Date(), offset);

const pay = (
  staff: StaffBrowser,
  customerId: number,
  body: Record<string, unknown>,
  key: string | null = randomUUID(),
) =>
  staff.call(
    'POST',
    `/api/admin/trade/accounts/${customerId}/payments`,
    body,
    key === null ? {} : { 'idempotency-key': key },
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, editor } = await staffOfEveryRole(t.app));
  const db = t.app.services.db;
  ({ shopper: tiler, id: tilerId } = await signedUpCustomer(t.app, 'tom@ashlar-tiling.co.uk'));
  await openTradeAccount(db, tilerId, { creditLimitPence: 500_000 });
  a = await storeAccountInvoice(db, tilerId, {
    totalPence: 12_000,
    issuedOn: day(-70),
    dueOn: day(-40),
  });
  b = await storeAccountInvoice(db, tilerId, {
    totalPence: 4_950,
    issuedOn: day(-35),
    dueOn: day(-5),
  });
  c = await storeAccountInvoice(db, tilerId, {
    totalPence: 30_000,
    issuedOn: day(-5),
    dueOn: day(25),
  });
  // Two broken tiles refunded against the oldest invoice.
  await storeCreditNote(db, a.orderId, 2_000, day(-60));
});
afterAll(async () => {
  await t?.close();
});

describe('the ledger of a trade account', () => {
  it('adds up invoices less credit notes, with what is overdue aged by days late', async () => {
    const { status, body } = await tiler.call('GET', '/api/account/statement');
    expect(status).toBe(200);
    const s = body.data;
    // £120.00 − £20.00 credited + £49.50 + £300.00.
    expect(s.balance).toBe('449.50');
    expect(s.outstanding).toBe('449.50');
    expect(s.overdue).toBe('149.50');
    expect(s.aged).toEqual({
      current: '300.00',
      '1_30': '49.50',
      '31_60': '100.00',
      '61_plus': '0.00',
    });
    expect(s.next_due_on).toBe(day(-40));
    expect(s.terms).toEqual({ kind: 'days', days: 30, label: '30 days from invoice' });
    expect(s.credit_limit).toBe('5000.00');
    expect(
      s.invoices.map(
        (i: { number: string; status: string; outstanding: string; days_overdue: number }) => [
          i.number,
          i.status,
          i.outstanding,
          i.days_overdue,
        ],
      ),
    ).toEqual([
      [formatInvoiceNumber(a.number), 'overdue', '100.00', 40],
      [formatInvoiceNumber(b.number), 'overdue', '49.50', 5],
      [formatInvoiceNumber(c.number), 'open', '300.00', 0],
    ]);
    // The £49.50 invoice is £41.25 of goods and delivery ex VAT and £8.25 VAT, as the order holds.
    const [order] = await queryRows<{ total_net_pence: number; total_vat_pence: number }>(
      t.app.services.db,
      sql`SELECT total_net_pence, total_vat_pence FROM orders WHERE id = ${b.orderId}`,
    );
    expect(order).toEqual({ total_net_pence: 4_125, total_vat_pence: 825 });
  });

  it('answers 401 signed out and 404 to a customer without a trade account', async () => {
    expect((await new ApiShopper(t.app).call('GET', '/api/account/statement')).status).toBe(401);
    expect((await new ApiShopper(t.app).call('GET', '/api/account/statement.pdf')).status).toBe(
      401,
    );
    const { shopper } = await signedUpCustomer(t.app, 'homeowner@example.com');
    const answer = await shopper.call('GET', '/api/account/statement');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('You have no trade account');
    expect((await shopper.call('GET', '/api/account/statement.pdf')).status).toBe(404);
  });
});

describe('recording payments', () => {
  it('refuses allocations beyond what an invoice owes or beyond the payment, storing nothing', async () => {
    const over = await pay(owner, tilerId, {
      amount: '150.00',
      received_on: day(0),
      allocations: [{ invoice_number: formatInvoiceNumber(a.number), amount: '100.01' }],
    });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual({
      'allocations.0.amount': `Invoice ${formatInvoiceNumber(a.number)} has only £100.00 outstanding`,
    });
    const beyond = await pay(owner, tilerId, {
      amount: '50.00',
      received_on: day(0),
      allocations: [
        { invoice_number: formatInvoiceNumber(a.number), amount: '40.00' },
        { invoice_number: formatInvoiceNumber(b.number), amount: '20.00' },
      ],
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.fields).toEqual({
      allocations: 'The allocations add up to £60.00, more than the payment of £50.00',
    });
    const unknown = await pay(owner, tilerId, {
      amount: '50.00',
      received_on: day(0),
      allocations: [{ invoice_number: 'INV-999999', amount: '10.00' }],
    });
    expect(unknown.body.fields).toEqual({
      'allocations.0.invoice_number': 'Invoice INV-999999 is not an open invoice of this account',
    });
    const bad = await pay(owner, tilerId, { amount: '-5', received_on: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      amount: 'Enter the amount received in pounds, e.g. 250.00',
      received_on: 'Enter the day the money arrived, e.g. 2026-11-26',
    });
    expect(
      (await pay(owner, tilerId, { amount: '5.00', received_on: day(1) })).body.fields,
    ).toEqual({ received_on: 'The day the money arrived cannot be after today' });
    expect((await pay(owner, tilerId, { amount: '5.00', received_on: day(0) }, null)).status).toBe(
      400,
    );
    expect((await pay(editor, tilerId, { amount: '5.00', received_on: day(0) })).status).toBe(403);
    const [count] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM account_payments`,
    );
    expect(count!.n).toBe(0);
  });

  it('sets a part payment against the invoice named, then the next oldest first', async () => {
    const key = randomUUID();
    const body = {
      amount: '60.00',
      received_on: day(-1),
      reference: 'ASHLAR BACS 0412',
      allocations: [{ invoice_number: formatInvoiceNumber(a.number), amount: '60.00' }],
    };
    const part = await pay(owner, tilerId, body, key);
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body.payment.allocations).toEqual([
      { invoice_number: formatInvoiceNumber(a.number), amount: '60.00' },
    ]);
    expect(part.body.data.balance).toBe('389.50');
    expect(part.body.data.invoices[0].outstanding).toBe('40.00');
    // The same key and request answer the same payment; another request under it is refused.
    const again = await pay(owner, tilerId, body, key);
    expect(again.status).toBe(200);
    expect(again.body.payment.id).toBe(part.body.payment.id);
    expect((await pay(owner, tilerId, { ...body, amount: '61.00' }, key)).status).toBe(422);

    const rest = await pay(owner, tilerId, { amount: '100.00', received_on: day(0) });
    expect(rest.status).toBe(201);
    expect(rest.body.payment.allocations).toEqual([
      { invoice_number: formatInvoiceNumber(a.number), amount: '40.00' },
      { invoice_number: formatInvoiceNumber(b.number), amount: '49.50' },
      { invoice_number: formatInvoiceNumber(c.number), amount: '10.50' },
    ]);
    const s = rest.body.data;
    expect(s.balance).toBe('289.50');
    expect(s.overdue).toBe('0.00');
    expect(s.invoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'open']);
    // Settled invoices' orders are paid; the part-paid one still waits.
    const orders = await queryRows<{ id: number; payment_status: string }>(
      t.app.services.db,
      sql`SELECT id, payment_status FROM orders WHERE id IN (${a.orderId}, ${b.orderId}, ${c.orderId})
          ORDER BY id`,
    );
    expect(orders.map((o) => o.payment_status)).toEqual(['succeeded', 'succeeded', 'on_account']);
    const [logged] = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'trade_account.payment'
          AND entity_id = ${String(tilerId)}`,
    );
    expect(logged!.n).toBe(2);
  });

  it('lists every invoice, credit note and payment with the running balance', async () => {
    const { body } = await tiler.call('GET', '/api/account/statement');
    const lines = body.data.lines.map(
      (l: { kind: string; debit: string | null; credit: string | null; balance: string }) => [
        l.kind,
        l.debit ?? l.credit,
        l.balance,
      ],
    );
    expect(lines).toEqual([
      ['invoice', '120.00', '120.00'],
      ['credit_note', '20.00', '100.00'],
      ['invoice', '49.50', '149.50'],
      ['invoice', '300.00', '449.50'],
      ['payment', '60.00', '389.50'],
      ['payment', '100.00', '289.50'],
    ]);
    expect(body.data.lines[4].description).toBe('Payment received, ASHLAR BACS 0412');
  });

  it('prints the statement as a PDF with the lines and the balance due', async () => {
    const answer = await tiler.call('GET', '/api/account/statement.pdf');
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toBe('application/pdf');
    const { pages } = await readPdf(answer.response.rawPayload);
    const text = pages.join(' ');
    expect(text).toContain('Statement of account');
    expect(text).toContain('Ashlar Tiling Ltd');
    expect(text).toContain(
      `Invoice ${formatInvoiceNumber(c.number)}, order ${c.orderNumber}, due ${day(25)}`,
    );
    expect(text).toContain('Payment received, ASHLAR BACS 0412 £60.00 £389.50');
    expect(text).toContain('Balance due £289.50');
    expect(text).toContain('30 days from invoice');
  });
});

describe('staff', () => {
  it('list the accounts with balance and overdue, filtered to those overdue', async () => {
    const { id: quietId } = await signedUpCustomer(t.app, 'jo@quiet-interiors.co.uk');
    await openTradeAccount(t.app.services.db, quietId, { company: 'Quiet Interiors' });
    const late = await storeAccountInvoice(t.app.services.db, quietId, {
      totalPence: 9_999,
      issuedOn: day(-100),
      dueOn: day(-70),
    });
    const all = await owner.call('GET', '/api/admin/trade/accounts');
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      {
        customer_id: quietId,
        company: 'Quiet Interiors',
        email: 'jo@quiet-interiors.co.uk',
        group: 'Trade',
        credit_limit: '5000.00',
        terms: '30 days from invoice',
        balance: '99.99',
        overdue: '99.99',
        stopped: false,
      },
      expect.objectContaining({ company: 'Ashlar Tiling Ltd', balance: '289.50', overdue: '0.00' }),
    ]);
    const overdue = await owner.call('GET', '/api/admin/trade/accounts?overdue=true');
    expect(overdue.body.data.map((r: { company: string }) => r.company)).toEqual([
      'Quiet Interiors',
    ]);
    const detail = await owner.call('GET', `/api/admin/trade/accounts/${quietId}`);
    expect(detail.body.data.aged['61_plus']).toBe('99.99');
    expect(detail.body.data.invoices[0].number).toBe(formatInvoiceNumber(late.number));
    expect((await editor.call('GET', '/api/admin/trade/accounts')).status).toBe(403);
    expect((await owner.call('GET', '/api/admin/trade/accounts/999999')).status).toBe(404);
  });

  it('set the credit limit and terms, version-checked and audited', async () => {
    const before = await owner.call('GET', `/api/admin/trade/accounts/${tilerId}`);
    const version = before.body.data.version as number;
    const saved = await owner.call('PUT', `/api/admin/trade/accounts/${tilerId}`, {
      credit_limit: '7500.00',
      terms_kind: 'end_of_month',
      version,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.credit_limit).toBe('7500.00');
    expect(saved.body.data.terms.label).toBe('End of the month after the invoice');
    expect(saved.body.data.version).toBe(version + 1);
    const stale = await owner.call('PUT', `/api/admin/trade/accounts/${tilerId}`, {
      credit_limit: '',
      terms_kind: 'days',
      terms_days: 14,
      version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const bad = await owner.call('PUT', `/api/admin/trade/accounts/${tilerId}`, {
      credit_limit: 'lots',
      terms_kind: 'weekly',
      terms_days: 365,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual([
      'credit_limit',
      'terms_days',
      'terms_kind',
    ]);
  });

  it('stop an account with a reason and reopen it', async () => {
    const { body } = await owner.call('GET', `/api/admin/trade/accounts/${tilerId}`);
    const stopped = await owner.call('POST', `/api/admin/trade/accounts/${tilerId}/stop`, {
      reason: 'Cheque returned unpaid',
      version: body.data.version,
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({
      stopped: true,
      stop_reason: 'Cheque returned unpaid',
    });
    const twice = await owner.call('POST', `/api/admin/trade/accounts/${tilerId}/stop`, {
      reason: 'Again',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This account is stopped');
    expect(
      (await owner.call('POST', `/api/admin/trade/accounts/${tilerId}/stop`, { reason: ' ' })).body
        .fields,
    ).toEqual({ reason: 'Say why the account is stopped' });
    expect((await tiler.call('GET', '/api/account/statement')).body.data.stopped).toBe(true);
    const reopened = await owner.call('POST', `/api/admin/trade/accounts/${tilerId}/reopen`, {
      version: stopped.body.data.version,
    });
    expect(reopened.body.data).toMatchObject({ stopped: false, stop_reason: null });
    const actions = await queryRows<{ action: string }>(
      t.app.services.db,
      sql`SELECT action FROM audit_log WHERE entity = 'trade_account' ORDER BY id`,
    );
    expect(actions.map((r) => r.action)).toEqual([
      'trade_account.payment',
      'trade_account.payment',
      'trade_account.terms',
      'trade_account.stop',
      'trade_account.reopen',
    ]);
  });
});
