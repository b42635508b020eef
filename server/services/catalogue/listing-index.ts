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

const NEW_ARRIVAL = 1;
const FEATURED = 2;
const ON_SALE = 4;

/**
 * The published catalogue's listing columns, held in memory and pre-sorted by every indexed
 * sort, whole and per category. A listing is then one pass over its category in the order
 * asked: the total, every facet count and the page come out of it together, with no sort and
 * no database round trip. Terms are bits of a mask per product, so the pass costs a few
 * integer operations per product of the category, whatever the size of the catalogue.
 */
export class ListingSnapshot {
  private readonly ids: Int32Array;
  private readonly flags: Uint8Array;
  /** `words` 32-bit words of term bits per product. */
  private readonly masks: Uint32Array;
  private readonly words: number;
  private readonly bitOfTerm = new Map<number, number>();
  private readonly termOfBit: number[] = [];
  /** `${category or all}:${sort}` → product positions in ascending order. */
  private readonly sorted = new Map<string, Int32Array>();

  constructor(entries: Entry[]) {
    for (const entry of entries) {
      for (const termId of entry.termIds) {
        if (this.bitOfTerm.has(termId)) continue;
        this.bitOfTerm.set(termId, this.termOfBit.length);
        this.termOfBit.push(termId);
      }
    }
    this.words = Math.max(1, Math.ceil(this.termOfBit.length / 32));
    this.ids = Int32Array.from(entries, (entry) => entry.id);
    this.flags = Uint8Array.from(
      entries,
      (entry) =>
        (entry.newArrival ? NEW_ARRIVAL : 0) |
        (entry.featured ? FEATURED : 0) |
        (entry.onSale ? ON_SALE : 0),
    );
    this.masks = new Uint32Array(entries.length * this.words);
    const groups = new Map<number | 'all', number[]>([['all', entries.map((_, i) => i)]]);
    entries.forEach((entry, position) => {
      this.masks.set(this.maskOf(entry.termIds), position * this.words);
      for (const categoryId of entry.categoryIds) {
        const group = groups.get(categoryId) ?? [];
        group.push(position);
        groups.set(categoryId, group);
      }
    });
    for (const [by, key] of Object.entries(SORT_KEYS)) {
      for (const [group, positions] of groups) {
        const order = [...positions].sort(
          (a, b) => key(entries[a]!) - key(entries[b]!) || entries[a]!.id - entries[b]!.id,
        );
        this.sorted.set(`${group}:${by}`, Int32Array.from(order));
      }
    }
  }

  /** Term ids as bits; terms no product has get none, so they match nothing. */
  private maskOf(termIds: Iterable<number>): Uint32Array {
    const mask = new Uint32Array(this.words);
    for (const termId of termIds) {
      const bit = this.bitOfTerm.get(termId);
      if (bit !== undefined) mask[bit >>> 5]! |= 1 << (bit & 31);
    }
    return mask;
  }

  query(q: IndexQuery): IndexAnswer {
    const termCounts = q.facetTerms ? new Map<number, number>() : undefined;
    if (q.categoryId === null) return { total: 0, ids: [], termCounts };
    const order = this.sorted.get(`${q.categoryId ?? 'all'}:${q.sort.by}`) ?? new Int32Array();
    const { words, masks, flags } = this;
    const selections = [...q.selections].map(([attributeId, chosen]) => ({
      attributeId,
      mask: this.maskOf(chosen),
    }));
    // The bits each facet counts: all facet terms when the product matches every choice, only
    // the missed attribute's when it misses exactly one (picking another of its terms would
    // include the product).
    const facetTerms = q.facetTerms;
    const facetMask = facetTerms ? this.maskOf(facetTerms.keys()) : undefined;
    const attributeMask = new Map<number, Uint32Array>();
    if (facetTerms) {
      for (const { attributeId } of selections) {
        const own = [...facetTerms].filter(([, a]) => a === attributeId).map(([t]) => t);
        attributeMask.set(attributeId, this.maskOf(own));
      }
    }
    const counts = new Int32Array(this.termOfBit.length);
    const wanted =
      (q.newArrivals ? NEW_ARRIVAL : 0) |
      (q.featured !== undefined ? FEATURED : 0) |
      (q.onSale !== undefined ? ON_SALE : 0);
    const expected =
      (q.newArrivals ? NEW_ARRIVAL : 0) | (q.featured ? FEATURED : 0) | (q.onSale ? ON_SALE : 0);
    const ids: number[] = [];
    let total = 0;
    const descending = q.sort.direction === 'desc';
    for (let i = 0; i < order.length; i++) {
      const position = order[descending ? order.length - 1 - i : i]!;
      if ((flags[position]! & wanted) !== expected) continue;
      const base = position * words;
      let misses = 0;
      let missed = 0;
      for (let s = 0; s < selections.length && misses < 2; s++) {
        const mask = selections[s]!.mask;
        let hit = false;
        for (let w = 0; w < words && !hit; w++) hit = (masks[base + w]! & mask[w]!) !== 0;
        if (!hit) {
          misses += 1;
          missed = s;
        }
      }
      if (misses > 1) continue;
      if (facetMask) {
        const counted =
          misses === 0 ? facetMask : attributeMask.get(selections[missed]!.attributeId)!;
        for (let w = 0; w < words; w++) {
          let bits = masks[base + w]! & counted[w]!;
          while (bits !== 0) {
            const low = bits & -bits;
            counts[w * 32 + 31 - Math.clz32(low)]! += 1;
            bits ^= low;
          }
        }
      }
      if (misses === 1) continue;
      if (total >= q.offset && ids.length < q.limit) ids.push(this.ids[position]!);
      total += 1;
    }
    if (termCounts) {
      counts.forEach((count, bit) => {
        if (count > 0) termCounts.set(this.termOfBit[bit]!, count);
      });
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
