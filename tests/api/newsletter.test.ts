import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '#db/schema/index.ts';
import { SEEDED_IDENTITY } from '#domain/company.ts';
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

const linkToken = (text: string, path: string) =>
  new RegExp(`/newsletter/${path}\\?token=([\\w-]+)`).exec(text)?.[1];

/** Subscribes and confirms `email`; answers the unsubscribe token of the welcome mail. */
async function subscribeConfirmed(email: string): Promise<string> {
  await post('/api/newsletter/subscribe', { email });
  const token = linkToken(mailTo(email).at(-1)!.text, 'confirm')!;
  expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(200);
  return linkToken(mailTo(email).at(-1)!.text, 'unsubscribe')!;
}

describe('POST /api/newsletter/subscribe (double opt-in)', () => {
  it('mails only a confirmation link; the address joins the list once it is opened', async () => {
    const first = await post('/api/newsletter/subscribe', { email: '  Jo.Bloggs@Example.COM ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ subscribed: true, message: NEWSLETTER_MESSAGES.subscribed });
    expect(first.json().message).toContain('check your inbox');

    const [row] = (await subscribers()).filter((r) => r.email === 'jo.bloggs@example.com');
    expect(row!.confirmedAt).toBeNull();
    const [mail] = mailTo('jo.bloggs@example.com');
    expect(mail!.subject).toBe(
      `Please confirm your subscription to the ${SEEDED_IDENTITY.trading_name} newsletter`,
    );
    expect(mail!.text).not.toContain('/newsletter/unsubscribe');
    const token = linkToken(mail!.text, 'confirm')!;
    // Only the hash is kept: the table alone cannot confirm anyone.
    expect(row!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.confirmTokenHash).not.toBe(token);

    const confirmed = await post('/api/newsletter/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true, message: NEWSLETTER_MESSAGES.confirmed });
    const [after] = (await subscribers()).filter((r) => r.email === 'jo.bloggs@example.com');
    expect(after!.confirmedAt).toBeInstanceOf(Date);
    expect(after!.confirmTokenHash).toBeNull();
    const mails = mailTo('jo.bloggs@example.com');
    expect(mails.map((m) => m.subject)).toEqual([
      `Please confirm your subscription to the ${SEEDED_IDENTITY.trading_name} newsletter`,
      `You're subscribed to the ${SEEDED_IDENTITY.trading_name} newsletter`,
    ]);
    expect(linkToken(mails[1]!.text, 'unsubscribe')).toBeDefined();

    const again = await post('/api/newsletter/confirm', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NEWSLETTER_MESSAGES.confirmLinkInvalid);
  });

  it('answers a confirmed address the same and mails it nothing more', async () => {
    await subscribeConfirmed('kept@example.com');
    const repeat = await post('/api/newsletter/subscribe', { email: 'Kept@example.com' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().message).toBe(NEWSLETTER_MESSAGES.subscribed);
    expect(mailTo('kept@example.com')).toHaveLength(2);
    expect((await subscribers()).filter((r) => r.email === 'kept@example.com')).toHaveLength(1);
  });

  it('sends a fresh link to an unconfirmed address asking again; the old link stops working', async () => {
    await post('/api/newsletter/subscribe', { email: 'twice@example.com' });
    await post('/api/newsletter/subscribe', { email: 'twice@example.com' });
    const [first, second] = mailTo('twice@example.com');
    const stale = await post('/api/newsletter/confirm', {
      token: linkToken(first!.text, 'confirm'),
    });
    expect(stale.statusCode).toBe(404);
    const fresh = await post('/api/newsletter/confirm', {
      token: linkToken(second!.text, 'confirm'),
    });
    expect(fresh.statusCode).toBe(200);
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
    const token = await subscribeConfirmed('leaving@example.com');
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
    'refuses %j with 400 (unsubscribe)',
    async (payload) => {
      const response = await post('/api/newsletter/unsubscribe', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NEWSLETTER_MESSAGES.linkInvalid);
    },
  );
});

describe('POST /api/newsletter/confirm', () => {
  it.each([{}, { token: '' }, { token: 'x'.repeat(201) }])(
    'refuses %j with 400 and the link message',
    async (payload) => {
      const response = await post('/api/newsletter/confirm', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NEWSLETTER_MESSAGES.confirmLinkInvalid);
    },
  );

  it('refuses an unknown token with 404', async () => {
    const response = await post('/api/newsletter/confirm', { token: 'not-a-real-token' });
    expect(response.statusCode).toBe(404);
  });
});
