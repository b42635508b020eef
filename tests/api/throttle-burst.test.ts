import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { createFirstOwner } from '#server/services/staff/first-owner.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { TEST_OWNER } from '#tests/setup/staff-browser.ts';
import { postFrom, tally } from '#tests/setup/burst.ts';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Bursts of parallel attempts against every throttle (issue 26, item 2): each attempt is
 * reserved in the database before the secret is checked, so however the burst interleaves, no
 * more than the limit are checked and none past it succeeds. Run with TEST_DATABASE_URL, the
 * same bursts land on two instances sharing one PostgreSQL database.
 */
let t: TestApp;
beforeAll(async () => {
  // Smaller per-address limits than the defaults keep the password hashing of a burst short.
  t = await createTestApp({
    seed: false,
    config: { RATE_LIMIT_LOGIN_PER_IP: '10/15m', RATE_LIMIT_REGISTER_PER_IP: '10/1h' },
  });
  await createFirstOwner(t.app.services.db, {
    ADMIN_EMAIL: TEST_OWNER.email,
    ADMIN_PASSWORD: TEST_OWNER.password,
  });
});
afterAll(async () => {
  await t?.close();
});

const PASSWORD = 'granite-slab-42';
const BURST = 100;
let counter = 0;
const uniqueEmail = (label: string) => `${label}.${counter++}@example.co.uk`;
/** A fresh address per test, so one test's counters never decide another's. */
let block = 0;
const freshIp = () => `10.77.${++block}.1`;

async function register(email: string) {
  const answer = await postFrom(
    t.app,
    '/api/auth/register',
    { email, password: PASSWORD },
    freshIp(),
  );
  expect(answer.status).toBe(201);
}

describe('a burst of parallel guesses on one customer account', () => {
  it('checks at most the limit, refuses the rest with 429, and then refuses the right password', async () => {
    const email = uniqueEmail('burst');
    await register(email);
    // Each guess from its own address: only the account's own limit applies.
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(t.app, '/api/auth/login', { email, password: `guess-${i}` }, `10.78.${i}.1`),
      ),
    );
    const limit = t.config.rateLimits.loginPerAccount.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: limit, 429: BURST - limit });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.message).toBe('Too many attempts. Please try again later.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    const right = await postFrom(
      t.app,
      '/api/auth/login',
      { email, password: PASSWORD },
      freshIp(),
    );
    expect(right.status).toBe(429);
    expect(right.body.customer).toBeUndefined();
  });

  it('lets through no more than the limit even when the right password is in the burst', async () => {
    const email = uniqueEmail('mixed');
    await register(email);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(
          t.app,
          '/api/auth/login',
          { email, password: i === BURST - 1 ? PASSWORD : `guess-${i}` },
          `10.79.${i}.1`,
        ),
      ),
    );
    const checked = answers.filter((a) => a.status !== 429);
    // A success clears the account's count, so at most one more guess can follow it.
    expect(checked.length).toBeLessThanOrEqual(t.config.rateLimits.loginPerAccount.limit + 1);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
  });

  it('from one address across many accounts, checks at most the per-address limit', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        postFrom(t.app, '/api/auth/login', { email: uniqueEmail('spray'), password: 'guess' }, ip),
      ),
    );
    const limit = t.config.rateLimits.loginPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: limit, 429: BURST - limit });
  });
});

describe('bursts on staff sign-in, password reset and sign-up', () => {
  it('staff sign-in: at most the limit of passwords checked, then the right one refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(
          t.app,
          '/api/admin/auth/sign-in',
          { email: TEST_OWNER.email, password: `guess-${i}` },
          `10.80.${i}.1`,
        ),
      ),
    );
    const limit = t.config.rateLimits.staffLoginPerAccount.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: limit, 429: BURST - limit });
    const failures = await queryRows<{ n: number }>(
      t.app.services.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'staff.sign_in_failed'`,
    );
    expect(failures[0]!.n).toBe(limit);
    const right = await postFrom(
      t.app,
      '/api/admin/auth/sign-in',
      { email: TEST_OWNER.email, password: TEST_OWNER.password },
      freshIp(),
    );
    expect(right.status).toBe(429);
  });

  it('password reset: at most the per-account limit of mails leave', async () => {
    const email = uniqueEmail('reset');
    await register(email);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(t.app, '/api/auth/lost-password', { email }, `10.81.${i}.1`),
      ),
    );
    const limit = t.config.rateLimits.resetPerAccount.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: limit, 429: BURST - limit });
    const resets = outboxMails(t.config.dataDir, email).filter((mail) =>
      mail.subject.startsWith('Reset'),
    );
    expect(resets).toHaveLength(limit);
  });

  it('sign-up: at most the per-address limit of accounts from one address', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        postFrom(
          t.app,
          '/api/auth/register',
          { email: uniqueEmail('signup'), password: PASSWORD },
          ip,
        ),
      ),
    );
    const limit = t.config.rateLimits.registerPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: limit, 429: BURST - limit });
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

  it('share the account counter: a burst split across both checks at most the limit', async () => {
    const email = uniqueEmail('two');
    await register(email);
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(
          i % 2 === 0 ? t.app : sibling,
          '/api/auth/login',
          { email, password: `guess-${i}` },
          `10.82.${i}.1`,
        ),
      ),
    );
    const limit = t.config.rateLimits.loginPerAccount.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: limit, 429: BURST - limit });
    for (const app of [t.app, sibling]) {
      const right = await postFrom(
        app,
        '/api/auth/login',
        { email, password: PASSWORD },
        freshIp(),
      );
      expect(right.status).toBe(429);
    }
  });

  it('share the per-address counter across accounts', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(
          i % 2 === 0 ? t.app : sibling,
          '/api/auth/login',
          { email: uniqueEmail('spray2'), password: 'guess' },
          ip,
        ),
      ),
    );
    const limit = t.config.rateLimits.loginPerIp.limit;
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: limit, 429: BURST - limit });
  });
});
