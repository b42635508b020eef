import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { formatPoundsPlain } from '#domain/money.ts';
import { percentOffPence } from '#domain/price-for.ts';
import { ApiShopper } from '#tests/setup/api-shopper.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { signedIn, tradeBuyer } from '#tests/setup/trade-buyers.ts';

// The server-rendered page cache is keyed by price list: a page rendered for a trade buyer is
// never served, nor revalidated with a 304, to a retail customer or a guest, whoever asks first.
const BUILD_DIR = resolve(process.env.BUILD_DIR ?? 'build');
let t: TestApp;
let product: { slug: string; categoryId: number; pence: number };

const retailFigure = () => `£${formatPoundsPlain(product.pence)}`;
const tradeFigure = () => `£${formatPoundsPlain(percentOffPence(product.pence, 10))}`;

async function page(shopper: ApiShopper, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/product/${product.slug}`,
    headers: { ...(shopper.cookie ? { cookie: shopper.cookie } : {}), ...headers },
  });
  return response;
}

/** Trade pages show the retail figure as the price it was, so only retail pages lack the other. */
function expectRetailPage(body: string) {
  expect(body).toContain(retailFigure());
  expect(body).not.toContain(tradeFigure());
}
function expectTradePage(body: string) {
  expect(body).toContain(`Was ${retailFigure()}, now ${tradeFigure()}`);
}

beforeAll(async () => {
  t = await createTestApp({ buildDir: BUILD_DIR });
  const db = t.database.handle.db;
  const [row] = await queryRows<typeof product>(
    db,
    sql`SELECT p.slug, p.category_ids[1] AS "categoryId", p.price_pence AS pence
        FROM products p WHERE p.status = 'publish' AND p.regular_price_pence IS NULL
        AND p.price_pence > 0 ORDER BY p.id LIMIT 1`,
  );
  product = row!;
  await db.execute(
    sql`INSERT INTO price_list_rules (group_id, kind, category_id, percent_off)
        SELECT id, 'category_percent', ${product.categoryId}, 10 FROM customer_groups
        WHERE name = 'Trade'`,
  );
  await t.app.changes.publish('prices');
});

afterAll(async () => {
  await t?.close();
});

describe('pages never carry another price list', () => {
  it('trade first, warm, then retail and a guest; a trade ETag gets no 304 for retail', async () => {
    const trade = await tradeBuyer(t.app, 'pages-tiler1@example.co.uk');
    const cold = await page(trade);
    const warm = await page(trade);
    expect([cold.statusCode, warm.statusCode]).toEqual([200, 200]);
    expect(warm.headers['x-cache']).toBe('hit');
    expectTradePage(warm.body);
    expect(warm.headers['cache-control']).toBe('private, no-cache');

    const retail = await signedIn(t.app, 'pages-home1@example.co.uk');
    const retailPage = await page(retail, { 'if-none-match': String(warm.headers.etag) });
    expect(retailPage.statusCode).toBe(200);
    expectRetailPage(retailPage.body);
    const guestPage = await page(new ApiShopper(t.app));
    expectRetailPage(guestPage.body);
  });

  it('retail and a guest first, then trade', async () => {
    const retail = await signedIn(t.app, 'pages-home2@example.co.uk');
    const guest = await page(new ApiShopper(t.app));
    expectRetailPage(guest.body);
    expectRetailPage((await page(retail)).body);
    const trade = await tradeBuyer(t.app, 'pages-tiler2@example.co.uk');
    const tradePage = await page(trade, { 'if-none-match': String(guest.headers.etag) });
    expect(tradePage.statusCode).toBe(200);
    expectTradePage(tradePage.body);
  });
});
