import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let owner: StaffBrowser;
let manager: StaffBrowser;
let editor: StaffBrowser;

/** The smallest file each check needs: a PDF by its header, and a plain text file. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const form = (evidenceId: number, overrides: Record<string, unknown> = {}) => ({
  company: 'Ada Tiling Ltd',
  company_number: 'sc 123456',
  vat_number: '123 4567 89',
  trade: 'tiler',
  address_line_1: '4 Quarry Lane',
  town: 'Bristol',
  postcode: 'bs2 0ux',
  evidence_id: evidenceId,
  ...overrides,
});

let emailCount = 0;
async function customer(): Promise<{ shopper: ApiShopper; email: string; id: number }> {
  const shopper = new ApiShopper(t.app, `198.51.100.${++emailCount}`);
  const email = `tiler-${emailCount}@example.co.uk`;
  const registered = await shopper.call('POST', '/api/auth/register', {
    email,
    password: 'granite-slab-42',
  });
  expect(registered.status).toBe(201);
  const [row] = await queryRows<{ id: number }>(
    t.app.services.db,
    sql`SELECT id FROM customers WHERE email = ${email}`,
  );
  return { shopper, email, id: row!.id };
}

const upload = (shopper: ApiShopper, bytes: Buffer, type = 'application/pdf') =>
  shopper.call('POST', '/api/trade/applications/evidence', bytes, { 'content-type': type });

async function applied() {
  const who = await customer();
  const evidence = await upload(who.shopper, PDF);
  expect(evidence.status, JSON.stringify(evidence.body)).toBe(201);
  const answer = await who.shopper.call(
    'POST',
    '/api/trade/applications',
    form(evidence.body.data.id),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { ...who, application: answer.body.data as { id: number } };
}

async function staffView(id: number) {
  const answer = await owner.call('GET', `/api/admin/trade/applications/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data as { version: number; status: string };
}

const mails = (kind: string, to: string) =>
  queryRows<{ recipient: string; subject: string; text: string }>(
    t.app.services.db,
    sql`SELECT recipient, subject, text FROM mail_outbox WHERE kind = ${kind}
        AND recipient = ${to} ORDER BY id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, manager, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('trade applications', () => {
  it('refuses a malformed application with a message per field, and a stranger with 401', async () => {
    expect((await new ApiShopper(t.app).call('POST', '/api/trade/applications', {})).status).toBe(
      401,
    );
    const { shopper } = await customer();
    const bad = await shopper.call('POST', '/api/trade/applications', {
      company: ' ',
      company_number: '12',
      vat_number: 'FR12345678901',
      trade: 'plumber',
      address_line_1: '',
      town: '',
      postcode: '12345',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      company: 'Enter your company or trading name',
      company_number:
        'Enter the 8-character Companies House number (e.g. 01234567 or SC123456), or leave it empty if you are a sole trader',
      vat_number:
        'Enter a GB VAT number (e.g. GB123456789), or leave it empty if you are not VAT registered',
      trade: 'Choose your trade',
      address_line_1: 'Enter the first line of your business address',
      town: 'Enter the town or city',
      postcode: 'Please enter a valid UK postcode',
      evidence_id: 'Upload a letterhead, invoice or trade card (PDF, JPEG, PNG or WebP)',
    });
  });

  it('refuses evidence that is not a PDF or image, or is too large, and another customer’s file', async () => {
    const { shopper } = await customer();
    expect(
      (
        await new ApiShopper(t.app).call('POST', '/api/trade/applications/evidence', PDF, {
          'content-type': 'application/pdf',
        })
      ).status,
    ).toBe(401);
    const text = await upload(shopper, Buffer.from('just words'), 'text/plain');
    expect(text.status).toBe(415);
    const posing = await upload(shopper, Buffer.from('MZ not a pdf at all'), 'application/pdf');
    expect(posing.status).toBe(415);
    expect(posing.body.message).toBe('The evidence must be a PDF, JPEG, PNG or WebP file');
    const huge = await upload(shopper, Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024)]));
    expect(huge.status).toBe(413);

    const other = await customer();
    const theirs = await upload(other.shopper, PDF);
    const borrowed = await shopper.call(
      'POST',
      '/api/trade/applications',
      form(theirs.body.data.id),
    );
    expect(borrowed.status).toBe(400);
    expect(Object.keys(borrowed.body.fields)).toEqual(['evidence_id']);
  });

  it('files one open application per customer, stores register numbers in their form and mails the shop', async () => {
    const { shopper, application, email } = await applied();
    const mine = await shopper.call('GET', '/api/trade/application');
    expect(mine.body.data).toMatchObject({
      trade: false,
      group: null,
      application: {
        id: application.id,
        status: 'pending',
        company_number: 'SC123456',
        vat_number: 'GB123456789',
        postcode: 'BS2 0UX',
      },
    });
    const again = await upload(shopper, PDF);
    const second = await shopper.call('POST', '/api/trade/applications', form(again.body.data.id));
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(
      'Your application is with us already: we will mail you when it is decided',
    );
    const [shopMail] = await mails('trade_application', t.app.config.shopOrdersEmail);
    expect(shopMail).toBeDefined();
    const all = await queryRows<{ text: string }>(
      t.app.services.db,
      sql`SELECT text FROM mail_outbox WHERE kind = 'trade_application'`,
    );
    expect(all.some((m) => m.text.includes(`(${email}) applied for a trade account`))).toBe(true);
  });

  it('approves: the customer joins Trade with a trade account without credit, and is mailed', async () => {
    const { shopper, application, email, id } = await applied();
    const list = await manager.call('GET', '/api/admin/trade/applications');
    expect(list.status).toBe(200);
    expect(list.body.data[0].status).toBe('pending');
    const view = await staffView(application.id);
    const evidence = await owner.call(
      'GET',
      `/api/admin/trade/applications/${application.id}/evidence`,
    );
    expect(evidence.status).toBe(200);
    expect(evidence.response.headers['content-disposition']).toBe(
      `attachment; filename="trade-evidence-${application.id}.pdf"`,
    );
    expect(evidence.response.rawPayload.equals(PDF)).toBe(true);

    const approved = await manager.call(
      'POST',
      `/api/admin/trade/applications/${application.id}/approve`,
      { version: view.version },
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', group: 'Trade' });

    const [account] = await queryRows<Record<string, unknown>>(
      t.app.services.db,
      sql`SELECT a.company, a.company_number, a.vat_number, a.trade, a.credit_limit_pence,
            g.name AS group_name
          FROM trade_accounts a JOIN customers c ON c.id = a.customer_id
          JOIN customer_groups g ON g.id = c.group_id WHERE a.customer_id = ${id}`,
    );
    expect(account).toEqual({
      company: 'Ada Tiling Ltd',
      company_number: 'SC123456',
      vat_number: 'GB123456789',
      trade: 'tiler',
      credit_limit_pence: null,
      group_name: 'Trade',
    });
    const [mail] = await mails('trade_decision', email);
    expect(mail!.subject).toBe('Your Tessera Stone trade account is open');
    expect((await shopper.call('GET', '/api/trade/application')).body.data).toMatchObject({
      trade: true,
      group: 'Trade',
      application: { status: 'approved' },
    });
    const [audit] = await queryRows<{ action: string; actor: string }>(
      t.app.services.db,
      sql`SELECT action, actor FROM audit_log WHERE entity = 'trade_application'
          AND entity_id = ${String(application.id)}`,
    );
    expect(audit!.action).toBe('trade_application.approve');

    const evidence2 = await upload(shopper, PDF);
    const asTrade = await shopper.call(
      'POST',
      '/api/trade/applications',
      form(evidence2.body.data.id),
    );
    expect(asTrade.status).toBe(409);
    expect(asTrade.body.message).toBe('Your account is a trade account already');
  });

  it('refuses with the reason required, kept and mailed; a stale or second decision is 409', async () => {
    const { shopper, application, email } = await applied();
    const view = await staffView(application.id);
    const url = `/api/admin/trade/applications/${application.id}`;
    const noReason = await owner.call('POST', `${url}/refuse`, { version: view.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: 'Give the reason the applicant will read' });
    const stale = await owner.call('POST', `${url}/refuse`, {
      version: view.version + 1,
      reason: 'x',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('version_conflict');

    const reason = 'We could not match the company number to the address given.';
    const refused = await owner.call('POST', `${url}/refuse`, { version: view.version, reason });
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ status: 'refused', refusal_reason: reason });
    const [mail] = await mails('trade_decision', email);
    expect(mail!.subject).toBe('Your Tessera Stone trade account application');
    expect(mail!.text).toContain(`Reason: ${reason}`);
    expect((await shopper.call('GET', '/api/trade/application')).body.data).toMatchObject({
      trade: false,
      application: { status: 'refused', refusal_reason: reason },
    });

    const twice = await owner.call('POST', `${url}/approve`, {
      version: refused.body.data.version,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This application has been decided already');
    // Refused, the customer may apply again with new evidence.
    const evidence = await upload(shopper, PDF);
    const again = await shopper.call(
      'POST',
      '/api/trade/applications',
      form(evidence.body.data.id),
    );
    expect(again.status).toBe(201);
  });

  it('keeps the queue and evidence from anyone but staff who look after customers', async () => {
    const { application } = await applied();
    const url = `/api/admin/trade/applications/${application.id}`;
    expect((await new ApiShopper(t.app).call('GET', '/api/admin/trade/applications')).status).toBe(
      401,
    );
    expect((await editor.call('GET', '/api/admin/trade/applications')).status).toBe(403);
    expect((await editor.call('GET', `${url}/evidence`)).status).toBe(403);
    expect((await editor.call('POST', `${url}/approve`, { version: 1 })).status).toBe(403);
    expect((await new ApiShopper(t.app).call('GET', `${url}/evidence`)).status).toBe(401);
  });
});
