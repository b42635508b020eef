import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '#tests/setup/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-app.ts';
import { cartLines, purchasableVariations, Shopper } from './shopper.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  const dirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const start = () => {
      const dir = mkdtempSync(join(tmpdir(), 'tessera-instance-'));
      dirs.push(dir);
      return startServerProcess({ DATABASE_URL: database.url!, DATA_DIR: dir });
    };
    a = await start();
    b = await start();
  });

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('a cart made on one instance is the same cart on the other', async () => {
    const [variation] = await purchasableVariations(a.url, 1);
    const shopper = new Shopper(a.url);
    await shopper.json('POST', '/api/cart/add', { ...variation, quantity: 3 });
    shopper.baseUrl = b.url;
    await shopper.json('POST', '/api/cart/add', { ...variation, quantity: 2 });
    shopper.baseUrl = a.url;
    const lines = await cartLines(shopper);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(5);
  });

  it('a login on one instance is a session on the other', async () => {
    const shopper = new Shopper(a.url);
    const email = `two-instances-${Date.now()}@example.co.uk`;
    await shopper.json('POST', '/api/auth/register', { email, password: 'Granite-Worktop-42' });
    shopper.baseUrl = b.url;
    const verified = await shopper.json<{ user: { email: string } }>('GET', '/api/verify');
    expect(verified.user.email).toBe(email);
    await shopper.json('POST', '/api/auth/logout', {});
    shopper.baseUrl = a.url;
    expect((await shopper.request('GET', '/api/verify')).status).toBe(401);
  });

  it('login throttling counts attempts made on both instances', async () => {
    const email = `throttled-${Date.now()}@example.co.uk`;
    await new Shopper(a.url).json('POST', '/api/auth/register', {
      email,
      password: 'Slate-Hearth-77',
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await new Shopper(instance.url).request('POST', '/api/auth/login', {
        email,
        password: 'wrong-password',
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Five failures per account per window across the shop, wherever they land.
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });
});
