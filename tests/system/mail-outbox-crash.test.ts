import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { systemDatabase, systemDatabaseKinds, type Cleanups } from './databases.ts';
import { placeOrder, purchasableVariations, quoteBasket, Shopper } from './shopper.ts';

const cleanups: Cleanups = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const ORDERS = 3;

/**
 * A mail server that takes connections and never says a word: mail sent to it is in flight
 * until the sender's timeout, which is where the kill lands.
 */
async function silentMailServer() {
  const sockets: Socket[] = [];
  let connected!: () => void;
  const firstConnection = new Promise<void>((resolve) => (connected = resolve));
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  cleanups.push(
    () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(resolve);
      }),
  );
  return { url: `smtp://127.0.0.1:${port}`, firstConnection, connections: () => sockets.length };
}

describe.each(systemDatabaseKinds)('kill -9 while mail is pending (%s)', (kind) => {
  it('sends every mail of every change exactly once after the restart', async () => {
    const database = await systemDatabase(kind, cleanups);
    const silent = await silentMailServer();
    // Mail is tried at once and hangs on the silent server: a claim is held for twice the
    // send timeout, so after the restart the mail in flight at the kill is due within seconds.
    const mailEnv = { MAIL_SEND_TIMEOUT_MS: '5000', MAIL_POLL_MS: '200' };
    let server: ServerProcess = await startServerProcess({
      ...database.env,
      ...mailEnv,
      SMTP_URL: silent.url,
    });
    cleanups.push(() => server.kill());
    const variations = await purchasableVariations(server.url, ORDERS);
    const placed: OrderJson[] = [];
    for (const variation of variations) {
      const shopper = new Shopper(server.url);
      expect(
        (await shopper.request('POST', '/api/cart/add', { ...variation, quantity: 1 })).ok,
      ).toBe(true);
      const answer = await placeOrder(shopper, await quoteBasket(shopper), randomUUID());
      expect(answer.status).toBe(201);
      placed.push(((await answer.json()) as { data: OrderJson }).data);
    }
    await silent.firstConnection;
    await server.kill();

    // While the shop is down, staff record the first order's bank transfer from the command
    // line: its mail (with the invoice) waits in the outbox for the next start.
    const [paidOrder] = placed;
    if (kind === 'pglite') {
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/cli/orders.ts',
          'mark-paid',
          paidOrder!.number,
          '--by',
          'staff@tessera.test',
          '--amount',
          paidOrder!.totals.total.gross,
        ],
        { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn', ...database.env } },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    }
    const expected = placed.flatMap((order) => [
      { to: order.email, subject: `Your Tessera Stone order ${order.number}` },
      {
        to: 'hello@tesserastone.co.uk',
        subject: `New order ${order.number}: £${order.totals.total.gross}`,
      },
    ]);
    if (kind === 'pglite') {
      expected.push({
        to: paidOrder!.email,
        subject: `Payment received for your Tessera Stone order ${paidOrder!.number}`,
      });
    }

    // A new process on the same data, without the silent server: mail goes to DATA_DIR/outbox.
    server = await startServerProcess({ ...database.env, ...mailEnv });
    await expect
      .poll(() => outboxMails(database.dataDir).length, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(expected.length);
    // A clean stop waits for any mail in hand, so nothing can still arrive after it.
    expect(await server.stop()).toBe(0);

    const sent = outboxMails(database.dataDir);
    const key = (m: { to: string; subject: string }) => `${m.to} ${m.subject}`;
    expect(sent.map(key).sort()).toEqual(expected.map(key).sort());
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(sent.length);
    if (kind === 'pglite') {
      const payment = sent.find((m) => m.subject.startsWith('Payment received'))!;
      expect(payment.attachments?.map((a) => a.content_type)).toEqual(['application/pdf']);
    }

    const db = await database.open();
    const rows = await queryRows<{ kind: string; pending: number; sent: number; total: number }>(
      db,
      sql`SELECT kind, count(*) FILTER (WHERE sent_at IS NULL)::int AS pending,
            count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*)::int AS total
          FROM mail_outbox GROUP BY kind ORDER BY kind`,
    );
    expect(rows).toEqual([
      { kind: 'new_order', pending: 0, sent: ORDERS, total: ORDERS },
      { kind: 'order_confirmation', pending: 0, sent: ORDERS, total: ORDERS },
      ...(kind === 'pglite' ? [{ kind: 'payment_received', pending: 0, sent: 1, total: 1 }] : []),
    ]);
    const [stamped] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM orders WHERE confirmation_mailed_at IS NOT NULL`,
    );
    expect(stamped!.n).toBe(ORDERS);
    console.log(
      `kill -9 with mail in flight (${kind}): ${silent.connections()} mail connection(s) open at the kill, ${sent.length} mails sent once each after the restart`,
    );
  });
});
