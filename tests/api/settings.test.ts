import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { DeliverySettingsValue } from '#domain/api-schemas-settings-delivery.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const URL = '/api/admin/settings';

interface Section<T> {
  version: number;
  value: T;
}
type Settings = { delivery: Section<DeliverySettingsValue> } & Record<string, Section<unknown>>;

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

async function load(): Promise<Settings> {
  const answer = await owner.call('GET', URL);
  expect(answer.status).toBe(200);
  return (answer.body as { data: Settings }).data;
}

describe('GET/PUT /api/admin/settings', () => {
  it('answers every section with its version, and the delivery section as its own route does', async () => {
    const settings = await load();
    const own = (await owner.call('GET', `${URL}/delivery`)).body as { data: Section<unknown> };
    expect(settings.delivery).toEqual(own.data);
    expect(settings.delivery.version).toBe(1);
  });

  it('saves a section, counts its version, audits it, and refuses a save from the old version', async () => {
    const { delivery } = await load();
    const value = { ...delivery.value, parcel_price: '11.50' };
    const saved = await owner.call('PUT', URL, { delivery: { version: delivery.version, value } });
    expect(saved.status).toBe(200);
    const after = (saved.body as { data: Settings }).data.delivery;
    expect(after).toEqual({ version: delivery.version + 1, value });
    const [row] = await queryRows<{ after: { parcel_price: string; version: number } }>(
      t.app.services.db,
      sql`SELECT after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.after).toMatchObject({ parcel_price: '11.50', version: delivery.version + 1 });

    const stale = await owner.call('PUT', URL, { delivery: { version: delivery.version, value } });
    expect(stale.status).toBe(409);
    expect((stale.body as { code: string }).code).toBe('version_conflict');
  });

  it('refuses a manager (403), an unknown section and an empty save (400), naming the bad field', async () => {
    const { delivery } = await load();
    expect((await manager.call('PUT', URL, { delivery })).status).toBe(403);
    expect((await owner.call('PUT', URL, { till: { value: {} } })).status).toBe(400);
    expect((await owner.call('PUT', URL, {})).status).toBe(400);
    const bad = await owner.call('PUT', URL, {
      delivery: { value: { ...delivery.value, parcel_price: 'lots' } },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('parcel_price');
    expect((await load()).delivery).toEqual(delivery);
  });
});
