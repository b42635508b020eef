/**
 * The category listing API as a trade buyer (signed in, in a group with a category percentage
 * rule and a few set size prices) against a guest, in one run on the same demo shop.
 *
 *   npm run bench:trade-listing     # BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default
 *
 * Target: the trade buyer's throughput at least half the guest's. Then the same listings sorted
 * by price, where a trade buyer's order follows their own prices (no target: a figure to watch).
 */
import pg from 'pg';
import { Shopper } from '#tests/system/shopper.ts';
import { load, table } from './lib/load.ts';
import { tradePriceList } from './lib/trade.ts';
import { ensureBuild, serverIdle, startDemoShop } from './lib/server.ts';

const TARGET_RATIO = 0.5;

/** Signs a new customer in and puts them in the seeded Trade group with its price list. */
async function tradeBuyer(url: string, db: pg.Client): Promise<string> {
  const shopper = new Shopper(url);
  const email = `bench-trade-${Date.now()}@example.com`;
  await shopper.json('POST', '/api/auth/register', { email, password: 'granite-setts-9' });
  await db.query(
    `UPDATE customers SET group_id = (SELECT id FROM customer_groups WHERE name = 'Trade')
     WHERE email = $1`,
    [email],
  );
  await tradePriceList(db);
  return shopper.cookie;
}

async function main() {
  ensureBuild();
  const demo = await startDemoShop('tessera_bench_trade_listing', { BENCH_ROUTES: 'true' });
  try {
    const url = demo.server.url;
    const db = new pg.Client({ connectionString: demo.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ slug: string }>('SELECT slug FROM categories');
    await db.end();
    const paths = rows.map((r) => `/api/products/by-category?category=${r.slug}&per_page=12`);
    const dbTrade = new pg.Client({ connectionString: demo.databaseUrl });
    await dbTrade.connect();
    const cookie = await tradeBuyer(url, dbTrade);
    await dbTrade.end();

    await load({ name: 'warm-up', url, paths, seconds: 2 });
    await load({ name: 'warm-up', url, paths, seconds: 2, headers: { cookie } });
    await serverIdle(demo.server.pid);
    const retail = await load({ name: 'listing as a guest (retail)', url, paths });
    await serverIdle(demo.server.pid);
    const trade = await load({
      name: 'listing as a trade buyer',
      url,
      paths,
      headers: { cookie },
      target: `>= ${TARGET_RATIO} x retail`,
    });
    console.log(table([retail, trade], { 'x retail': retail.rps }));
    const ratio = trade.rps / retail.rps;
    console.log(
      `retail ${retail.rps.toFixed(0)} req/s, trade ${trade.rps.toFixed(0)} req/s, ` +
        `ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'missed'})`,
    );
    const byPrice = paths.map((path) => `${path}&orderby=price&order=asc`);
    await serverIdle(demo.server.pid);
    const retailByPrice = await load({ name: 'by price, guest', url, paths: byPrice });
    await serverIdle(demo.server.pid);
    const tradeByPrice = await load({
      name: 'by price, trade buyer',
      url,
      paths: byPrice,
      headers: { cookie },
    });
    console.log(table([retailByPrice, tradeByPrice], { 'x retail': retailByPrice.rps }));
  } finally {
    await demo.close();
  }
}

await main();
