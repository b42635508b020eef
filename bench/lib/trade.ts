// Trade buyers for benchmarks: the seeded Trade group given a price list, and signed-in trade
// customers made straight in the database (registering through the API is throttled per address
// and hashes a password each time, which would be measured instead of what the bench is about).
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { Shopper } from '#tests/system/shopper.ts';

/** Gives the Trade group 12.5 % off three categories and a set price on five sizes. */
export async function tradePriceList(db: pg.Client): Promise<void> {
  await db.query(`
    INSERT INTO price_list_rules (group_id, kind, category_id, percent_off)
    SELECT g.id, 'category_percent', c.id, 12.5
    FROM customer_groups g, (SELECT id FROM categories ORDER BY id LIMIT 3) c
    WHERE g.name = 'Trade'`);
  await db.query(`
    INSERT INTO price_list_rules (group_id, kind, variation_id, price_pence)
    SELECT g.id, 'size_price', v.id, greatest(100, v.price_pence - 500)
    FROM customer_groups g, (SELECT id, price_pence FROM variations ORDER BY id LIMIT 5) v
    WHERE g.name = 'Trade'`);
}

/** The session cookie's name, as the server sets it for a visitor's first basket line. */
async function sessionCookieName(url: string, size: SizeToBuy): Promise<string> {
  const guest = new Shopper(url);
  await guest.json('POST', '/api/cart/add', { ...size, quantity: 1 });
  const name = guest.cookie.split('=')[0];
  if (!name) throw new Error('The server set no session cookie for a basket');
  return name;
}

export interface SizeToBuy {
  product_id: number;
  variation_id: number;
}

/** `count` trade customers in the Trade group, each signed in with a session of their own. */
export async function tradeShoppers(
  url: string,
  db: pg.Client,
  count: number,
  size: SizeToBuy,
): Promise<Shopper[]> {
  const cookieName = await sessionCookieName(url, size);
  const stamp = Date.now();
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-trade-${stamp}-${i}@example.com`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO customers (email, password_hash, username, email_verified_at, group_id)
       VALUES ($1, 'not-a-hash: signs in by session only', $1, now(),
         (SELECT id FROM customer_groups WHERE name = 'Trade'))
       RETURNING id`,
      [email],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO sessions (token_hash, customer_id, expires_at)
       VALUES ($1, $2, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), rows[0]!.id],
    );
    const shopper = new Shopper(url);
    shopper.cookie = `${cookieName}=${token}`;
    shoppers.push(shopper);
  }
  return shoppers;
}
