// Links in mail, feeds and pages come from the shop's configured origin, never from the request's
// Host or X-Forwarded-Host, in production (PUBLIC_ORIGIN, or the bound address of a loopback run).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { loadConfig } from '#server/config.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** Ways a request may claim another host; TRUST_PROXY is on, the worst case. */
const FORGED: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { 'x-forwarded-host': 'evil.example:8443' },
  { host: 'shop.example.evil.example' },
  { host: 'evil.example', forwarded: 'host=evil.example;proto=https' },
];

describe('loadConfig: the public origin in production', () => {
  const production = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'production', ...env });

  it('refuses to start without PUBLIC_ORIGIN unless bound to loopback with a fixed port', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'shop.example', '127.0.0.1.nip.io']) {
      expect(() => production({ HOST: host, PORT: '3000' }), host).toThrow(
        /PUBLIC_ORIGIN must be set in production/,
      );
    }
    expect(() => production({ HOST: '127.0.0.1', PORT: '0' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('makes a loopback run’s origin from its bound address and port', () => {
    expect(production({ HOST: '127.0.0.1', PORT: '4100' }).publicOrigin).toBe(
      'http://127.0.0.1:4100',
    );
    expect(production({ HOST: '::1', PORT: '4100' }).publicOrigin).toBe('http://[::1]:4100');
    expect(production({ HOST: 'localhost', PORT: '80' }).publicOrigin).toBe('http://localhost:80');
  });

  it('keeps PUBLIC_ORIGIN as an origin and refuses one that is not', () => {
    const env = { HOST: '0.0.0.0', PORT: '3000' };
    expect(production({ ...env, PUBLIC_ORIGIN: 'https://shop.example/' }).publicOrigin).toBe(
      'https://shop.example',
    );
    expect(production({ ...env, PUBLIC_ORIGIN: 'https://Shop.Example:443/x' }).publicOrigin).toBe(
      'https://shop.example',
    );
    for (const bad of ['shop.example', 'not a url', 'data:text/plain,x']) {
      expect(() => production({ ...env, PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
    // Outside production an unset origin stays unset (the request's own is used).
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).publicOrigin).toBeUndefined();
  });

  it('the server process exits at start-up with the reason, before opening anything', async () => {
    for (const env of [{ HOST: '0.0.0.0' }, { HOST: '10.0.0.1' }]) {
      await expect(
        startServerProcess(
          { ...env, PUBLIC_ORIGIN: '', DATABASE_URL: '' },
          { readyTimeoutMs: 60_000 },
        ),
      ).rejects.toThrow(/PUBLIC_ORIGIN must be set in production/);
    }
  });
});

for (const [label, config, origin] of [
  ['PUBLIC_ORIGIN set', { PUBLIC_ORIGIN: 'https://shop.example' }, 'https://shop.example'],
  ['loopback only, no PUBLIC_ORIGIN', { HOST: '127.0.0.1', PORT: '4173' }, 'http://127.0.0.1:4173'],
] as const) {
  describe(`links under forged Host headers (production, ${label})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        config: {
          NODE_ENV: 'production',
          INSECURE_COOKIES: 'true',
          TRUST_PROXY: 'true',
          ...config,
        },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    const mailsTo = (email: string) => outboxMails(t.config.dataDir, email);
    const expectOwnLinks = (text: string) => {
      expect(text).not.toMatch(/evil/);
      const links = text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links.filter(
        (l) => !/schema\.org|sitemaps\.org|w3\.org|api\.w\.org/.test(l),
      )) {
        expect(new URL(link).origin, link).toBe(origin);
      }
    };

    it('mails a password reset link on the shop’s origin', async () => {
      for (const [i, headers] of FORGED.entries()) {
        const email = `reset${i}-${randomUUID().slice(0, 8)}@example.co.uk`;
        const shopper = new ApiShopper(t.app);
        const made = await shopper.call(
          'POST',
          '/api/auth/register',
          { email, password: 'granite-slab-42' },
          headers,
        );
        expect(made.status).toBe(201);
        const asked = await shopper.call('POST', '/api/auth/lost-password', { email }, headers);
        expect(asked.status).toBe(200);
        await expect
          .poll(() => mailsTo(email).some((m) => /reset/i.test(m.subject)), { timeout: 20_000 })
          .toBe(true);
        const reset = mailsTo(email).find((m) => /reset/i.test(m.subject))!;
        expect(reset.text).toContain(`${origin}/my-account/reset-password?token=`);
        expectOwnLinks(reset.text);
        const verify = mailsTo(email).find((m) => /verify/i.test(m.subject))!;
        expect(verify.text).toContain(`${origin}/my-account/verify-email?token=`);
        expectOwnLinks(verify.text);
      }
    });

    it('mails the newsletter welcome with an unsubscribe link on the shop’s origin', async () => {
      for (const [i, headers] of FORGED.entries()) {
        const email = `news${i}-${randomUUID().slice(0, 8)}@example.co.uk`;
        const answer = await new ApiShopper(t.app).call(
          'POST',
          '/api/newsletter/subscribe',
          { email },
          headers,
        );
        expect(answer.status).toBe(200);
        await expect.poll(() => mailsTo(email).length, { timeout: 20_000 }).toBeGreaterThan(0);
        for (const mail of mailsTo(email)) expectOwnLinks(mail.text);
      }
    });

    it('mails the order confirmation with its link on the shop’s origin', async () => {
      const [row] = await queryRows<{ product_id: number; id: number }>(
        t.app.services.db,
        sql`SELECT product_id, id FROM variations
            WHERE stock_quantity > 5 AND option ~ '^[0-9]+x[0-9]+' ORDER BY id LIMIT 1`,
      );
      for (const headers of FORGED.slice(0, 3)) {
        const shopper = new ApiShopper(t.app);
        expect((await shopper.add(row!.product_id, row!.id, 1)).status).toBe(200);
        const quote = await shopper.quote();
        const placed = await shopper.call(
          'POST',
          '/api/checkout/orders',
          checkoutInput(quote.totals.total.gross),
          { ...headers, 'idempotency-key': randomUUID() },
        );
        expect(placed.status).toBe(201);
        const number = placed.body.data.number as string;
        await expect
          .poll(() => outboxMails(t.config.dataDir).some((m) => m.subject.includes(number)), {
            timeout: 20_000,
          })
          .toBe(true);
        const mail = outboxMails(t.config.dataDir).find((m) => m.subject.includes(number))!;
        expect(mail.text).toContain(`${origin}/checkout/order/${number}?token=`);
        expectOwnLinks(mail.text);
      }
    });

    it('builds the sitemap, robots.txt and the content API’s links on the shop’s origin', async () => {
      for (const headers of FORGED) {
        for (const url of ['/sitemap.xml', '/robots.txt', '/wp-json/wp/v2/posts?per_page=3']) {
          const answer = await t.app.inject({ url, headers });
          expect(answer.statusCode, url).toBe(200);
          expectOwnLinks(answer.body + JSON.stringify(answer.headers.link ?? ''));
        }
      }
    });
  });
}
