import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../client.ts';

/** What a database holds that seeding would replace, and what says a real shop runs on it. */
export interface ShopState {
  products: number;
  sizes: number;
  categories: number;
  menuEntries: number;
  pages: number;
  posts: number;
  orders: number;
  /** Audit rows of staff changing the shop (sign-ins and cache refreshes are not changes). */
  staffChanges: number;
}

export async function readShopState(db: Database): Promise<ShopState> {
  const [row] = await queryRows<ShopState>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM products) AS "products",
      (SELECT count(*)::int FROM variations) AS "sizes",
      (SELECT count(*)::int FROM categories) AS "categories",
      (SELECT count(*)::int FROM menu_nodes) AS "menuEntries",
      (SELECT count(*)::int FROM pages) AS "pages",
      (SELECT count(*)::int FROM posts) AS "posts",
      (SELECT count(*)::int FROM orders) AS "orders",
      (SELECT count(*)::int FROM audit_log
        WHERE action NOT LIKE 'staff.%' AND action <> 'cache.refresh') AS "staffChanges"`,
  );
  return row!;
}

/** "264 products (1,180 sizes), 31 categories, …": what a re-seed throws away. */
export function describeReplaced(state: ShopState): string {
  const n = (count: number) => count.toLocaleString('en-GB');
  return (
    `${n(state.products)} products (${n(state.sizes)} sizes), ${n(state.categories)} categories, ` +
    `${n(state.menuEntries)} menu entries, ${n(state.pages)} pages and ${n(state.posts)} posts`
  );
}

/** Why a shop must not be re-seeded without --force, or null when nothing of a shop's own is lost. */
export function seedRefusal(state: ShopState): string | null {
  const reasons = [
    state.orders > 0 ? `${state.orders} order${state.orders === 1 ? '' : 's'}` : null,
    state.staffChanges > 0
      ? `${state.staffChanges} staff change${state.staffChanges === 1 ? '' : 's'}`
      : null,
  ].filter(Boolean);
  return reasons.length ? `This shop has ${reasons.join(' and ')}.` : null;
}
