/**
 * What one client can make the shop do in a minute (issue 26, items 2 and 6), before and after
 * the throttles and abuse limits, in one run: the same requests against main's code (BEFORE_DIR,
 * /work/main by default) and this checkout's, each on a fresh PostgreSQL database with the demo
 * shop and the shop's default limits. Each scenario is one client of its own address (sent as
 * X-Forwarded-For to a server trusting its proxy), so one scenario's counters never decide the
 * next's.
 *
 * - sign-in: 100 parallel wrong guesses on one account, then its right password: passwords
 *   checked (answers other than 429) and whether the right one then signs in; and on another
 *   account 99 wrong guesses with the right password sent last in the same burst.
 * - enquiries, newsletter sign-ups (each for a stranger's address) and guest orders (each in a
 *   new session, mailed to a different address): sent 20 at a time for at most 60 s or 300
 *   requests, whichever comes first: how many were accepted, and the mails that left.
 *
 *   npm run bench:abuse                    # BEFORE_DIR=/work/main
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pLimit from 'p-limit';
import { checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { startServerProcess } from '#tests/setup/server-process.ts';
import { purchasableVariations, quoteBasket, Shopper } from '#tests/system/shopper.ts';
import { benchDatabase } from './lib/database.ts';

const BEFORE_DIR = process.env.BEFORE_DIR ?? '/work/main';
const REQUESTS = 300;
const WINDOW_MS = 60_000;
const PARALLEL = 20;
const GUESSES = 100;

interface Figures {
  guessesChecked: number;
  rightPasswordAfter: number;
  rightPasswordLastInBurst: number;
  mails: number;
  enquiries: Flood;
  newsletter: Flood;
  orders: Flood;
}

interface Flood {
  sent: number;
  accepted: number;
  seconds: number;
}

/** Sends up to REQUESTS of `one`, PARALLEL at a time, for at most WINDOW_MS. */
async function flood(one: (i: number) => Promise<number>, acceptedStatus: number): Promise<Flood> {
  const started = Date.now();
  const limit = pLimit(PARALLEL);
  let sent = 0;
  let accepted = 0;
  await Promise.all(
    Array.from({ length: REQUESTS }, (_, i) =>
      limit(async () => {
        if (Date.now() - started > WINDOW_MS) return;
        sent++;
        if ((await one(i)) === acceptedStatus) accepted++;
      }),
    ),
  );
  return { sent, accepted, seconds: (Date.now() - started) / 1000 };
}

async function measure(label: string, cwd: string): Promise<Figures> {
  const databaseUrl = await benchDatabase(`tessera_bench_abuse_${label}`, true);
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-abuse-'));
  const server = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      BUILD_DIR: resolve(cwd, 'build'),
      ORDER_EXPIRY_SWEEP_MS: '0',
      TRUST_PROXY: 'true',
    },
    { cwd, limits: 'defaults' },
  );
  try {
    const url = server.url;
    let clients = 0;
    /** A new client: every request it makes comes from its own address. */
    const client = () => {
      const from = { 'x-forwarded-for': `198.51.100.${++clients}` };
      return (path: string, body: unknown, headers: Record<string, string> = {}) =>
        new Shopper(url).request('POST', path, body, { ...from, ...headers });
    };
    const password = 'Granite-Worktop-42';
    const account = async () => {
      const email = `owner-${randomUUID()}@example.co.uk`;
      await client()('/api/auth/register', { email, password });
      return email;
    };

    const mixedEmail = await account();
    const mixedClient = client();
    const mixed = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        mixedClient('/api/auth/login', {
          email: mixedEmail,
          password: i === GUESSES - 1 ? password : `guess-${i}`,
        }),
      ),
    );
    const email = await account();
    const guesser = client();
    const guesses = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        guesser('/api/auth/login', { email, password: `guess-${i}` }),
      ),
    );
    const right = await client()('/api/auth/login', { email, password });

    const enquirer = client();
    const enquiries = await flood(
      async (i) =>
        (
          await enquirer('/api/enquiries', {
            kind: 'quote',
            name: 'Ann Mason',
            email: `someone-${i}@example.com`,
            message: `Honed limestone for a kitchen floor, please (${i}).`,
          })
        ).status,
      201,
    );
    const subscriber = client();
    const newsletter = await flood(
      async (i) =>
        (await subscriber('/api/newsletter/subscribe', { email: `stranger-${i}@example.com` }))
          .status,
      200,
    );
    const [size] = await purchasableVariations(url, 1);
    const buyer = { 'x-forwarded-for': `198.51.100.${++clients}` };
    const orders = await flood(async (i) => {
      const shopper = new Shopper(url);
      await shopper.json('POST', '/api/cart/add', { ...size, quantity: 1 });
      const quote = await quoteBasket(shopper);
      const input = checkoutInput(quote.totals.total.gross, { email: `buyer-${i}@example.com` });
      const answer = await shopper.request('POST', '/api/checkout/orders', input, {
        ...buyer,
        'idempotency-key': randomUUID(),
      });
      return answer.status;
    }, 201);
    // Stopped first: order confirmations leave after their answers, and all must be counted.
    await server.stop();
    return {
      guessesChecked: guesses.filter((g) => g.status !== 429).length,
      rightPasswordAfter: right.status,
      rightPasswordLastInBurst: mixed.at(-1)!.status,
      mails: outboxMails(dataDir).length,
      enquiries,
      newsletter,
      orders,
    };
  } finally {
    await server.stop(); // once stopped, a no-op
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const perMinute = (f: Flood) =>
  `${f.accepted} of ${f.sent} in ${f.seconds.toFixed(1)} s` +
  (f.seconds >= 60 ? '' : ` (≤ ${f.accepted} a minute)`);

const before = await measure('before', BEFORE_DIR);
const after = await measure('after', process.cwd());
const rows: [string, (f: Figures) => string][] = [
  [`sign-in: of ${GUESSES} parallel guesses, passwords checked`, (f) => String(f.guessesChecked)],
  ['sign-in: the right password after the burst', (f) => String(f.rightPasswordAfter)],
  [
    `sign-in: the right password sent last in a burst of ${GUESSES}`,
    (f) => String(f.rightPasswordLastInBurst),
  ],
  ['enquiries accepted (201)', (f) => perMinute(f.enquiries)],
  ['newsletter sign-ups for strangers accepted (200)', (f) => perMinute(f.newsletter)],
  ['guest orders accepted (201)', (f) => perMinute(f.orders)],
  ['mails that left the shop in all', (f) => String(f.mails)],
];
console.log('\n| One client, one address | Before (main) | After |\n| --- | --- | --- |');
for (const [name, value] of rows) console.log(`| ${name} | ${value(before)} | ${value(after)} |`);
