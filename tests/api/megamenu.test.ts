import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuLink } from '#domain/menu.ts';
import { resolveListing, type ListingQuery } from '#domain/listing.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface Node {
  title: string;
  children: Node[];
}

const PARAM: Record<string, string> = {
  pa_colour: 'stone_colour',
  'pa_room-type-usage': 'usage_area',
  pa_finish: 'stone_finish',
};

function apiUrlFor(listing: ListingQuery): string {
  switch (listing.kind) {
    case 'category':
      return `/api/products/by-category?category=${listing.category}`;
    case 'attribute':
      return `/api/filtered-products?${PARAM[listing.attribute]}=${listing.term}`;
    case 'new-arrivals':
      return '/api/products/new-arrivals';
    case 'clearance':
      return '/api/products/by-category?category=stock-clearance';
    case 'all':
      return '/api/products';
  }
}

describe('GET /api/megamenu', () => {
  it('answers the menu tree of title and children', async () => {
    const response = await t.app.inject('/api/megamenu');
    expect(response.statusCode).toBe(200);
    const tree: Node[] = response.json().data;
    expect(tree.map((n) => n.title)).toEqual([
      'Stone Collection',
      'Custom Stonework',
      'Design & Pattern Collection',
      'Stone Project',
    ]);
    expect(tree[0]!.children.map((g) => g.title)).toContain('Stone Colours');
  });

  it('every linked item leads to a listing that has products', async () => {
    const tree: Node[] = (await t.app.inject('/api/megamenu')).json().data;
    const links = tree.flatMap((top) =>
      top.children.flatMap((group) =>
        group.children.map((item) => ({
          item: item.title,
          href: menuLink(group.title, item.title),
        })),
      ),
    );
    const linked = links.filter((l) => l.href !== null);
    expect(linked.length).toBeGreaterThan(40);
    expect(links.some((l) => l.href === null)).toBe(true);
    for (const { item, href } of linked) {
      const listing = resolveListing(href!);
      expect(listing, `${item} → ${href}`).not.toBeNull();
      const body = (await t.app.inject(apiUrlFor(listing!))).json();
      expect(body.meta.total_products, `${item} → ${href}`).toBeGreaterThan(0);
    }
  });
});
