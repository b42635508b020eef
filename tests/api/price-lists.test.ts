import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { percentOffPence } from '#domain/price-for.ts';
import { ApiShopper, checkoutInput } from '#tests/setup/api-shopper.ts';
import { createSiblingApp, createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { signedIn, tradeBuyer } from '#tests/setup/trade-buyers.ts';

// A trade buyer's prices and trade-only products never reach a retail shopper or a guest,
// through any cache, whoever asks first; and a trade buyer's order places at the trade price.
let t: TestApp;
let fixture: {
  productId: number;
  slug: string;
  categoryId: number;
  categorySlug: string;
  productPence: number;
  variationId: number;
  sizePence: number;
  tradeOnlyId: number;
  tradeOnlySlug: string;
};
const pounds = formatPoundsPlain;

async function setPercent(percent: number) {
  await t.database.handle.db.execute(
    sql`DELETE FROM price_list_rules WHERE group_id = (SELECT id FROM customer_groups WHERE name = 'Trade')`,
  );
  await t.database.handle.db.execute(
    sql`INSERT INTO price_list_rules (group_id, kind, category_id, percent_off)
        SELECT id, 'category_percent', ${fixture.categoryId}, ${percent} FROM customer_groups
        WHERE name = 'Trade'`,
  );
  await t.app.changes.publish('prices');
}

/** What a shopper is shown: listing card, product page, its sizes, basket line, checkout. */
async function seen(shopper: ApiShopper) {
  const listing = await shopper.call(
    'GET',
    `/api/products?category=${fixture.categorySlug}&per_page=100`,
  );
  const product = await shopper.call('GET', `/api/products/slug/${fixture.slug}`);
  const sizes = await shopper.call('GET', `/api/product/${fixture.productId}/variations`);
  const tradeOnlyPage = await shopper.call('GET', `/api/products/slug/${fixture.tradeOnlySlug}`);
  const tradeOnlySizes = await shopper.call(
    'GET',
    `/api/product/${fixture.tradeOnlyId}/variations`,
  );
  expect(listing.status, JSON.stringify(listing.body).slice(0, 300)).toBe(200);
  const ids = (listing.body.data as { id: number; price: string }[]).map((p) => p.id);
  const card = (listing.body.data as { id: number; price: string }[]).find(
    (p) => p.id === fixture.productId,
  );
  const size = (sizes.body as { id: number; price: string }[]).find(
    (s) => s.id === fixture.variationId,
  );
  return {
    listingControl: listing.response.headers['cache-control'],
    listingVary: listing.response.headers.vary,
    listsTradeOnly: ids.includes(fixture.tradeOnlyId),
    cardPrice: card?.price,
    productPrice: product.body.data.price as string,
    sizePrice: size?.price,
    tradeOnlyStatuses: [tradeOnlyPage.status, tradeOnlySizes.status],
  };
}

async function basketAndQuote(shopper: ApiShopper) {
  const added = await shopper.add(fixture.productId, fixture.variationId, 2);
  expect(added.status).toBe(200);
  const basket = await shopper.call('GET', '/api/cart');
  const quote = await shopper.quote();
  return {
    basketPrice: basket.body.data.line_items[0].price as string,
    quotePrice: quote.lines[0]!.unit_price,
    quote,
  };
}

function expectRetail(view: Awaited<ReturnType<typeof seen>>) {
  expect(view).toMatchObject({
    listsTradeOnly: false,
    cardPrice: pounds(fixture.productPence),
    productPrice: pounds(fixture.productPence),
    sizePrice: pounds(fixture.sizePence),
    tradeOnlyStatuses: [404, 404],
  });
  expect(view.listingControl).toMatch(/^public/);
  expect(view.listingVary).toMatch(/Cookie/);
}

function expectTrade(view: Awaited<ReturnType<typeof seen>>, percent: number) {
  expect(view).toMatchObject({
    listsTradeOnly: true,
    cardPrice: pounds(percentOffPence(fixture.productPence, percent)),
    productPrice: pounds(percentOffPence(fixture.productPence, percent)),
    sizePrice: pounds(percentOffPence(fixture.sizePence, percent)),
    tradeOnlyStatuses: [200, 200],
  });
  expect(view.listingControl).toMatch(/^private/);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.handle.db;
  // A tile size at its regular price, in the smallest category that has another product.
  const [row] = await queryRows<Omit<typeof fixture, 'tradeOnlyId' | 'tradeOnlySlug'>>(
    db,
    sql`WITH counts AS (
          SELECT c, count(*) AS n FROM products, unnest(category_ids) c
          WHERE status = 'publish' GROUP BY c HAVING count(*) >= 2)
        SELECT p.id AS "productId", p.slug, counts.c AS "categoryId", cat.slug AS "categorySlug",
          p.price_pence AS "productPence", v.id AS "variationId", v.price_pence AS "sizePence"
        FROM products p JOIN variations v ON v.product_id = p.id
        JOIN counts ON counts.c = ANY(p.category_ids) JOIN categories cat ON cat.id = counts.c
        WHERE p.status = 'publish' AND v.option ~ '^\\d+ ?x ?\\d+' AND v.in_stock
          AND v.regular_price_pence IS NULL AND p.regular_price_pence IS NULL
        ORDER BY counts.n, p.id LIMIT 1`,
  );
  const [other] = await queryRows<{ id: number; slug: string }>(
    db,
    sql`SELECT id, slug FROM products WHERE status = 'publish' AND id <> ${row!.productId}
        AND category_ids @> ARRAY[${row!.categoryId}]::int[] ORDER BY id LIMIT 1`,
  );
  fixture = { ...row!, tradeOnlyId: other!.id, tradeOnlySlug: other!.slug };
  await db.execute(
    sql`UPDATE variations SET stock_quantity = 10000 WHERE id = ${row!.variationId}`,
  );
  await db.execute(sql`UPDATE products SET trade_only = true WHERE id = ${other!.id}`);
  await t.app.changes.publish('catalogue');
  await setPercent(10);
});

afterAll(async () => {
  await t?.close();
});

describe('price lists never leak through a cache', () => {
  it('trade first, then retail and a guest: each sees their own list', async () => {
    const trade = await tradeBuyer(t.app, 'tiler1@example.co.uk');
    expect((await trade.call('GET', '/api/buyer')).body.data).toEqual({
      group: 'Trade',
      trade: true,
      show_ex_vat: true,
    });
    expectTrade(await seen(trade), 10);
    expectTrade(await seen(trade), 10); // the second answers come from the caches
    const retail = await signedIn(t.app, 'home1@example.co.uk');
    expect((await retail.call('GET', '/api/buyer')).body.data).toEqual({
      group: null,
      trade: false,
      show_ex_vat: false,
    });
    expectRetail(await seen(retail));
    expectRetail(await seen(new ApiShopper(t.app)));
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/product/${fixture.slug}<`);
    expect(sitemap.body).not.toContain(`/product/${fixture.tradeOnlySlug}<`);

    const tradeBasket = await basketAndQuote(trade);
    expect(tradeBasket.basketPrice).toBe(pounds(percentOffPence(fixture.sizePence, 10)));
    expect(tradeBasket.quotePrice).toBe(pounds(percentOffPence(fixture.sizePence, 10)));
    const retailBasket = await basketAndQuote(retail);
    expect(retailBasket.basketPrice).toBe(pounds(fixture.sizePence));
    expect(retailBasket.quotePrice).toBe(pounds(fixture.sizePence));
  });

  it('retail and a guest first, then trade: each sees their own list', async () => {
    t.app.clearResponseCache();
    const retail = await signedIn(t.app, 'home2@example.co.uk');
    expectRetail(await seen(new ApiShopper(t.app)));
    expectRetail(await seen(retail));
    const trade = await tradeBuyer(t.app, 'tiler2@example.co.uk');
    expectTrade(await seen(trade), 10);
    expectRetail(await seen(retail));
  });

  it("places a trade buyer's order at the trade price, without a 409", async () => {
    const trade = await tradeBuyer(t.app, 'tiler3@example.co.uk');
    const { quote } = await basketAndQuote(trade);
    const placed = await trade.placeOrder(
      checkoutInput(quote.totals.total.gross, { email: 'tiler3@example.co.uk' }),
      randomUUID(),
    );
    expect(placed.status).toBe(201);
    const [line] = await queryRows<{ unit_price_pence: number }>(
      t.database.handle.db,
      sql`SELECT unit_price_pence FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE o.number = ${placed.body.data.number}`,
    );
    expect(line!.unit_price_pence).toBe(percentOffPence(fixture.sizePence, 10));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'shows a changed price list on another instance, and never to retail there',
    async () => {
      const sibling = await createSiblingApp(t);
      try {
        const trade = await tradeBuyer(t.app, 'tiler4@example.co.uk');
        const tradeThere = new ApiShopper(sibling);
        tradeThere.cookie = trade.cookie;
        const retailThere = new ApiShopper(sibling);
        expectTrade(await seen(tradeThere), 10);
        expectRetail(await seen(retailThere));
        await setPercent(25);
        await expect
          .poll(async () => (await seen(tradeThere)).productPrice)
          .toBe(pounds(percentOffPence(fixture.productPence, 25)));
        expectTrade(await seen(tradeThere), 25);
        expectRetail(await seen(retailThere));
      } finally {
        await sibling.close();
        await setPercent(10);
      }
    },
  );
});
