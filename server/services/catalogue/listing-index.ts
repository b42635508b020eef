import { asc, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { products } from '#db/schema/index.ts';

/** What a listing filters and sorts on, for one published product. */
interface Entry {
  id: number;
  price: number;
  popularity: number;
  created: number;
  newArrival: boolean;
  featured: boolean;
  onSale: boolean;
  categoryIds: readonly number[];
  termIds: readonly number[];
}

export type IndexedSort = 'popularity' | 'date' | 'price' | 'id';

const SORT_KEYS: Record<IndexedSort, (entry: Entry) => number> = {
  popularity: (entry) => entry.popularity,
  date: (entry) => entry.created,
  price: (entry) => entry.price,
  id: (entry) => entry.id,
};

export interface IndexQuery {
  /** undefined: any category; null: a category that does not exist, so nothing. */
  categoryId?: number | null;
  newArrivals?: boolean;
  featured?: boolean;
  onSale?: boolean;
  /** Per selected attribute, the chosen term ids: a product needs one of them. */
  selections: Map<number, ReadonlySet<number>>;
  sort: { by: IndexedSort; direction: 'asc' | 'desc' };
  offset: number;
  limit: number;
  /** term id → attribute id; given when facet counts are wanted. */
  facetTerms?: ReadonlyMap<number, number>;
}

export interface IndexAnswer {
  total: number;
  /** The page's product ids, in order. */
  ids: number[];
  /** term id → products that have it among those matching every other attribute's choice. */
  termCounts?: Map<number, number>;
}

/**
 * The published catalogue's listing columns, held in memory and pre-sorted by every indexed
 * sort, whole and per category. A listing is then one pass over its category in the order
 * asked: the total, every facet count and the page come out of it together, with no sort and
 * no database round trip, at a cost proportional to the category, not the catalogue.
 */
export class ListingSnapshot {
  private readonly sorted = new Map<string, Entry[]>();

  constructor(entries: Entry[]) {
    const groups = new Map<number | 'all', Entry[]>([['all', entries]]);
    for (const entry of entries) {
      for (const categoryId of entry.categoryIds) {
        const group = groups.get(categoryId) ?? [];
        group.push(entry);
        groups.set(categoryId, group);
      }
    }
    for (const [by, key] of Object.entries(SORT_KEYS)) {
      for (const [group, list] of groups) {
        this.sorted.set(
          `${group}:${by}`,
          [...list].sort((a, b) => key(a) - key(b) || a.id - b.id),
        );
      }
    }
  }

  query(q: IndexQuery): IndexAnswer {
    const termCounts = q.facetTerms ? new Map<number, number>() : undefined;
    if (q.categoryId === null) return { total: 0, ids: [], termCounts };
    const list = this.sorted.get(`${q.categoryId ?? 'all'}:${q.sort.by}`) ?? [];
    const selections = [...q.selections];
    const ids: number[] = [];
    let total = 0;
    const descending = q.sort.direction === 'desc';
    for (let i = 0; i < list.length; i++) {
      const entry = list[descending ? list.length - 1 - i : i]!;
      if (q.newArrivals && !entry.newArrival) continue;
      if (q.featured !== undefined && entry.featured !== q.featured) continue;
      if (q.onSale !== undefined && entry.onSale !== q.onSale) continue;
      // The one attribute whose choice the product misses, if exactly one: its facet still
      // counts the product, as picking another term of that attribute would include it.
      let missed: number | undefined;
      let misses = 0;
      for (const [attributeId, chosen] of selections) {
        if (!entry.termIds.some((termId) => chosen.has(termId))) {
          misses += 1;
          missed = attributeId;
          if (misses > 1) break;
        }
      }
      if (misses > 1) continue;
      if (termCounts) {
        for (const termId of entry.termIds) {
          const attributeId = q.facetTerms!.get(termId);
          if (attributeId === undefined || (misses === 1 && attributeId !== missed)) continue;
          termCounts.set(termId, (termCounts.get(termId) ?? 0) + 1);
        }
      }
      if (misses === 1) continue;
      if (total >= q.offset && ids.length < q.limit) ids.push(entry.id);
      total += 1;
    }
    return { total, ids, termCounts };
  }
}

/**
 * The snapshot, loaded on first use and reloaded in the background once `ttlMs` old: listings
 * keep answering from the previous one meanwhile. The catalogue changes only through imports
 * and re-seeding, so a short TTL bounds how long a change takes to show on every instance.
 */
export class ListingIndex {
  private current: { snapshot: Promise<ListingSnapshot>; loadedAt: number } | null = null;
  private reloading = false;

  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
  ) {}

  get(now = Date.now()): Promise<ListingSnapshot> {
    if (!this.current) {
      const snapshot = this.load();
      this.current = { snapshot, loadedAt: now };
      snapshot.catch(() => (this.current = null));
      return snapshot;
    }
    if (now - this.current.loadedAt >= this.ttlMs && !this.reloading) {
      this.reloading = true;
      this.load()
        .then((snapshot) => (this.current = { snapshot: Promise.resolve(snapshot), loadedAt: now }))
        .catch(() => undefined)
        .finally(() => (this.reloading = false));
    }
    return this.current.snapshot;
  }

  invalidate(): void {
    this.current = null;
  }

  private async load(): Promise<ListingSnapshot> {
    const rows = await this.db
      .select({
        id: products.id,
        price: products.pricePence,
        popularity: products.popularity,
        created: products.createdAt,
        newArrival: products.isNewArrival,
        featured: products.featured,
        onSale: products.onSale,
        categoryIds: products.categoryIds,
        termIds: products.termIds,
      })
      .from(products)
      .where(eq(products.status, 'publish'))
      .orderBy(asc(products.id));
    return new ListingSnapshot(rows.map((row) => ({ ...row, created: row.created.getTime() })));
  }
}
