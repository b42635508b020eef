import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '#db/schema/index.ts';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { MESSAGES } from '#domain/validation.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown) {
  return t.app.inject({ method: 'POST', url, payload: payload as object });
}

const mailTo = (address: string) => outboxMails(t.config.dataDir, address);

const subscribers = () => t.database.handle.db.select().from(newsletterSubscribers);

describe('POST /api/newsletter/subscribe', () => {
  it('stores the address once, lower-cased, and mails an unsubscribe link', async () => {
    const first = await post('/api/newsletter/subscribe', { email: '  Jo.Bloggs@Example.COM ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ subscribed: true, message: NEWSLETTER_MESSAGES.subscribed });
    const repeat = await post('/api/newsletter/subscribe', { email: 'jo.bloggs@example.com' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(first.json());

    const rows = (await subscribers()).filter((r) => r.email === 'jo.bloggs@example.com');
    expect(rows).toHaveLength(1);
    const mails = mailTo('jo.bloggs@example.com');
    expect(mails).toHaveLength(1);
    const token = /\/newsletter\/unsubscribe\?token=([\w-]+)/.exec(mails[0]!.text)?.[1];
    expect(token).toBeDefined();
    // Only the hash is kept: the table alone cannot unsubscribe anyone.
    expect(rows[0]!.unsubscribeTokenHash).not.toBe(token);
    expect(rows[0]!.unsubscribeTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [{}, MESSAGES.emailRequired],
    [{ email: '' }, MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, MESSAGES.emailInvalid],
    [{ email: 42 }, MESSAGES.emailRequired],
  ])('refuses %j with 400 and the form’s message', async (payload, message) => {
    const response = await post('/api/newsletter/subscribe', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { email: message } });
  });

  it('refuses a form-encoded body with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.example',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  it('removes the address with the mailed token, once', async () => {
    await post('/api/newsletter/subscribe', { email: 'leaving@example.com' });
    const token = /token=([\w-]+)/.exec(mailTo('leaving@example.com')[0]!.text)![1];
    const response = await post('/api/newsletter/unsubscribe', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      unsubscribed: true,
      message: NEWSLETTER_MESSAGES.unsubscribed,
    });
    expect((await subscribers()).some((r) => r.email === 'leaving@example.com')).toBe(false);

    const again = await post('/api/newsletter/unsubscribe', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NEWSLETTER_MESSAGES.linkInvalid);
  });

  it.each([{}, { token: '' }, { token: 'x'.repeat(201) }])(
    'refuses %j with 400',
    async (payload) => {
      const response = await post('/api/newsletter/unsubscribe', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NEWSLETTER_MESSAGES.linkInvalid);
    },
  );
});
