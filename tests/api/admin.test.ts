import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { queryRows } from '#db/client.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { STAFF_MESSAGES } from '#domain/staff.ts';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { StaffBrowser } from '#tests/setup/staff-browser.ts';

let t: TestApp;
const OWNER = { email: 'owner@tessera.test', password: 'Portland-limestone-1' };

beforeAll(async () => {
  t = await createTestApp();
  owner = new StaffBrowser(t.app);
  manager = new StaffBrowser(t.app);
  editor = new StaffBrowser(t.app);
  expect(
    await createFirstOwner(t.app.services.db, {
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
    }),
  ).toBe(true);
  // Only when no staff exists: the variables never reset an account.
  expect(
    await createFirstOwner(t.app.services.db, {
      ADMIN_EMAIL: 'other@tessera.test',
      ADMIN_PASSWORD: 'another-long-pass',
    }),
  ).toBe(false);
});
afterAll(async () => {
  await t?.close();
});

let owner: StaffBrowser;
let manager: StaffBrowser;
let editor: StaffBrowser;
/** The code the owner signed in with: a second sign-in with it must fail. */
let ownersCode = '';

describe('staff sign-in: password, then a TOTP code', () => {
  it('enrols the first owner at the first sign-in and signs them in with a staff cookie', async () => {
    const first = await owner.call('POST', '/api/admin/auth/sign-in', OWNER);
    expect(first.status).toBe(200);
    expect(first.body.enrol.uri).toMatch(/^otpauth:\/\/totp\//);
    owner.secret = first.body.enrol.secret;
    expect(owner.cookie).toBe('');
    const wrong = await owner.call('POST', '/api/admin/auth/code', {
      challenge: first.body.challenge,
      code: '000000',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(STAFF_MESSAGES.codeInvalid);
    ownersCode = generateSync({ secret: owner.secret });
    const right = await owner.call('POST', '/api/admin/auth/code', {
      challenge: first.body.challenge,
      code: ownersCode,
    });
    expect(right.status).toBe(200);
    expect(right.body.staff).toMatchObject({ email: OWNER.email, role: 'owner' });
    expect(String(right.response.headers['set-cookie'])).toMatch(
      /tessera_staff=.*HttpOnly.*SameSite=Strict/i,
    );
    expect((await owner.call('GET', '/api/admin/auth/me')).body.staff.email).toBe(OWNER.email);
  });

  it('takes each code once: the same code at a second sign-in is refused', async () => {
    const again = new StaffBrowser(t.app);
    const first = await again.call('POST', '/api/admin/auth/sign-in', OWNER);
    expect(first.body.enrol).toBeNull();
    const answer = await again.call('POST', '/api/admin/auth/code', {
      challenge: first.body.challenge,
      code: ownersCode,
    });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(STAFF_MESSAGES.codeInvalid);
    expect(again.cookie).toBe('');
  });

  it('refuses a wrong password with one message, logs it, and throttles the account', async () => {
    const stranger = new StaffBrowser(t.app);
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await stranger.call('POST', '/api/admin/auth/sign-in', {
          email: 'owner@tessera.test',
          password: `guess-${i}`,
        }),
      );
    }
    expect(answers[0]!.status).toBe(401);
    expect(answers[0]!.body.message).toBe(STAFF_MESSAGES.signInFailed);
    expect(answers.at(-1)!.status).toBe(429);
    const unknown = await stranger.call('POST', '/api/admin/auth/sign-in', {
      email: 'nobody@tessera.test',
      password: 'x',
    });
    expect(unknown.body.message).toBe(STAFF_MESSAGES.signInFailed);
    const failures = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.sign_in_failed'`,
    );
    expect(failures[0]!.n).toBeGreaterThanOrEqual(6);
    await t.app.services.db.execute(sql`DELETE FROM throttle_counters WHERE key LIKE 'staff%'`);
  });

  it('answers a missing email or a malformed code with the field message', async () => {
    const stranger = new StaffBrowser(t.app);
    const bad = await stranger.call('POST', '/api/admin/auth/sign-in', { email: '', password: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      email: 'Email is required',
      password: 'Password is required',
    });
    const code = await stranger.call('POST', '/api/admin/auth/code', {
      challenge: 'x',
      code: '12',
    });
    expect(code.status).toBe(400);
    expect(code.body.fields).toEqual({ code: STAFF_MESSAGES.codeRequired });
  });
});

describe('staff accounts and roles', () => {
  it('lets the owner add a manager and an editor, who enrol through their invitation link', async () => {
    for (const [browser, email, role] of [
      [manager, 'manager@tessera.test', 'manager'],
      [editor, 'editor@tessera.test', 'editor'],
    ] as const) {
      const added = await owner.call('POST', '/api/admin/staff', { email, name: role, role });
      expect(added.status).toBe(201);
      expect(added.body.data).toMatchObject({ email, role, enrolled: false, disabled: false });
      const accepted = await browser.acceptInvitation(email, 'Carrara-marble-12');
      expect(accepted.status).toBe(200);
      expect(accepted.body.recovery_codes).toHaveLength(10);
    }
    const list = await owner.call('GET', '/api/admin/staff');
    expect(
      list.body.data.map((s: { email: string; enrolled: boolean }) => [s.email, s.enrolled]),
    ).toEqual([
      [OWNER.email, true],
      ['manager@tessera.test', true],
      ['editor@tessera.test', true],
    ]);
  });

  it('refuses a wrong role or a taken email, storing nothing', async () => {
    const role = await owner.call('POST', '/api/admin/staff', {
      email: 'x@tessera.test',
      name: 'X',
      role: 'admin',
    });
    expect(role.body.fields).toEqual({ role: STAFF_MESSAGES.roleRequired });
    const taken = await owner.call('POST', '/api/admin/staff', {
      email: 'MANAGER@tessera.test',
      name: 'M',
      role: 'manager',
    });
    expect(taken.status).toBe(409);
    expect((await owner.call('GET', '/api/admin/staff')).body.data).toHaveLength(3);
  });

  it.each([
    ['GET', '/api/admin/orders', { owner: 200, manager: 200, editor: 403 }],
    ['GET', '/api/admin/staff', { owner: 200, manager: 403, editor: 403 }],
    ['GET', '/api/admin/audit', { owner: 200, manager: 403, editor: 403 }],
  ] as const)(
    '%s %s: each role allowed or refused; customers, strangers and forged cookies get 401',
    async (method, url, expected) => {
      expect((await owner.call(method, url)).status).toBe(expected.owner);
      expect((await manager.call(method, url)).status).toBe(expected.manager);
      expect((await editor.call(method, url)).status).toBe(expected.editor);
      expect((await new StaffBrowser(t.app).call(method, url)).status).toBe(401);
      const forged = new StaffBrowser(t.app);
      forged.cookie = `tessera_staff=${randomUUID()}`;
      expect((await forged.call(method, url)).status).toBe(401);
      const customer = new ApiShopper(t.app);
      await customer.call('POST', '/api/auth/register', {
        email: `c-${randomUUID()}@example.com`,
        password: 'granite-worktop-9',
      });
      const asCustomer = await t.app.inject({ method, url, headers: { cookie: customer.cookie } });
      expect(asCustomer.statusCode).toBe(401);
    },
  );

  it('refuses a change sent from another origin (CSRF)', async () => {
    const answer = await owner.call(
      'POST',
      '/api/admin/staff',
      { email: 'csrf@tessera.test', name: 'C', role: 'owner' },
      { origin: 'https://evil.example' },
    );
    expect(answer.status).toBe(403);
    expect((await owner.call('GET', '/api/admin/staff')).body.data).toHaveLength(3);
  });

  it('ends every session of a disabled staff member', async () => {
    const temp = new StaffBrowser(t.app);
    const added = await owner.call('POST', '/api/admin/staff', {
      email: 'temp@tessera.test',
      name: 'Temp',
      role: 'manager',
    });
    expect((await temp.acceptInvitation('temp@tessera.test', 'Brecon-slate-floor-1')).status).toBe(
      200,
    );
    expect((await temp.call('GET', '/api/admin/orders')).status).toBe(200);
    expect(
      (await manager.call('POST', `/api/admin/staff/${added.body.data.id}/disable`)).status,
    ).toBe(403);
    const disabled = await owner.call('POST', `/api/admin/staff/${added.body.data.id}/disable`);
    expect(disabled.body.data.disabled).toBe(true);
    expect((await temp.call('GET', '/api/admin/orders')).status).toBe(401);
    const again = await temp.call('POST', '/api/admin/auth/sign-in', {
      email: 'temp@tessera.test',
      password: 'Brecon-slate-floor-1',
    });
    expect(again.status).toBe(401);
  });
});

describe('orders for staff', () => {
  async function placeOrder(): Promise<OrderJson> {
    const products = await t.app.inject({ url: '/api/products?per_page=50' });
    const withSize = [];
    for (const product of (products.json() as { data: { id: number }[] }).data) {
      const variations = (
        await t.app.inject({ url: `/api/product/${product.id}/variations` })
      ).json() as VariationJson[];
      const size = variations.find(
        (v) => (v.stock_quantity ?? 0) > 10 && /^\d+x\d+/.test(v.attributes[0]!.option),
      );
      if (size) withSize.push({ productId: product.id, variationId: size.id });
      if (withSize.length) break;
    }
    const shopper = new ApiShopper(t.app);
    await shopper.add(withSize[0]!.productId, withSize[0]!.variationId, 2);
    const quote = await shopper.quote();
    const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
    expect(placed.status).toBe(201);
    return placed.body.data;
  }

  it('finds orders by number, email, postcode and status', async () => {
    const order = await placeOrder();
    for (const q of [order.number, 'ADA@example.co.uk', 'bs20ux']) {
      const found = await manager.call('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`);
      expect(found.body.data.map((o: { number: string }) => o.number)).toContain(order.number);
    }
    const pending = await manager.call('GET', '/api/admin/orders?status=pending_payment');
    expect(pending.body.data.every((o: { status: string }) => o.status === 'pending_payment')).toBe(
      true,
    );
    const none = await manager.call('GET', '/api/admin/orders?from=2001-01-01&to=2001-01-02');
    expect(none.body.data).toEqual([]);
    expect((await manager.call('GET', '/api/admin/orders?status=lost')).status).toBe(400);
    expect((await manager.call('GET', '/api/admin/orders?from=yesterday')).status).toBe(400);
  });

  it('marks a bank transfer paid, moves the order on, and audits each change with who and when', async () => {
    const order = await placeOrder();
    const wrong = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: '1.00',
    });
    expect(wrong.status).toBe(409);
    const bad = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: 'lots',
    });
    expect(bad.status).toBe(400);
    const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: order.totals.total.gross,
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', payment_status: 'succeeded' });
    expect(
      (
        await manager.call('POST', `/api/admin/orders/${order.number}/move`, {
          status: 'dispatched',
        })
      ).status,
    ).toBe(409);
    await manager.call('POST', `/api/admin/orders/${order.number}/move`, { status: 'processing' });
    const dispatched = await manager.call('POST', `/api/admin/orders/${order.number}/move`, {
      status: 'dispatched',
      note: 'Pallet PX-42',
    });
    expect(dispatched.body.data.history.at(-1)).toMatchObject({
      to: 'dispatched',
      actor: 'staff:manager@tessera.test',
      note: 'Pallet PX-42',
    });
    expect(
      (await editor.call('POST', `/api/admin/orders/${order.number}/move`, { status: 'delivered' }))
        .status,
    ).toBe(403);
    const log = await owner.call('GET', '/api/admin/audit?per_page=100');
    const mine = log.body.data.filter(
      (row: { entity_id: string }) => row.entity_id === order.number,
    );
    expect(
      mine.map((row: { action: string; actor: string }) => `${row.action}:${row.actor}`),
    ).toEqual([
      'order.move:manager@tessera.test',
      'order.move:manager@tessera.test',
      'order.mark_paid:manager@tessera.test',
    ]);
    expect(mine[0]).toMatchObject({
      before: { status: 'processing' },
      after: { status: 'dispatched' },
      ip: expect.any(String),
    });
  });

  it('keeps the audit log append-only', async () => {
    await expect(
      t.app.services.db.execute(sql`UPDATE audit_log SET actor = 'someone else'`),
    ).rejects.toThrow();
    await expect(t.app.services.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
  });
});
