import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, products } from '#db/schema/index.ts';
import { SHOP_EMAIL } from '#domain/company.ts';
import { ENQUIRY_MESSAGES } from '#domain/enquiry.ts';
import { MESSAGES } from '#domain/validation.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function post(payload: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/enquiries', payload: payload as object });
}

const shopMail = () => outboxMails(t.config.dataDir, SHOP_EMAIL);

const customer = { name: 'Ann Mason', email: 'ann@example.com', phone: '0117 496 0000' };

describe('POST /api/enquiries', () => {
  it('stores a quote request and mails it to the shop', async () => {
    const response = await post({
      kind: 'quote',
      ...customer,
      message: 'Honed limestone for a 24 m² kitchen floor, please.',
    });
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json();
    expect(message).toBe(ENQUIRY_MESSAGES.sent);
    const [row] = await t.database.handle.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({
      kind: 'quote',
      name: 'Ann Mason',
      email: 'ann@example.com',
      phone: '0117 496 0000',
      message: 'Honed limestone for a 24 m² kitchen floor, please.',
    });
    expect(row!.mailedAt).toBeInstanceOf(Date);
    const mail = shopMail().find((m) => m.subject.includes(`(#${id})`));
    expect(mail?.subject).toBe(`Get a quote: Ann Mason (#${id})`);
    expect(mail?.text).toContain('Email: ann@example.com');
    expect(mail?.text).toContain('Honed limestone for a 24 m² kitchen floor, please.');
  });

  it('stores a cut-to-size enquiry with its product, size, thickness, quantity and finish', async () => {
    const [product] = await t.database.handle.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .limit(1);
    const response = await post({
      kind: 'cut',
      ...customer,
      product_id: product!.id,
      size: '900x450',
      thickness: '20mm',
      quantity: '12 pieces',
      finish: 'Honed',
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await t.database.handle.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({
      kind: 'cut',
      productId: product!.id,
      productName: product!.name,
      size: '900x450',
      thickness: '20mm',
      quantity: '12 pieces',
      finish: 'Honed',
      message: '',
    });
    const mail = shopMail().find((m) => m.subject.includes(`(#${id})`))!;
    expect(mail.subject).toBe(`We can cut any size: Ann Mason, ${product!.name} (#${id})`);
    expect(mail.text).toContain('Size: 900x450');
    expect(mail.text).toContain('Thickness: 20mm');
  });

  it('accepts a lead-time enquiry without a phone number', async () => {
    const response = await post({
      kind: 'lead-time',
      name: 'Bo',
      email: 'bo@example.com',
      phone: '',
      product_id: 1,
      size: '600x400',
      message: 'When will this size be back?',
    });
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.handle.db
      .select()
      .from(enquiries)
      .where(eq(enquiries.id, response.json().id));
    expect(row!.phone).toBeNull();
  });

  it.each([
    [{ kind: 'quote', ...customer }, 'message', ENQUIRY_MESSAGES.messageRequired],
    [{ kind: 'cut', ...customer }, 'size', ENQUIRY_MESSAGES.sizeRequired],
    [{ kind: 'lead-time', ...customer }, 'product_id', ENQUIRY_MESSAGES.productRequired],
    [{ kind: 'other', ...customer, message: 'x' }, 'kind', ENQUIRY_MESSAGES.kindInvalid],
    [
      { kind: 'quote', ...customer, name: ' ', message: 'x' },
      'name',
      ENQUIRY_MESSAGES.nameRequired,
    ],
    [{ kind: 'quote', ...customer, email: '', message: 'x' }, 'email', MESSAGES.emailRequired],
    [{ kind: 'quote', ...customer, email: 'ann@', message: 'x' }, 'email', MESSAGES.emailInvalid],
    [
      { kind: 'quote', ...customer, phone: 'call me', message: 'x' },
      'phone',
      ENQUIRY_MESSAGES.phoneInvalid,
    ],
    [
      { kind: 'cut', ...customer, size: '9'.repeat(101) },
      'size',
      'Size must be at most 100 characters',
    ],
    [
      { kind: 'quote', ...customer, message: 'x'.repeat(2001) },
      'message',
      'Message must be at most 2000 characters',
    ],
    [
      { kind: 'lead-time', ...customer, product_id: -3 },
      'product_id',
      'product_id must be a positive integer',
    ],
  ])('refuses %j: 400 on %s', async (payload, field, message) => {
    const before = (await t.database.handle.db.select().from(enquiries)).length;
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect((await t.database.handle.db.select().from(enquiries)).length).toBe(before);
  });

  it('refuses a request from another origin with 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      headers: { origin: 'https://evil.example' },
      payload: { kind: 'quote', ...customer, message: 'x' },
    });
    expect(response.statusCode).toBe(403);
  });
});
