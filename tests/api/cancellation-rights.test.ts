import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import { CATALOGUE_MESSAGES, type AdminProductJson } from '#domain/admin-catalogue.ts';
import type { VariationJson } from '#domain/api-types.ts';
import type { CartJson } from '#domain/cart.ts';
import type { OrderJson } from '#domain/checkout.ts';
import { formatGBP } from '#domain/money.ts';
import { PALLET_RETURN_PENCE } from '#domain/company.ts';
import { buildCatalogue } from '#tests/factories/catalogue.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { outboxMails } from '#tests/setup/outbox.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const catalogue = buildCatalogue();
// Window sills in stock sizes chosen from a list: once sold as 'cut to your size'.
const [sill, otherSill] = catalogue.products.filter((p) => p.categories.includes('window-sills'));

let t: TestApp;
let owner: StaffBrowser;
let editor: StaffBrowser;

interface Sill {
  productId: number;
  variation: VariationJson;
}

async function stockSizeOf(slug: string): Promise<Sill> {
  const body = (await t.app.inject({ url: `/api/products/slug/${slug}` })).json() as {
    data: { id: number };
    variations: VariationJson[];
  };
  const variation = body.variations.find(
    (v) => /^\d+x\d+x\d+$/.test(v.attributes[0]!.option) && v.instock,
  )!;
  return { productId: body.data.id, variation };
}

async function adminProduct(id: number): Promise<AdminProductJson> {
  const answer = await owner.call('GET', `/api/admin/products/${id}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** Places an order of two of the size and returns it with its confirmation mail's text. */
async function orderOf(size: Sill, email: string) {
  const shopper = new ApiShopper(t.app);
  const added = await shopper.add(size.productId, size.variation.id, 2);
  expect(added.status).toBe(200);
  const basket = added.body.data as CartJson;
  const quote = await shopper.quote();
  const placed = await shopper.placeOrder(
    checkoutInput(quote.totals.total.gross, { email }),
    randomUUID(),
  );
  expect(placed.status).toBe(201);
  const order = placed.body.data as OrderJson;
  await expect
    .poll(() => outboxMails(t.config.dataDir).some((m) => m.subject.includes(order.number)), {
      timeout: 15_000,
    })
    .toBe(true);
  const mail = outboxMails(t.config.dataDir).find((m) => m.subject.includes(order.number))!;
  return { basket, order, text: mail.text.replace(/\s+/g, ' ') };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ owner, editor } = await staffOfEveryRole(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe('a stock window-sill size chosen from the list', () => {
  it('is not made to order: product, basket, order and mail all keep the 14-day right', async () => {
    const size = await stockSizeOf(sill!.slug);
    expect(size.variation.made_to_order).toBe(false);
    const { basket, order, text } = await orderOf(size, 'sill-stock@example.co.uk');
    expect(basket.line_items[0]!.made_to_order).toBe(false);
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]!.is_bespoke).toBe(false);
    const [row] = await queryRows<{ is_bespoke: boolean }>(
      t.app.services.db,
      sql`SELECT l.is_bespoke FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${order.number}`,
    );
    expect(row).toEqual({ is_bespoke: false });
    expect(text).toContain('You may cancel this order within 14 days from the day the goods');
    expect(text).toContain(
      'Nothing in this order is made to your specification: every item may be cancelled.',
    );
    expect(text).not.toContain('cannot be cancelled once ordered');
    expect(text).toContain('MODEL CANCELLATION FORM');
    expect(text).toContain('I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract');
    expect(text).toContain('COMPLAINTS');
    expect(text).toMatch(/How to complain: https?:\/\/[^ ]+\/complaints/);
    if (order.delivery.method === 'pallet') {
      expect(text).toContain(`for ${formatGBP(PALLET_RETURN_PENCE)} a pallet (including VAT)`);
    }
  });
});

describe('a size staff mark made to order', () => {
  it('is saved only from the version the editor loaded, and only by catalogue staff', async () => {
    const size = await stockSizeOf(otherSill!.slug);
    const loaded = await adminProduct(size.productId);
    const row = { id: size.variation.id, made_to_order: true };
    const url = `/api/admin/products/${size.productId}/variations`;

    const others = loaded.variations.map((v) => ({ id: v.id }));
    const grid = (version: number) => ({
      version,
      variations: others.map((v) => (v.id === row.id ? row : v)),
    });
    expect((await editor.call('PUT', url, grid(loaded.version))).status).toBe(403);

    const saved = await owner.call('PUT', url, grid(loaded.version));
    expect(saved.status).toBe(200);
    const savedSizes = (saved.body.data as AdminProductJson).variations;
    expect(savedSizes.find((v) => v.id === row.id)!.made_to_order).toBe(true);
    expect(savedSizes.filter((v) => v.made_to_order)).toHaveLength(1);
    expect(saved.body.data.version).toBe(loaded.version + 1);

    // The same change from the version before is refused and changes nothing.
    const again = await owner.call('PUT', url, {
      version: loaded.version,
      variations: others.map((v) => (v.id === row.id ? { id: v.id, made_to_order: false } : v)),
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('version_conflict');
    const [stored] = await queryRows<{ made_to_order: boolean }>(
      t.app.services.db,
      sql`SELECT made_to_order FROM variations WHERE id = ${row.id}`,
    );
    expect(stored).toEqual({ made_to_order: true });
  });

  it('is exempt everywhere: product answer, basket, order line and a mail naming it', async () => {
    const size = await stockSizeOf(otherSill!.slug);
    expect(size.variation.made_to_order).toBe(true);
    const { basket, order, text } = await orderOf(size, 'sill-made@example.co.uk');
    expect(basket.line_items[0]!.made_to_order).toBe(true);
    expect(order.lines[0]!.is_bespoke).toBe(true);
    const option = size.variation.attributes[0]!.option;
    expect(text).toContain(
      `These items are made or cut to your specification, so they cannot be cancelled once ordered: - ${otherSill!.name}, ${option}: 2 pieces`,
    );
    expect(text).not.toContain('You may cancel this order within 14 days');
    expect(text).not.toContain('MODEL CANCELLATION FORM');
    expect(text).toContain('COMPLAINTS');
  });

  it('may not be a sample', async () => {
    const product = catalogue.products.find((p) =>
      p.variations.some((v) => /free sample/i.test(v.option)),
    )!;
    const body = (await t.app.inject({ url: `/api/products/slug/${product.slug}` })).json();
    const loaded = await adminProduct(body.data.id);
    const index = loaded.variations.findIndex((v) => /free sample/i.test(v.option));
    const refused = await owner.call('PUT', `/api/admin/products/${loaded.id}/variations`, {
      version: loaded.version,
      variations: loaded.variations.map((v, i) =>
        i === index ? { id: v.id, made_to_order: true } : { id: v.id },
      ),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      [`variations.${index}.made_to_order`]: CATALOGUE_MESSAGES.sampleMadeToOrder,
    });
    expect((await adminProduct(loaded.id)).version).toBe(loaded.version);
  });
});
