// Staff's order writes and their audit rows commit together: a refused write leaves no audit
// row, and an audit row that cannot be written rolls the change back (the audit log is made to
// refuse one action with a trigger, as a full disk or a broken constraint would).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { tileSizes } from '#tests/factories/worked-tiles.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);
const auditRows = (number: string) =>
  rows<{ action: string }>(
    sql`SELECT action FROM audit_log WHERE entity = 'order' AND entity_id = ${number} ORDER BY id`,
  ).then((list) => list.map((row) => row.action));
const statusOf = async (number: string) =>
  (await rows<{ status: string }>(sql`SELECT status FROM orders WHERE number = ${number}`))[0]!
    .status;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  [tile] = (await tileSizes(t.app.services.db)) as [typeof tile];
  await run(
    sql`UPDATE variations SET stock_quantity = 100, pieces_per_pack = 1 WHERE id = ${tile!.id}`,
  );
  t.app.services.invalidateCatalogue();
  await refuseAudit(null);
  await run(sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
});
afterAll(async () => {
  await t?.close();
});

/** Makes the audit log refuse one action, for every connection of the pool. */
async function refuseAudit(action: string | null) {
  await run(
    sql.raw(`CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action = ${action === null ? 'NULL' : `'${action}'`} THEN
        RAISE EXCEPTION 'audit log refused %', NEW.action;
      END IF;
      RETURN NEW;
    END $$`),
  );
}

async function placeOrder() {
  const shopper = new ApiShopper(t.app);
  expect((await shopper.add(tile.product_id, tile.id, 4)).status).toBe(200);
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(checkoutInput(quote.totals.total.gross), randomUUID());
  expect(placed.status).toBe(201);
  return {
    number: placed.body.data.number as string,
    total: quote.totals.total.gross as string,
  };
}

describe('audit rows of order writes', () => {
  it('a stale edit (409) and a refused move (409) leave no audit row', async () => {
    const { number } = await placeOrder();
    const first = await manager.call('PUT', `/api/admin/orders/${number}`, {
      version: 1,
      lines: [{ variation_id: tile.id, pieces: 5 }],
    });
    expect(first.status).toBe(200);
    expect(await auditRows(number)).toEqual(['order.edit']);

    const stale = await manager.call('PUT', `/api/admin/orders/${number}`, {
      version: 1,
      lines: [{ variation_id: tile.id, pieces: 6 }],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');
    const refused = await manager.call('POST', `/api/admin/orders/${number}/move`, {
      status: 'delivered',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('An order that is pending_payment cannot become delivered');
    expect(await auditRows(number)).toEqual(['order.edit']);
  });

  it('an audit row that cannot be written rolls back the move, the payment and the resent mail', async () => {
    const { number, total } = await placeOrder();
    await refuseAudit('order.mark_paid');
    const paid = await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, {
      amount: total,
    });
    expect(paid.status).toBe(500);
    expect(await statusOf(number)).toBe('pending_payment');
    expect(
      await rows(sql`SELECT 1 FROM invoices i JOIN orders o ON o.id = i.order_id
        WHERE o.number = ${number}`),
    ).toEqual([]);

    await refuseAudit(null);
    expect(
      (await manager.call('POST', `/api/admin/orders/${number}/mark-paid`, { amount: total }))
        .status,
    ).toBe(200);
    await refuseAudit('order.move');
    const moved = await manager.call('POST', `/api/admin/orders/${number}/move`, {
      status: 'processing',
    });
    expect(moved.status).toBe(500);
    expect(await statusOf(number)).toBe('paid');

    await refuseAudit('order.mail_resend');
    const mails = await manager.call('GET', `/api/admin/orders/${number}/mails`);
    const count = mails.body.data.length as number;
    const resent = await manager.call(
      'POST',
      `/api/admin/orders/${number}/mails/${mails.body.data[0].id}/resend`,
    );
    expect(resent.status).toBe(500);
    expect((await manager.call('GET', `/api/admin/orders/${number}/mails`)).body.data).toHaveLength(
      count,
    );

    await refuseAudit(null);
    expect(await auditRows(number)).toEqual(['order.mark_paid']);
  });
});
