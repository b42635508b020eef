import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '#db/client.ts';
import { seedDemo } from '#db/seed/seed.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';

/** A TCP relay in front of PostgreSQL that the test can cut and restore, like a network fault. */
class FaultyLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (typeof address === 'object' && address) this.port = address.port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a lost PostgreSQL connection', () => {
  let database: TestDatabase;
  let link: FaultyLink;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.handle.db);
    const target = new URL(database.url!);
    link = new FaultyLink(target.hostname, Number(target.port || 5432));
    await link.open();
    const viaLink = new URL(database.url!);
    viaLink.port = String(link.port);
    handle = await openDatabase({
      url: viaLink.toString(),
      poolSize: 3,
      onPoolError: (error) => poolErrors.push(error),
    });
    // The response cache would answer the catalogue read without the database: off here.
    const config = loadConfig({ NODE_ENV: 'test', RESPONSE_CACHE_TTL_MS: '0' });
    app = await buildApp({ config, database: handle });
  });

  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await link?.cut();
    await database?.drop();
  });

  // A title sort always reads the database (other listings and searches may be answered from
  // the in-memory index).
  const listing = () => app.inject('/api/products?search=marble&sort=title-asc&per_page=1');

  it('answers 503 with Retry-After while the database is unreachable, then recovers', async () => {
    expect((await listing()).statusCode).toBe(200);
    expect((await app.inject('/api/products?per_page=1')).statusCode).toBe(200);
    expect((await app.inject('/api/products?search=marble&per_page=1')).statusCode).toBe(200);

    await link.cut();
    // A listing or search already shown keeps answering from memory: browsing outlives the
    // outage.
    expect((await app.inject('/api/products?per_page=1')).statusCode).toBe(200);
    expect((await app.inject('/api/products?search=marble&per_page=1')).statusCode).toBe(200);
    const during = await listing();
    expect(during.statusCode).toBe(503);
    expect(Number(during.headers['retry-after'])).toBeGreaterThan(0);
    expect(during.json()).toMatchObject({ code: 'service_unavailable' });
    expect((await app.inject('/readyz')).statusCode).toBe(503);

    await link.open();
    let after = await listing();
    for (let attempt = 0; attempt < 10 && after.statusCode !== 200; attempt++) {
      after = await listing();
    }
    expect(after.statusCode).toBe(200);
    expect(after.json().data).toHaveLength(1);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });
});
