// Staff notes on an order: a private note stays in the back office; a note to the customer shows
// on their order page (account and guest link) and goes out by mail through the outbox.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let editor: StaffBrowser;
let number: string;
let token: string;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);

beforeAll(async () => {
  t = await createTestApp();
  ({ manager, editor } = await staffOfEveryRole(t.app));
  const [size] = await rows<{ product_id: number; id: number }>(
    sql`SELECT v.product_id, v.id FROM variations v JOIN products p ON p.id = v.product_id
        WHERE p.status = 'publish' AND v.stock_quantity > 10 AND v.option ~ '^\\d+x\\d+'
        ORDER BY v.id LIMIT 1`,
  );
  const shopper = new ApiShopper(t.app);
  await shopper.add(size!.product_id, size!.id, 2);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  number = placed.body.data.number;
  token = placed.body.token;
});
afterAll(async () => {
  await t?.close();
});

describe('order notes', () => {
  it('keeps a private note for staff only, audited', async () => {
    const added = await manager.call('POST', `/api/admin/orders/${number}/notes`, {
      text: '  Customer rang: leave by the side gate  ',
      to_customer: false,
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      text: 'Customer rang: leave by the side gate',
      to_customer: false,
    });
    const admin = await manager.call('GET', `/api/admin/orders/${number}`);
    expect(admin.body.data.notes).toEqual([
      expect.objectContaining({
        text: 'Customer rang: leave by the side gate',
        to_customer: false,
      }),
    ]);
    const guest = await t.app.inject({ url: `/api/orders/${number}?token=${token}` });
    expect(guest.json().data.messages).toEqual([]);
    const [audit] = await rows<{ action: string; entity_id: string }>(
      sql`SELECT action, entity_id FROM audit_log WHERE action = 'order.note'`,
    );
    expect(audit).toEqual({ action: 'order.note', entity_id: number });
    const mails = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'order_note'`,
    );
    expect(mails[0]!.n).toBe(0);
  });

  it('shows a note to the customer on their order page and mails it, escaped', async () => {
    const text = 'Your slabs are cut. <b>Delivery</b> on Friday & the driver calls first.';
    const added = await manager.call('POST', `/api/admin/orders/${number}/notes`, {
      text,
      to_customer: true,
    });
    expect(added.status).toBe(201);
    const guest = await t.app.inject({ url: `/api/orders/${number}?token=${token}` });
    expect(guest.json().data.messages).toEqual([{ at: added.body.data.at, text }]);
    const [mail] = await rows<{ recipient: string; subject: string; text: string; html: string }>(
      sql`SELECT recipient, subject, text, html FROM mail_outbox WHERE kind = 'order_note'`,
    );
    expect(mail!.recipient).toBe('ada@example.co.uk');
    expect(mail!.subject).toBe(`A note about your Tessera Stone order ${number}`);
    expect(mail!.text).toContain(text);
    expect(mail!.html).toContain('&lt;b&gt;Delivery&lt;/b&gt; on Friday &amp; the driver');
    expect(mail!.html).not.toContain('<b>Delivery</b>');
  });

  it('refuses an empty or overlong note with the field message, and an editor', async () => {
    const empty = await manager.call('POST', `/api/admin/orders/${number}/notes`, {
      text: '   ',
      to_customer: true,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ text: 'Write the note' });
    const long = await manager.call('POST', `/api/admin/orders/${number}/notes`, {
      text: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual({ text: 'A note is at most 2000 characters' });
    const forbidden = await editor.call('POST', `/api/admin/orders/${number}/notes`, {
      text: 'hello',
    });
    expect(forbidden.status).toBe(403);
    const missing = await manager.call('POST', '/api/admin/orders/TS-999999/notes', {
      text: 'hello',
    });
    expect(missing.status).toBe(404);
  });
});
