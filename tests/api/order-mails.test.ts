import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { DISPATCH_MESSAGES, MAIL_MAX_ATTEMPTS } from '#domain/order-mail.ts';
import { createMailer } from '#server/services/mail.ts';
import { outboxAttachments } from '#server/services/mail-outbox/attachments.ts';
import { orderMails } from '#server/services/mail-outbox/outbox.ts';
import { OutboxSender } from '#server/services/mail-outbox/sender.ts';
import { storeOrderAwaitingPayment } from '#tests/factories/stored-orders.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let editor: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    config: {
      MAIL_FROM: 'Tessera Stone <orders@tessera.test>',
      MAIL_REPLY_TO: 'help@tessera.test',
    },
  });
  ({ manager, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

interface OutboxRow {
  id: number;
  kind: string;
  event_key: string;
  recipient: string;
  subject: string;
  text: string;
  attachments: unknown[];
  attempts: number;
  sent_at: Date | null;
  failed_at: Date | null;
  last_error: string | null;
  next_attempt_at: Date;
  resend_of: number | null;
}

const outboxRows = (orderId: number) =>
  queryRows<OutboxRow>(
    t.app.services.db,
    sql`SELECT * FROM mail_outbox WHERE order_id = ${orderId} ORDER BY id`,
  );

const DISPATCH = {
  carrier: 'Palletways',
  tracking_number: 'PW-123456',
  tracking_url: 'https://track.palletways.example/PW-123456',
  delivery_date: '2026-12-03',
};

async function paidBankOrder() {
  const order = await storeOrderAwaitingPayment(t.app.services.db, {
    paymentMethod: 'bank_transfer',
  });
  const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
    amount: '120.00',
  });
  expect(paid.status).toBe(200);
  return order;
}

describe("an order's life, mailed", () => {
  it('writes one mail a change, each with its subject and papers, and sends each once', async () => {
    const order = await paidBankOrder();
    const url = `/api/admin/orders/${order.number}`;
    // Paying again changes nothing and mails nothing.
    const again = await manager.call('POST', `${url}/mark-paid`, { amount: '120.00' });
    expect(again.body.result).toBe('already_paid');
    expect((await manager.call('POST', `${url}/move`, { status: 'processing' })).status).toBe(200);
    const dispatched = await manager.call('POST', `${url}/dispatch`, DISPATCH);
    expect(dispatched.status).toBe(200);
    expect(dispatched.body.data.status).toBe('dispatched');
    expect(dispatched.body.data.history.at(-1)).toMatchObject({
      to: 'dispatched',
      note: 'Palletways PW-123456, due 2026-12-03',
    });
    const [stamped] = await queryRows<Record<string, unknown>>(
      t.app.services.db,
      sql`SELECT carrier, tracking_number, tracking_url, delivery_date::text AS day,
            dispatched_at IS NOT NULL AS stamped FROM orders WHERE id = ${order.id}`,
    );
    expect(stamped).toEqual({
      carrier: 'Palletways',
      tracking_number: 'PW-123456',
      tracking_url: DISPATCH.tracking_url,
      day: '2026-12-03',
      stamped: true,
    });
    expect((await manager.call('POST', `${url}/move`, { status: 'delivered' })).status).toBe(200);
    const refund = await manager.call('POST', `${url}/refund`, {
      amount: '20.50',
      reason: 'One cracked tile',
    });
    expect(refund.status).toBe(200);
    const note = refund.body.credit_note as string;

    const rows = await outboxRows(order.id);
    expect(rows.map((r) => [r.kind, r.recipient, r.subject, r.attachments])).toEqual([
      [
        'payment_received',
        order.email,
        `Payment received for your Tessera Stone order ${order.number}`,
        [{ kind: 'invoice' }],
      ],
      ['dispatched', order.email, `Your Tessera Stone order ${order.number} is on its way`, []],
      ['delivered', order.email, `Your Tessera Stone order ${order.number} has been delivered`, []],
      [
        'refunded',
        order.email,
        `Your refund of £20.50 for Tessera Stone order ${order.number}`,
        [{ kind: 'credit_note', number: Number(note.slice(3)) }],
      ],
    ]);
    const dispatchText = rows[1]!.text;
    expect(dispatchText).toContain('Carrier: Palletways');
    expect(dispatchText).toContain('Tracking number: PW-123456');
    expect(dispatchText).toContain('Delivery day: 3 December 2026');
    expect(dispatchText).toContain(DISPATCH.tracking_url);
    // Paid by bank transfer, so paid back the same way: no card wording.
    expect(rows[3]!.text).toContain(
      `Your credit note ${note} is attached. We pay it back by bank transfer to the account your payment came from.`,
    );
    expect(rows[3]!.text).not.toContain('card');

    await t.app.mailOutbox.wake();
    const sent = outboxMails(t.config.dataDir, order.email);
    expect(sent.map((m) => m.subject)).toEqual(rows.map((r) => r.subject));
    const invoice = refund.body.data.invoice.number as string;
    expect(sent.map((m) => m.attachments?.map((a) => [a.filename, a.content_type]))).toEqual([
      [[`invoice-${invoice}.pdf`, 'application/pdf']],
      undefined,
      undefined,
      [[`credit-note-${note}.pdf`, 'application/pdf']],
    ]);
    expect(sent[0]).toMatchObject({
      from: 'Tessera Stone <orders@tessera.test>',
      reply_to: 'help@tessera.test',
    });
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(4);

    const list = await manager.call('GET', `${url}/mails`);
    expect(list.status).toBe(200);
    expect(
      list.body.data.map((m: Record<string, unknown>) => [m.label, m.status, m.attachments]),
    ).toEqual([
      ['Payment received', 'sent', [`invoice-${invoice}.pdf`]],
      ['Dispatched', 'sent', []],
      ['Delivered', 'sent', []],
      ['Refund', 'sent', [`credit-note-${note}.pdf`]],
    ]);
  });

  it('mails a cancelled order once, saying nothing is owed when nothing was paid', async () => {
    const order = await storeOrderAwaitingPayment(t.app.services.db, {
      paymentMethod: 'bank_transfer',
    });
    const url = `/api/admin/orders/${order.number}/move`;
    expect((await manager.call('POST', url, { status: 'cancelled' })).status).toBe(200);
    expect((await manager.call('POST', url, { status: 'cancelled' })).status).toBe(409);
    const rows = await outboxRows(order.id);
    expect(rows.map((r) => [r.kind, r.subject])).toEqual([
      ['cancelled', `Your Tessera Stone order ${order.number} has been cancelled`],
    ]);
    expect(rows[0]!.text).toContain('Nothing has been taken from you, and nothing is owed.');
  });

  it('refuses a dispatch without https tracking or a real day, storing and mailing nothing', async () => {
    const order = await paidBankOrder();
    const url = `/api/admin/orders/${order.number}`;
    await manager.call('POST', `${url}/move`, { status: 'processing' });
    const bad = await manager.call('POST', `${url}/dispatch`, {
      carrier: ' ',
      tracking_number: 'PW-1',
      tracking_url: 'http://track.example/PW-1',
      delivery_date: '2026-02-30',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      carrier: DISPATCH_MESSAGES.carrier,
      tracking_url: DISPATCH_MESSAGES.trackingUrl,
      delivery_date: DISPATCH_MESSAGES.deliveryDate,
    });
    const script = await manager.call('POST', `${url}/dispatch`, {
      ...DISPATCH,
      tracking_url: 'javascript:alert(1)',
    });
    expect(script.status).toBe(400);
    expect((await editor.call('POST', `${url}/dispatch`, DISPATCH)).status).toBe(403);
    expect((await outboxRows(order.id)).map((r) => r.kind)).toEqual(['payment_received']);
  });
});

describe('resending', () => {
  it('writes a new mail copying the first, sent again with its attachment', async () => {
    const order = await paidBankOrder();
    await t.app.mailOutbox.wake();
    const [first] = await outboxRows(order.id);
    const url = `/api/admin/orders/${order.number}/mails/${first!.id}/resend`;
    expect((await editor.call('POST', url)).status).toBe(403);
    const resent = await manager.call('POST', url);
    expect(resent.status).toBe(201);
    expect(resent.body.mail).toMatchObject({
      kind: 'payment_received',
      status: 'pending',
      resend_of: first!.id,
      to: order.email,
    });
    await t.app.mailOutbox.wake();
    const sent = outboxMails(t.config.dataDir, order.email);
    expect(sent.map((m) => m.subject)).toEqual([first!.subject, first!.subject]);
    expect(sent[1]!.attachments).toHaveLength(1);
    const other = await paidBankOrder();
    const foreign = await manager.call(
      'POST',
      `/api/admin/orders/${other.number}/mails/${first!.id}/resend`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This order has no such mail');
  });
});

describe('a mail server that refuses', () => {
  it('retries later with a longer wait, sends once it answers, and shows a mail failed after the last try', async () => {
    const refused = await createTestApp({
      seed: false,
      config: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_SEND_TIMEOUT_MS: '2000' },
    });
    try {
      const db = refused.app.services.db;
      const first = await storeOrderAwaitingPayment(db, { paymentMethod: 'bank_transfer' });
      const second = await storeOrderAwaitingPayment(db, { paymentMethod: 'bank_transfer' });
      for (const order of [first, second]) {
        await refused.app.services.orders.markPaid({
          orderNumber: order.number,
          provider: 'bank_transfer',
          providerRef: null,
          amountPence: 12_000,
          currency: 'GBP',
          actor: 'staff:test',
        });
      }
      await refused.app.mailOutbox.wake();
      const rowsOf = (orderId: number) =>
        queryRows<OutboxRow>(db, sql`SELECT * FROM mail_outbox WHERE order_id = ${orderId}`);
      const [tried] = await rowsOf(first.id);
      expect(tried).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
      expect(tried!.last_error).toMatch(/ECONNREFUSED 127\.0\.0\.1:1/);
      const wait = new Date(tried!.next_attempt_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(20_000);
      expect(wait).toBeLessThanOrEqual(30_000);

      const senderWith = (smtpUrl: string | undefined) =>
        new OutboxSender(db, {
          send: (message) =>
            createMailer({
              smtpUrl,
              mailFrom: 'shop@tessera.test',
              dataDir: refused.config.dataDir,
            }).sendMail(message),
          attachments: outboxAttachments(db, refused.app.services.orders),
          leaseMs: 4_000,
          messageIdDomain: 'tessera.test',
        });
      const later = (ms: number) => new Date(Date.now() + ms);
      // Not due yet: nothing is tried.
      expect(await senderWith(undefined).sendDue(later(1_000))).toBe(0);
      // Once due, the mail server answers: sent, with the invoice.
      const answering = senderWith(undefined);
      expect(await answering.sendDue(later(31_000))).toBe(2);
      const [sent] = await rowsOf(first.id);
      expect(sent).toMatchObject({ attempts: 2, last_error: null });
      expect(sent!.sent_at).not.toBeNull();
      const mails = outboxMails(refused.config.dataDir, first.email);
      expect(mails.map((m) => m.attachments?.length)).toEqual([1]);

      // A mail that keeps failing is marked failed after the last try, for staff to see.
      await db.execute(sql`UPDATE mail_outbox SET sent_at = NULL, attempts = 1,
          next_attempt_at = now() WHERE order_id = ${second.id}`);
      const failing = senderWith('smtp://127.0.0.1:1');
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        expect(await failing.sendDue(later(attempt * 3_600_000))).toBe(1);
      }
      expect(await failing.sendDue(later(100 * 3_600_000))).toBe(0);
      const [failed] = await rowsOf(second.id);
      expect(failed).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sent_at: null });
      expect(failed!.failed_at).not.toBeNull();
      // (Staff cannot sign in to this shop: their invitations would need its mail server.)
      expect((await orderMails(db, second.id))[0]).toMatchObject({
        status: 'failed',
        attempts: MAIL_MAX_ATTEMPTS,
        last_error: expect.stringMatching(/ECONNREFUSED/),
      });
    } finally {
      await refused.close();
    }
  });
});
