// Quotes for bespoke work, end to end over HTTP: staff build a quote from an enquiry and send it,
// the customer opens the mailed link and accepts, and the order keeps the quote's prices.
// Figures by hand: a 1200 × 600 × 30 mm worktop is 0.72 m², at £180.00/m² £129.60 (£108.00 +
// £21.60 VAT), with 2 cut-outs at £45.00 £90.00 (£75.00 + £15.00); 4 tiles at £40.00 £160.00
// (£133.33 + £26.67); delivery £60.00 (£50.00 + £10.00). Total £439.60 (£366.33 + £73.27 VAT);
// a 30 % deposit £131.88, the balance £307.72.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { tileSizes, workedPrices } from '#tests/factories/worked-tiles.ts';
import { checkoutInput } from '#tests/setup/api-shopper.ts';
import { readPdf } from '#tests/setup/read-pdf.ts';
import { StaffBrowser, staffOfEveryRole } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
let manager: StaffBrowser;
let tile: { id: number; product_id: number };
let stone: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.app.services.db, query);
const run = (query: ReturnType<typeof sql>) => t.app.services.db.execute(query);
const address = checkoutInput('0.00').shipping as Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  [tile] = (await tileSizes(t.app.services.db)) as [typeof tile];
  await workedPrices(t.app.services.db, [tile]);
  stone = tile.product_id;
  t.app.services.invalidateCatalogue();
});
afterAll(async () => {
  await t?.close();
});

const worktop = {
  kind: 'bespoke',
  product_id: 0,
  thickness_mm: 30,
  length_mm: 1200,
  width_mm: 600,
  edge_profile: 'Bullnose',
  finish: 'Honed',
  cutouts: 2,
  cutout_price: '45.00',
  pieces: 1,
  pricing: 'm2',
  unit_price: '180.00',
};

function quoteBody(overrides: Record<string, unknown> = {}) {
  return {
    address,
    valid_days: 30,
    deposit_percent: 30,
    manual_delivery: '60.00',
    lines: [
      { ...worktop, product_id: stone },
      { kind: 'catalogue', variation_id: tile.id, pieces: 4, unit_price: '40.00' },
    ],
    ...overrides,
  };
}

/** A quote created and sent; answers its number and the link's token as mailed. */
async function sentQuote(overrides: Record<string, unknown> = {}) {
  const created = await manager.call('POST', '/api/admin/quotes', quoteBody(overrides));
  expect(created.status).toBe(201);
  const number = created.body.data.number as string;
  const sent = await manager.call('POST', `/api/admin/quotes/${number}/send`, {
    version: created.body.data.version,
  });
  expect(sent.status).toBe(200);
  const [mail] = await rows<{ text: string; attachments: unknown }>(
    sql`SELECT text, attachments FROM mail_outbox WHERE kind = 'quote' ORDER BY id DESC LIMIT 1`,
  );
  const token = new RegExp(`/quote/${number}\\?token=([A-Za-z0-9_-]+)`).exec(mail!.text)![1]!;
  return { number, token, mail: mail!, sent: sent.body };
}

const accept = (number: string, token: string, method = 'bank_transfer') =>
  t.app.inject({
    method: 'POST',
    url: `/api/quotes/${number}/accept?token=${token}`,
    payload: { payment_method: method, accept_terms: true },
  });

describe('quotes', () => {
  it('are built from an enquiry with VAT, deposit and balance adding up exactly', async () => {
    const enquiry = await t.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: { kind: 'cut', name: 'Ada Lovelace', email: address.email, size: '1200x600x30' },
    });
    expect(enquiry.statusCode).toBe(201);
    const listed = await manager.call('GET', '/api/admin/quotes/enquiries');
    const from = listed.body.data.find((e: { email: string }) => e.email === address.email);
    expect(from).toMatchObject({ kind: 'cut', size: '1200x600x30', quote_number: null });

    const created = await manager.call(
      'POST',
      '/api/admin/quotes',
      quoteBody({ enquiry_id: from.id }),
    );
    expect(created.status).toBe(201);
    const quote = created.body.data;
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^Q-1\d{5}$/),
      revision: 1,
      state: 'draft',
      enquiry_id: from.id,
      deposit_percent: 30,
      delivery: { manual: true, price: '60.00' },
      totals: {
        goods: { net: '316.33', vat: '63.27', gross: '379.60' },
        delivery: { net: '50.00', vat: '10.00', gross: '60.00' },
        total: { net: '366.33', vat: '73.27', gross: '439.60' },
        deposit: '131.88',
        balance: '307.72',
        pay_now: '131.88',
      },
    });
    expect(quote.lines[0]).toMatchObject({
      description: '1200 × 600 × 30 mm, Bullnose edge, Honed, 2 cut-outs each',
      m2: '0.720',
      made_to_specification: true,
      total: { net: '183.00', vat: '36.60', gross: '219.60' },
    });
    expect(quote.lines[1]).toMatchObject({ m2: '0.960', made_to_specification: false });
    expect(quote.rights_note).toBe(
      'Made to your specification: no 14-day right to cancel once ordered',
    );
    expect(Number(quote.lines[0].weight_kg)).toBeGreaterThan(50);
    const history = (await manager.call('GET', `/api/admin/quotes/${quote.number}`)).body.data
      .history;
    expect(history).toEqual([
      expect.objectContaining({ kind: 'created', note: `From enquiry #${from.id}` }),
    ]);
  });

  it('price delivery by the checkout rules for the address and the weight unless set by hand', async () => {
    const created = await manager.call(
      'POST',
      '/api/admin/quotes',
      quoteBody({ manual_delivery: null, deposit_percent: 0 }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.delivery.manual).toBe(false);
    expect(created.body.data.totals.deposit).toBe('0.00');
    expect(created.body.data.totals.pay_now).toBe(created.body.data.totals.total.gross);
  });

  it('refuse bad lines with fields', async () => {
    const bad = await manager.call(
      'POST',
      '/api/admin/quotes',
      quoteBody({ lines: [{ ...worktop, product_id: stone, length_mm: 0, unit_price: 'x' }] }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'lines.0.length_mm': 'Give the size in whole mm, 1 to 4000',
      'lines.0.unit_price': 'Give a price in pounds, e.g. 180.00',
    });
  });

  it('are mailed with a link only their customer can open', async () => {
    const { number, token, mail, sent } = await sentQuote();
    expect(sent.data.state).toBe('sent');
    expect(mail.attachments).toEqual([{ kind: 'quote', id: expect.any(Number) }]);
    expect(mail.text).toContain('Deposit (30%) on acceptance');
    const seen = await t.app.inject({ url: `/api/quotes/${number}?token=${token}` });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({
      number,
      state: 'sent',
      totals: { total: { gross: '439.60' } },
    });
    expect(seen.json().data.history).toBeUndefined();
    expect((await t.app.inject({ url: `/api/quotes/${number}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/quotes/${number}?token=nope` })).statusCode).toBe(404);
    const pdf = await manager.call('GET', `/api/admin/quotes/${number}/quote.pdf`);
    expect(pdf.status).toBe(200);
  });

  it("accepted, make an order at the quote's prices after a price change, deposit first", async () => {
    const { number, token } = await sentQuote();
    // The catalogue price changes between sending and accepting.
    await run(sql`UPDATE variations SET price_pence = 99900 WHERE id = ${tile.id}`);
    t.app.services.invalidateCatalogue();

    const accepted = await accept(number, token);
    expect(accepted.statusCode).toBe(201);
    const order = accepted.json().data;
    expect(accepted.json().quote).toMatchObject({ state: 'accepted', order_number: order.number });
    expect(order.totals.total).toEqual({ net: '366.33', vat: '73.27', gross: '439.60' });
    expect(
      order.lines.map((l: { size: string; is_bespoke: boolean; total: { gross: string } }) => [
        l.size,
        l.is_bespoke,
        l.total.gross,
      ]),
    ).toEqual([
      ['1200 × 600 × 30 mm, Bullnose edge, Honed, 2 cut-outs each', true, '129.60'],
      ['Cut-outs for 1200 × 600 × 30 mm, Bullnose edge, Honed, 2 cut-outs each', true, '90.00'],
      ['600x400x20', false, '160.00'],
    ]);
    const [payment] = await rows<{ amount_pence: number }>(
      sql`SELECT p.amount_pence FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE o.number = ${order.number}`,
    );
    expect(payment!.amount_pence).toBe(13_188);
    const [stored] = await rows<{ first_payment_pence: number }>(
      sql`SELECT first_payment_pence FROM orders WHERE number = ${order.number}`,
    );
    expect(stored!.first_payment_pence).toBe(13_188);
    const [confirmation] = await rows<{ text: string }>(
      sql`SELECT m.text FROM mail_outbox m JOIN orders o ON o.id = m.order_id
          WHERE o.number = ${order.number} AND m.kind = 'order_confirmation'`,
    );
    expect(confirmation!.text).toContain('made to your specification');

    // Accepting again answers the same order.
    const again = await accept(number, token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.number).toBe(order.number);

    // The deposit is the first payment; the whole total is not it.
    const whole = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: '439.60',
    });
    expect(whole.status).toBe(409);
    expect(whole.body.error).toBe('The amount received is not the deposit due of £131.88');
    const paid = await manager.call('POST', `/api/admin/orders/${order.number}/mark-paid`, {
      amount: '131.88',
    });
    expect(paid.body.result).toBe('paid');
    const link = await manager.call('POST', `/api/admin/orders/${order.number}/balance-link`);
    expect(link.status).toBe(200);
    expect(link.body.due).toBe('307.72');
  });

  it('are refused once expired (410) or withdrawn (410)', async () => {
    const expired = await sentQuote();
    await run(sql`UPDATE quotes SET valid_until = now() - interval '1 second'
      WHERE number = ${expired.number}`);
    const late = await accept(expired.number, expired.token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({
      code: 'quote_expired',
      error: 'This quote has expired: please ask us for a new one',
    });
    const seen = await t.app.inject({
      url: `/api/quotes/${expired.number}?token=${expired.token}`,
    });
    expect(seen.json().data.state).toBe('expired');

    const withdrawn = await sentQuote();
    const w = await manager.call('POST', `/api/admin/quotes/${withdrawn.number}/withdraw`, {});
    expect(w.body.data.state).toBe('withdrawn');
    const refused = await accept(withdrawn.number, withdrawn.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('quote_withdrawn');
  });

  it('withdrawn while a revision is a draft, refuse the sent revision too (410)', async () => {
    const v1 = await sentQuote();
    const revised = await manager.call('POST', `/api/admin/quotes/${v1.number}/revise`, {});
    expect(revised.body.data).toMatchObject({ revision: 2, state: 'draft' });
    const w = await manager.call('POST', `/api/admin/quotes/${v1.number}/withdraw`, {});
    expect(w.body.data).toMatchObject({ revision: 2, state: 'withdrawn' });
    const refused = await accept(v1.number, v1.token);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().code).toBe('quote_withdrawn');
    const states = await rows<{ revision: number; state: string }>(
      sql`SELECT revision, state FROM quotes WHERE number = ${v1.number} ORDER BY revision`,
    );
    expect(states).toEqual([
      { revision: 1, state: 'withdrawn' },
      { revision: 2, state: 'withdrawn' },
    ]);
  });

  it('revised, supersede the revision before: its link is refused (409), the new one accepted', async () => {
    const v1 = await sentQuote();
    const revised = await manager.call('POST', `/api/admin/quotes/${v1.number}/revise`, {});
    expect(revised.body.data).toMatchObject({ number: v1.number, revision: 2, state: 'draft' });
    // While v2 is a draft, v1 stands.
    const still = await t.app.inject({ url: `/api/quotes/${v1.number}?token=${v1.token}` });
    expect(still.json().data.state).toBe('sent');
    const edited = await manager.call(
      'PUT',
      `/api/admin/quotes/${v1.number}`,
      quoteBody({ deposit_percent: 50, version: revised.body.data.version }),
    );
    expect(edited.body.data.totals.deposit).toBe('219.80');
    const stale = await manager.call(
      'PUT',
      `/api/admin/quotes/${v1.number}`,
      quoteBody({ version: revised.body.data.version }),
    );
    expect(stale.status).toBe(409);
    await manager.call('POST', `/api/admin/quotes/${v1.number}/send`, {});
    const [mail] = await rows<{ text: string }>(
      sql`SELECT text FROM mail_outbox WHERE kind = 'quote' ORDER BY id DESC LIMIT 1`,
    );
    const v2token = /\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

    const old = await accept(v1.number, v1.token);
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('quote_superseded');
    const fresh = await accept(v1.number, v2token);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().quote).toMatchObject({ revision: 2, totals: { pay_now: '219.80' } });
    const listed = await manager.call('GET', '/api/admin/quotes?state=superseded');
    expect(listed.body.data.map((q: { number: string }) => q.number)).toContain(v1.number);
  });

  it('accepted by many requests at once, make one order', async () => {
    const { number, token } = await sentQuote();
    const answers = await Promise.all(Array.from({ length: 6 }, () => accept(number, token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.number)).size).toBe(1);
    const [count] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM orders o JOIN quotes q ON q.order_id = o.id
          WHERE q.number = ${number}`,
    );
    expect(count!.n).toBe(1);
  });

  it("take a drawing for a bespoke piece, downloaded through the quote's link and by nobody else", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('a worktop drawn'),
    ]);
    const upload = (bytes: Buffer, type: string, name = '') =>
      manager.call('POST', `/api/admin/quotes/drawings${name}`, bytes, { 'content-type': type });
    const wrong = await upload(Buffer.from('%!PS-Adobe-3.0 not a drawing'), 'application/pdf');
    expect(wrong.status).toBe(415);
    expect(wrong.body).toMatchObject({
      error: 'The drawing must be a PDF, JPEG, PNG or WebP file',
    });
    const text = await upload(Buffer.from('hello'), 'text/plain');
    expect(text.status).toBe(415);
    const uploaded = await upload(png, 'image/png', '?file_name=Kitchen%20plan.pdf');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toEqual({
      id: expect.any(Number),
      file_name: 'Kitchen plan.png',
      content_type: 'image/png',
      size_bytes: png.length,
    });
    const drawingId = uploaded.body.data.id as number;
    const staffCopy = await manager.call('GET', `/api/admin/quotes/drawings/${drawingId}`);
    expect(staffCopy.response.rawPayload.equals(png)).toBe(true);

    const drawn = { ...worktop, product_id: stone, length_mm: null, width_mm: null, cutouts: 0 };
    const refused = await manager.call(
      'POST',
      '/api/admin/quotes',
      quoteBody({
        lines: [
          { ...drawn, pricing: 'piece' },
          { ...drawn, drawing_id: drawingId },
          { ...drawn, pricing: 'piece', drawing_id: drawingId + 1000 },
        ],
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'lines.0.length_mm': 'Give the length and width in mm, or upload a drawing',
      'lines.0.width_mm': 'Give the length and width in mm, or upload a drawing',
      'lines.1.pricing': 'A line priced per m² needs its length and width',
    });
    const unknown = await manager.call(
      'POST',
      '/api/admin/quotes',
      quoteBody({ lines: [{ ...drawn, pricing: 'piece', drawing_id: drawingId + 1000 }] }),
    );
    expect(unknown.body.fields).toEqual({ 'lines.0.drawing_id': 'Upload the drawing again' });

    // Two pieces cut to the drawing at £350.00 each: £700.00, and the tiles £160.00.
    const { number, token } = await sentQuote({
      lines: [
        { ...drawn, pricing: 'piece', pieces: 2, unit_price: '350.00', drawing_id: drawingId },
        { kind: 'catalogue', variation_id: tile.id, pieces: 4, unit_price: '40.00' },
      ],
    });
    const seen = (await t.app.inject({ url: `/api/quotes/${number}?token=${token}` })).json().data;
    expect(seen.lines[0]).toMatchObject({
      description: '30 mm, to drawing, Bullnose edge, Honed',
      length_mm: null,
      m2: null,
      drawing: { id: drawingId, file_name: 'Kitchen plan.png' },
      total: { gross: '700.00' },
    });
    expect(seen.lines[1].drawing).toBeNull();
    expect(seen.totals.goods.gross).toBe('860.00');

    const drawing = (position: number, query: string) =>
      t.app.inject({ url: `/api/quotes/${number}/lines/${position}/drawing${query}` });
    const got = await drawing(0, `?token=${token}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe('attachment; filename="Kitchen plan.png"');
    expect(got.rawPayload.equals(png)).toBe(true);
    expect((await drawing(0, '')).statusCode).toBe(404);
    expect((await drawing(0, '?token=nope')).statusCode).toBe(404);
    expect((await drawing(1, `?token=${token}`)).statusCode).toBe(404);

    const pdf = await manager.call('GET', `/api/admin/quotes/${number}/quote.pdf`);
    const { pages } = await readPdf(pdf.response.rawPayload);
    expect(pages.join(' ')).toContain('Drawing: Kitchen plan.png');

    const order = (await accept(number, token)).json().data;
    expect(order.lines[0]).toMatchObject({
      size: '30 mm, to drawing, Bullnose edge, Honed',
      is_bespoke: true,
      pieces: 2,
      total: { gross: '700.00' },
    });
  });
});
