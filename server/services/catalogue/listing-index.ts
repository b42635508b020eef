import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { products } from '#db/schema/index.ts';
import { lowerBound, type SearchTerm } from './search-terms.ts';

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

/**
 * A full-text lexeme of the published products' names and short descriptions (PostgreSQL's
 * English analysis): the ids of the products that have it, and of those whose name has it.
 */
export interface LexemePosting {
  lexeme: string;
  ids: readonly number[];
  nameIds: readonly number[];
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
  /** Every term must match one of the product's lexemes. */
  search?: readonly SearchTerm[];
  /** Relevance: search matches in the name first, then popularity (popularity alone without search). */
  sort: { by: IndexedSort | 'relevance'; direction: 'asc' | 'desc' };
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

/** What a search word found in a name counts, against one found only in the description. */
const NAME_WEIGHT = 1;
const DESCRIPTION_WEIGHT = 0.4;

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
  /** Every lexeme, sorted; per lexeme the positions of the products that have it. */
  private readonly lexemes: string[];
  private readonly postings: Int32Array[] = [];
  /** Per posting: 1 when the lexeme is in that product's name. */
  private readonly inName: Uint8Array[] = [];
  /** The plain-word lexemes, sorted: what search corrects typos towards. */
  readonly vocabulary: readonly string[];

  constructor(entries: Entry[], lexemes: readonly LexemePosting[] = []) {
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
    const positionOf = new Map(entries.map((entry, position) => [entry.id, position]));
    const sortedPostings = [...lexemes].sort((a, b) => (a.lexeme < b.lexeme ? -1 : 1));
    this.lexemes = sortedPostings.map((posting) => posting.lexeme);
    for (const posting of sortedPostings) {
      const known = Int32Array.from(posting.ids)
        .sort()
        .filter((id) => positionOf.has(id));
      const nameIds = Int32Array.from(posting.nameIds).sort();
      this.postings.push(known.map((id) => positionOf.get(id)!));
      // Both id lists sorted: one walk marks the name matches.
      let n = 0;
      this.inName.push(
        Uint8Array.from(known, (id) => {
          while (n < nameIds.length && nameIds[n]! < id) n++;
          return nameIds[n] === id ? 1 : 0;
        }),
      );
    }
    this.vocabulary = this.lexemes.filter((lexeme) => /^[a-z0-9]+$/.test(lexeme));
  }

  /**
   * Which products match every search term, and how well: each term adds the weight of the
   * best place it was found (name or description).
   */
  private match(terms: readonly SearchTerm[]): {
    matched: (position: number) => boolean;
    score: Float32Array;
  } {
    const count = this.ids.length;
    const termsMatched = new Uint8Array(count);
    const score = new Float32Array(count);
    const best = new Float32Array(count);
    const seenBy = new Uint8Array(count);
    terms.forEach((term, t) => {
      const touched: number[] = [];
      const first = lowerBound(this.lexemes, term.lexeme);
      for (let l = first; l < this.lexemes.length; l++) {
        const lexeme = this.lexemes[l]!;
        if (term.prefix ? !lexeme.startsWith(term.lexeme) : lexeme !== term.lexeme) break;
        const positions = this.postings[l]!;
        const inName = this.inName[l]!;
        for (let j = 0; j < positions.length; j++) {
          const position = positions[j]!;
          // Only products that matched every earlier term can still match them all.
          if (termsMatched[position] !== t) continue;
          const weight = inName[j] ? NAME_WEIGHT : DESCRIPTION_WEIGHT;
          if (seenBy[position] !== t + 1) {
            seenBy[position] = t + 1;
            best[position] = weight;
            touched.push(position);
          } else if (weight > best[position]!) best[position] = weight;
        }
      }
      for (const position of touched) {
        termsMatched[position] = t + 1;
        score[position]! += best[position]!;
      }
    });
    return { matched: (position) => termsMatched[position] === terms.length, score };
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
    const sortBy = q.sort.by === 'relevance' ? 'popularity' : q.sort.by;
    // Always an Int32Array: the pass below stays monomorphic, which keeps it fast.
    let order: Int32Array =
      this.sorted.get(`${q.categoryId ?? 'all'}:${sortBy}`) ?? new Int32Array();
    let descending = q.sort.by === 'relevance' || q.sort.direction === 'desc';
    if (q.search) {
      const { matched, score } = this.match(q.search);
      const found: number[] = [];
      for (let i = 0; i < order.length; i++) {
        const position = order[descending ? order.length - 1 - i : i]!;
        if (matched(position)) found.push(position);
      }
      // Stable: equal scores keep popularity order.
      if (q.sort.by === 'relevance') found.sort((a, b) => score[b]! - score[a]!);
      order = Int32Array.from(found);
      descending = false;
    }
    const { words, masks, flags } = this;
    const selections = [...q.selections];
    // The bits each facet counts: all facet terms when the product matches every choice, only
    // the missed attribute's when it misses exactly one (picking another of its terms would
    // include the product).
    const facetTerms = q.facetTerms;
    const facetMask = facetTerms ? this.maskOf(facetTerms.keys()) : undefined;
    const selectionMasks = selections.map(([, chosen]) => this.maskOf(chosen));
    const missedMasks = selections.map(([attributeId]) =>
      this.maskOf(
        [...(facetTerms ?? [])].filter(([, a]) => a === attributeId).map(([termId]) => termId),
      ),
    );
    const counts = new Int32Array(this.termOfBit.length);
    const wanted =
      (q.newArrivals ? NEW_ARRIVAL : 0) |
      (q.featured !== undefined ? FEATURED : 0) |
      (q.onSale !== undefined ? ON_SALE : 0);
    const expected =
      (q.newArrivals ? NEW_ARRIVAL : 0) | (q.featured ? FEATURED : 0) | (q.onSale ? ON_SALE : 0);
    const ids: number[] = [];
    let total = 0;
    for (let i = 0; i < order.length; i++) {
      const position = order[descending ? order.length - 1 - i : i]!;
      if ((flags[position]! & wanted) !== expected) continue;
      const base = position * words;
      let misses = 0;
      let missed = 0;
      for (let s = 0; s < selectionMasks.length && misses < 2; s++) {
        const mask = selectionMasks[s]!;
        let hit = false;
        for (let w = 0; w < words && !hit; w++) hit = (masks[base + w]! & mask[w]!) !== 0;
        if (!hit) {
          misses += 1;
          missed = s;
        }
      }
      if (misses > 1) continue;
      if (facetMask) {
        const counted = misses === 0 ? facetMask : missedMasks[missed]!;
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
    const [rows, lexemes] = await Promise.all([
      this.db
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
        .orderBy(asc(products.id)),
      // Grouped by lexeme in the database: a few thousand rows of ids, rather than every
      // product's words as strings (hundreds of MB at 100k products).
      queryRows<{ lexeme: string; ids: number[]; name_ids: number[] | null }>(
        this.db,
        // Unordered aggregates let PostgreSQL hash them (ordered ones sorted 1.2M rows on
        // disk at 100k products); the ids are sorted here.
        sql`SELECT u.lexeme, array_agg(p.id) AS ids,
              array_agg(p.id) FILTER (WHERE 'A' = ANY(u.weights)) AS name_ids
            FROM ${products} p CROSS JOIN LATERAL unnest(p.search_vector) u
            WHERE p.status = 'publish'
            GROUP BY u.lexeme`,
      ),
    ]);
    return new ListingSnapshot(
      rows.map((row) => ({ ...row, created: row.created.getTime() })),
      lexemes.map((row) => ({ lexeme: row.lexeme, ids: row.ids, nameIds: row.name_ids ?? [] })),
    );
  }
}
