// Issue 28: the price a page shows for a size is the price the basket and checkout charge, and
// a scheduled sale starts and ends on time, caches included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AdminProductJson } from '#domain/admin-catalogue.ts';
import type { ClearanceJson, ProductJson, VariationJson } from '#domain/api-types.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { percentOffPence } from '#domain/price-for.ts';
import { instantToLondonMinute } from '#domain/sale-price.ts';
import { applySaleSchedules } from '#server/services/catalogue/sale-schedule.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { tradeBuyer } from '#tests/setup/trade-buyers.ts';
import { staffOfEveryRole, type StaffBrowser } from '#tests/setup/staff-browser.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const DAY_MS = 86_400_000;
let t: TestApp;
let manager: StaffBrowser;
/** The listing page the comparison walks, and its products the sales are set on. */
let listingUrl: string;
let running: ProductJson;
let pastStart: ProductJson;
let future: ProductJson;
let ended: ProductJson;

const get = async <T>(url: string): Promise<T> => {
  const answer = await t.app.inject({ url });
  expect(answer.statusCode, url).toBe(200);
  return answer.json() as T;
};
const variationsOf = (id: number) => get<VariationJson[]>(`/api/product/${id}/variations`);
const isSize = (v: VariationJson) => !/sample/i.test(v.attributes[0]!.option);

/** Sets the first size's sale through the product editor, as staff do. */
async function setSale(product: ProductJson, sale: { from: Date | null; to: Date | null }) {
  const loaded = (await manager.call('GET', `/api/admin/products/${product.id}`)).body
    .data as AdminProductJson;
  const first = loaded.variations.find((v) => !/sample/i.test(v.option))!;
  const saved = await manager.call('PUT', `/api/admin/products/${product.id}/variations`, {
    version: loaded.version,
    variations: loaded.variations.map((v) =>
      v.id === first.id
        ? {
            id: v.id,
            price: '62.50',
            sale_price: '58.00',
            sale_from: sale.from ? instantToLondonMinute(sale.from) : '',
            sale_to: sale.to ? instantToLondonMinute(sale.to) : '',
          }
        : { id: v.id },
    ),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return first.id;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ manager } = await staffOfEveryRole(t.app));
  const [category] = await queryRows<{ slug: string }>(
    t.app.services.db,
    sql`SELECT c.slug FROM categories c JOIN product_categories pc ON pc.category_id = c.id
      JOIN products p ON p.id = pc.product_id
      WHERE p.status = 'publish' AND NOT p.on_sale AND c.slug <> 'stock-clearance'
      GROUP BY c.slug HAVING count(*) >= 12 ORDER BY c.slug LIMIT 1`,
  );
  listingUrl = `/api/products?category=${category!.slug}&per_page=12&page=1`;
  const listed = (await get<{ data: ProductJson[] }>(listingUrl)).data;
  const withSizes = [];
  for (const product of listed) {
    if ((await variationsOf(product.id)).some(isSize)) withSizes.push(product);
  }
  [running, pastStart, future, ended] = withSizes as [
    ProductJson,
    ProductJson,
    ProductJson,
    ProductJson,
  ];
  const now = Date.now();
  await setSale(running, { from: null, to: null });
  await setSale(pastStart, { from: new Date(now - 10 * DAY_MS), to: null });
  await setSale(future, { from: new Date(now + 2 * DAY_MS), to: new Date(now + 9 * DAY_MS) });
  await setSale(ended, { from: new Date(now - 9 * DAY_MS), to: new Date(now - 2 * DAY_MS) });
  // Popular enough for the home page's deals, were they on sale.
  await t.app.services.db.execute(sql`UPDATE products SET popularity = 100000
    WHERE id IN (${running.id}, ${pastStart.id}, ${future.id}, ${ended.id})`);
  await t.app.changes.publish('catalogue');
});
afterAll(async () => {
  await t?.close();
});

/**
 * Puts one piece of a size in a fresh basket and reads what the basket and the checkout quote
 * charge per unit for it.
 */
async function charged(productId: number, variationId: number, shopper = new ApiShopper(t.app)) {
  const added = await shopper.add(productId, variationId, 1);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const cart = (await shopper.call('GET', '/api/cart')).body.data as {
    line_items: { variation_id: number; price: string; regular_price: string | null }[];
  };
  const line = cart.line_items.find((l) => l.variation_id === variationId)!;
  const quote = await shopper.quote();
  const quoted = quote.lines.find((l) => l.variation_id === variationId)!;
  return { price: line.price, regular: line.regular_price, quoted: quoted.unit_price };
}

describe('the price shown is the price charged', () => {
  it('for every Special Deal of the home page: its size, sale price, was-price and badge', async () => {
    const deals = (await get<{ data: ClearanceJson[] }>('/api/clearance')).data;
    const ids = deals.map((d) => d.id);
    expect(ids).toContain(running.id);
    expect(ids).toContain(pastStart.id);
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(ended.id);
    const ours = deals.find((d) => d.id === running.id)!;
    expect(ours).toMatchObject({
      regular_price: '62.50',
      sale_price: '58.00',
      discount_percent: 7,
      unit: running.unit,
    });
    expect(ours.price_html).toContain('<del aria-hidden="true">');
    expect(ours.price_html).toContain('Was £62.50, now £58.00');
    for (const deal of deals) {
      const size = (await variationsOf(deal.id)).find((v) => v.id === deal.variation_id)!;
      expect(size.on_sale, deal.name).toBe(true);
      expect(Number(deal.sale_price)).toBeLessThan(Number(deal.regular_price));
      const pay = await charged(deal.id, deal.variation_id);
      expect(pay, deal.name).toEqual({
        price: deal.sale_price,
        regular: deal.regular_price,
        quoted: deal.sale_price,
      });
    }
  });

  it('for every product of a listing page: the From price and any was-price', async () => {
    const listed = (await get<{ data: ProductJson[] }>(listingUrl)).data;
    expect(listed.map((p) => p.id)).toEqual(
      expect.arrayContaining([running.id, pastStart.id, future.id, ended.id]),
    );
    for (const product of listed) {
      const sizes = await variationsOf(product.id);
      const priced = sizes.some(isSize) ? sizes.filter(isSize) : sizes;
      const cheapest = priced.reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a));
      expect(product.price, product.name).toBe(cheapest.price);
      // A size out of stock cannot be put in a basket: nothing is charged for it.
      if (!cheapest.instock) continue;
      const pay = await charged(product.id, cheapest.id);
      expect(pay, product.name).toEqual({
        price: product.price,
        regular: product.sale_price === '' ? null : product.regular_price,
        quoted: product.price,
      });
    }
  });

  it('keeps regular and sale prices apart on the product and its sizes, by the schedule', async () => {
    const sizeOf = async (product: ProductJson) => (await variationsOf(product.id)).find(isSize)!;
    for (const product of [running, pastStart]) {
      expect(await sizeOf(product)).toMatchObject({
        price: '58.00',
        regular_price: '62.50',
        sale_price: '58.00',
        on_sale: true,
      });
    }
    for (const product of [future, ended]) {
      expect(await sizeOf(product)).toMatchObject({
        price: '62.50',
        regular_price: '62.50',
        sale_price: '',
        on_sale: false,
        price_html: '<span class="woocommerce-Price-amount amount">£62.50</span>',
      });
    }
    // The product's own answer: its From price is its cheapest size's, was/now with it.
    for (const product of [running, pastStart, future, ended]) {
      const page = (await get<{ data: ProductJson }>(`/api/products/slug/${product.slug}`)).data;
      const cheapest = (await variationsOf(product.id))
        .filter(isSize)
        .reduce((a, b) => (Number(b.price) < Number(a.price) ? b : a));
      expect(page, product.name).toMatchObject({
        price: cheapest.price,
        regular_price: cheapest.regular_price,
        sale_price: cheapest.sale_price,
        price_html: cheapest.price_html,
      });
    }
  });
});

describe('a scheduled sale starts and ends at its instants', () => {
  it('moves the stored prices at the boundaries, not a millisecond before', async () => {
    const db = t.app.services.db;
    const [row] = await queryRows<{ id: number; sale_from: Date; sale_to: Date }>(
      db,
      sql`SELECT id, sale_from, sale_to FROM variations WHERE product_id = ${future.id}
        AND sale_from IS NOT NULL`,
    );
    const stored = () =>
      queryRows<{ price_pence: number; regular_price_pence: number | null }>(
        db,
        sql`SELECT price_pence, regular_price_pence FROM variations WHERE id = ${row!.id}`,
      );
    const from = new Date(row!.sale_from);
    const to = new Date(row!.sale_to);
    expect(await applySaleSchedules(db, new Date(from.getTime() - 1))).toEqual([]);
    expect(await stored()).toEqual([{ price_pence: 6250, regular_price_pence: null }]);
    expect(await applySaleSchedules(db, from)).toEqual([future.id]);
    expect(await stored()).toEqual([{ price_pence: 5800, regular_price_pence: 6250 }]);
    expect(await applySaleSchedules(db, new Date(to.getTime() - 1))).toEqual([]);
    expect(await applySaleSchedules(db, to)).toEqual([future.id]);
    expect(await stored()).toEqual([{ price_pence: 6250, regular_price_pence: null }]);
    // Back to now: the sale has not started yet.
    await applySaleSchedules(db, new Date());
    expect(await stored()).toEqual([{ price_pence: 6250, regular_price_pence: null }]);
  });
});

describe('the price a trade buyer is shown is the price they are charged', () => {
  it('on a listing card: the lowest of their prices over the sizes, a set price included', async () => {
    const slug = new URL(listingUrl, 'http://x').searchParams.get('category')!;
    const listed = (await get<{ data: ProductJson[] }>(listingUrl)).data;
    const others = listed.filter((p) => ![running, pastStart, future, ended].includes(p));
    let product: ProductJson | undefined;
    let sizes: VariationJson[] = [];
    for (const candidate of others) {
      sizes = (await variationsOf(candidate.id)).filter((v) => isSize(v) && v.instock);
      const distinct = new Set(sizes.map((v) => v.price));
      if (sizes.every((v) => v.sale_price === '') && distinct.size >= 2) {
        product = candidate;
        break;
      }
    }
    expect(product, 'a product with two in-stock sizes at different prices').toBeDefined();
    const pence = (v: VariationJson) => Math.round(Number(v.price) * 100);
    const byPrice = [...sizes].sort((a, b) => pence(a) - pence(b));
    const cheapest = byPrice[0]!;
    const dearest = byPrice.at(-1)!;
    // 10 % off the category; the dearest size set 1p under the cheapest size's 10 %-off price.
    const cheapestTrade = percentOffPence(pence(cheapest), 10);
    const setPence = cheapestTrade - 1;
    await t.app.services.db.execute(sql`
      INSERT INTO price_list_rules (group_id, kind, category_id, percent_off)
      SELECT g.id, 'category_percent', c.id, 10 FROM customer_groups g, categories c
      WHERE g.name = 'Trade' AND c.slug = ${slug}`);
    await t.app.services.db.execute(sql`
      INSERT INTO price_list_rules (group_id, kind, variation_id, price_pence)
      SELECT id, 'size_price', ${dearest.id}, ${setPence} FROM customer_groups WHERE name = 'Trade'`);
    await t.app.changes.publish('prices');
    const buyer = await tradeBuyer(t.app, `card-${Date.now()}@example.com`);

    const listing = await buyer.call('GET', listingUrl);
    const card = (listing.body.data as ProductJson[]).find((p) => p.id === product!.id)!;
    expect([card.price, card.regular_price, card.sale_price]).toEqual([
      formatPoundsPlain(setPence),
      dearest.regular_price,
      formatPoundsPlain(setPence),
    ]);
    const page = await buyer.call('GET', `/api/products/slug/${product!.slug}`);
    expect(page.body.data.price).toBe(formatPoundsPlain(setPence));
    expect(await charged(product!.id, dearest.id, buyer)).toEqual({
      price: formatPoundsPlain(setPence),
      regular: dearest.regular_price,
      quoted: formatPoundsPlain(setPence),
    });
  });
});

describe("a trade buyer's Special Deals", () => {
  it('show the price their list charges, while a guest still sees the sale price', async () => {
    const guestDeal = (await get<{ data: ClearanceJson[] }>('/api/clearance')).data.find(
      (d) => d.id === running.id,
    )!;
    // The Trade list sets the deal's size at £50.00, under its £58.00 sale price.
    await t.app.services.db.execute(sql`
      INSERT INTO price_list_rules (group_id, kind, variation_id, price_pence)
      SELECT id, 'size_price', ${guestDeal.variation_id}, 5000 FROM customer_groups
      WHERE name = 'Trade'`);
    await t.app.changes.publish('prices');
    const buyer = await tradeBuyer(t.app, `deals-${Date.now()}@example.com`);

    const deals = (await buyer.call('GET', '/api/clearance')).body.data as ClearanceJson[];
    const ours = deals.find((d) => d.id === running.id)!;
    expect(ours).toMatchObject({
      regular_price: '62.50',
      sale_price: '50.00',
      discount_percent: 20,
    });
    expect(ours.price_html).toContain('Was £62.50, now £50.00');
    expect(await charged(running.id, ours.variation_id, buyer)).toEqual({
      price: '50.00',
      regular: '62.50',
      quoted: '50.00',
    });
    const guest = (await get<{ data: ClearanceJson[] }>('/api/clearance')).data;
    expect(guest.find((d) => d.id === running.id)).toMatchObject({
      regular_price: '62.50',
      sale_price: '58.00',
      discount_percent: 7,
    });
  });
});

describe("a trade buyer's price sort", () => {
  it('follows the prices their list charges, while a guest keeps the retail order', async () => {
    const slug = new URL(listingUrl, 'http://x').searchParams.get('category')!;
    const sorted = (order: string) =>
      `/api/products?category=${slug}&per_page=100&orderby=price&order=${order}`;
    const ids = (answer: { body: { data: ProductJson[] } }) => answer.body.data.map((p) => p.id);
    const guest = new ApiShopper(t.app);
    const retailOrder = ids(await guest.call('GET', sorted('asc')));
    // The dearest product to retail gets a size set at £1.00 for the Trade list.
    const dearest = retailOrder.at(-1)!;
    const size = (await variationsOf(dearest)).find(isSize)!;
    await t.app.services.db.execute(sql`
      INSERT INTO price_list_rules (group_id, kind, variation_id, price_pence)
      SELECT id, 'size_price', ${size.id}, 100 FROM customer_groups WHERE name = 'Trade'`);
    await t.app.changes.publish('prices');
    const buyer = await tradeBuyer(t.app, `sort-${Date.now()}@example.com`);

    const tradeAsc = await buyer.call('GET', sorted('asc'));
    expect(ids(tradeAsc)[0]).toBe(dearest);
    expect(tradeAsc.body.data[0].price).toBe('1.00');
    const prices = (tradeAsc.body.data as ProductJson[]).map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ids(await buyer.call('GET', sorted('desc'))).at(-1)).toBe(dearest);
    expect(ids(await guest.call('GET', sorted('asc')))).toEqual(retailOrder);
  });
});
