import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { products } from '#db/schema/index.ts';
import {
  addMember,
  countMembers,
  countShared,
  emptyBitset,
  fullBitset,
  hasMember,
  intersect,
  unite,
  type Bitset,
} from './bitset.ts';
import { lowerBound, type SearchTerm } from './search-terms.ts';
import { fromPriceFor, type Buyer } from '#domain/price-for.ts';

/** A size a card's "From" price considers, at its stored retail prices. */
export interface CardSize {
  id: number;
  pricePence: number;
  regularPricePence: number | null;
}

/** What a listing filters and sorts on, for one published product. */
interface Entry {
  id: number;
  price: number;
  popularity: number;
  created: number;
  newArrival: boolean;
  featured: boolean;
  onSale: boolean;
  tradeOnly: boolean;
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

/** How long a price list's price order is kept before it is worked out again. */
const BUYER_ORDER_TTL_MS = 60_000;

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
  /** false: leave out trade-only products (retail); undefined: any. */
  tradeOnly?: boolean;
  /** Per selected attribute, the chosen term ids: a product needs one of them. */
  selections: Map<number, ReadonlySet<number>>;
  /** Every term must match one of the product's lexemes. */
  search?: readonly SearchTerm[];
  /** Relevance: search matches in the name first, then popularity (popularity alone without search). */
  sort: { by: IndexedSort | 'relevance'; direction: 'asc' | 'desc' };
  /** Whose card prices a price sort follows; retail's when absent or without a price list. */
  buyer?: Buyer;
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

/** The flags a listing can ask for, as the entry names them. */
const FLAGS = ['newArrival', 'featured', 'onSale', 'tradeOnly'] as const;
type Flag = (typeof FLAGS)[number];

/** What a search word found in a name counts, against one found only in the description. */
const NAME_WEIGHT = 1;
const DESCRIPTION_WEIGHT = 0.4;

/** A category (or the whole catalogue) as bitsets over its members' places in it. */
interface Group {
  /** Place in the group → position in the snapshot, ascending. */
  members: Int32Array;
  /** Per indexed sort: the places in ascending order of that sort. */
  orders: Map<IndexedSort, Int32Array>;
  /** Per term bit: the places of the members that have the term (absent when none does). */
  terms: (Bitset | undefined)[];
  /** Per flag: the places of the members that have it. */
  flags: Record<Flag, Bitset>;
}

/**
 * The published catalogue's listing columns, held in memory per category: each category's
 * members pre-sorted by every indexed sort, and as bitsets per term and per flag. A listing
 * intersects bitsets (a category's 11,000 products in 350 words), counts every facet with one
 * intersection per term, and walks its category's order only until the page is full: no sort
 * and no database round trip.
 */
export class ListingSnapshot {
  private readonly ids: Int32Array;
  private readonly bitOfTerm = new Map<number, number>();
  /** By category id, and 'all' for the whole catalogue. */
  private readonly groups = new Map<number | 'all', Group>();
  /** Every lexeme, sorted; per lexeme the positions of the products that have it. */
  private readonly lexemes: string[];
  private readonly postings: Int32Array[] = [];
  /** Per posting: 1 when the lexeme is in that product's name. */
  private readonly inName: Uint8Array[] = [];
  /** The plain-word lexemes, sorted: what search corrects typos towards. */
  readonly vocabulary: readonly string[];
  /**
   * Per price list (its rules, as the buyer service keeps them until a price list changes): per
   * group, its places in the order of that list's card prices, worked out on first use and again
   * after BUYER_ORDER_TTL_MS (a dated rule may have started meanwhile).
   */
  private readonly buyerPriceOrders = new WeakMap<
    readonly unknown[],
    { at: number; orders: Map<number | 'all', Int32Array> }
  >();

  /** The sizes product `id`'s card price is the lowest of (none for an unpublished product). */
  sizesOf(id: number): readonly CardSize[] {
    return this.cardSizes.get(id) ?? [];
  }

  constructor(
    private readonly entries: Entry[],
    lexemes: readonly LexemePosting[] = [],
    /** Per product id, the sizes its card's "From" price is the lowest of. */
    private readonly cardSizes: ReadonlyMap<number, readonly CardSize[]> = new Map(),
  ) {
    for (const entry of entries) {
      for (const termId of entry.termIds) {
        if (this.bitOfTerm.has(termId)) continue;
        this.bitOfTerm.set(termId, this.bitOfTerm.size);
      }
    }
    this.ids = Int32Array.from(entries, (entry) => entry.id);
    const membership = new Map<number | 'all', number[]>([['all', entries.map((_, i) => i)]]);
    entries.forEach((entry, position) => {
      for (const categoryId of entry.categoryIds) {
        const members = membership.get(categoryId) ?? [];
        members.push(position);
        membership.set(categoryId, members);
      }
    });
    for (const [key, positions] of membership) {
      this.groups.set(key, this.groupOf(entries, positions));
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

  private groupOf(entries: Entry[], positions: number[]): Group {
    const size = positions.length;
    const terms: (Bitset | undefined)[] = [];
    const flags = Object.fromEntries(FLAGS.map((flag) => [flag, emptyBitset(size)])) as Record<
      Flag,
      Bitset
    >;
    positions.forEach((position, place) => {
      const entry = entries[position]!;
      for (const termId of entry.termIds) {
        const bit = this.bitOfTerm.get(termId)!;
        addMember((terms[bit] ??= emptyBitset(size)), place);
      }
      for (const flag of FLAGS) if (entry[flag]) addMember(flags[flag], place);
    });
    const orders = new Map<IndexedSort, Int32Array>();
    for (const [by, key] of Object.entries(SORT_KEYS) as [IndexedSort, (e: Entry) => number][]) {
      const places = Int32Array.from(positions, (_, place) => place);
      const entryAt = (place: number) => entries[positions[place]!]!;
      places.sort((a, b) => key(entryAt(a)) - key(entryAt(b)) || entryAt(a).id - entryAt(b).id);
      orders.set(by, places);
    }
    return { members: Int32Array.from(positions), orders, terms, flags };
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

  /** A group's places by the card price `buyer` pays (priceFor), cheapest first, ties by id. */
  private buyerPriceOrder(key: number | 'all', group: Group, buyer: Buyer): Int32Array {
    const now = Date.now();
    let kept = this.buyerPriceOrders.get(buyer.rules);
    if (!kept || now - kept.at > BUYER_ORDER_TTL_MS) {
      kept = { at: now, orders: new Map() };
      this.buyerPriceOrders.set(buyer.rules, kept);
    }
    const known = kept.orders.get(key);
    if (known) return known;
    const at = new Date(now);
    const price = Float64Array.from(group.members, (position) => {
      const entry = this.entries[position]!;
      const sizes = this.sizesOf(entry.id).map((size) => ({
        ...size,
        categoryIds: entry.categoryIds,
      }));
      return fromPriceFor(buyer, sizes, at)?.pricePence ?? entry.price;
    });
    const places = Int32Array.from(group.members, (_, place) => place);
    const idAt = (place: number) => this.entries[group.members[place]!]!.id;
    places.sort((a, b) => price[a]! - price[b]! || idAt(a) - idAt(b));
    kept.orders.set(key, places);
    return places;
  }

  /** The group's members with any of the terms; none when no member has one. */
  private withAnyOf(group: Group, termIds: Iterable<number>): Bitset {
    const bits = emptyBitset(group.members.length);
    for (const termId of termIds) {
      const termBits = group.terms[this.bitOfTerm.get(termId) ?? -1];
      if (termBits) unite(bits, termBits);
    }
    return bits;
  }

  query(q: IndexQuery): IndexAnswer {
    const termCounts = q.facetTerms ? new Map<number, number>() : undefined;
    const group = q.categoryId === null ? undefined : this.groups.get(q.categoryId ?? 'all');
    if (!group) return { total: 0, ids: [], termCounts };
    const { members } = group;
    const sortBy = q.sort.by === 'relevance' ? 'popularity' : q.sort.by;
    let order =
      sortBy === 'price' && q.buyer && q.buyer.rules.length > 0
        ? this.buyerPriceOrder(q.categoryId ?? 'all', group, q.buyer)
        : group.orders.get(sortBy)!;
    let descending = q.sort.by === 'relevance' || q.sort.direction === 'desc';

    // The members every condition but the attribute choices lets through.
    const base = fullBitset(members.length);
    // New arrivals are asked for or not; featured and on sale can also be asked to be absent.
    const wanted: Record<Flag, boolean | undefined> = {
      newArrival: q.newArrivals || undefined,
      featured: q.featured,
      onSale: q.onSale,
      tradeOnly: q.tradeOnly,
    };
    for (const flag of FLAGS) {
      if (wanted[flag] !== undefined) intersect(base, group.flags[flag], !wanted[flag]);
    }
    if (q.search) {
      const { matched, score } = this.match(q.search);
      const found: number[] = [];
      for (let i = 0; i < order.length; i++) {
        const place = order[descending ? order.length - 1 - i : i]!;
        if (matched(members[place]!)) found.push(place);
      }
      // Stable: equal scores keep popularity order.
      if (q.sort.by === 'relevance') {
        found.sort((a, b) => score[members[b]!]! - score[members[a]!]!);
      }
      const searched = emptyBitset(members.length);
      for (const place of found) addMember(searched, place);
      intersect(base, searched);
      order = Int32Array.from(found);
      descending = false;
    }

    // A product matching every choice counts for all facet terms; one missing exactly one
    // attribute's choice counts for that attribute's terms (picking another would include it).
    const chosen = [...q.selections].map(([attributeId, termIds]) => ({
      attributeId,
      bits: this.withAnyOf(group, termIds),
    }));
    const matching = base.slice();
    for (const { bits } of chosen) intersect(matching, bits);
    if (q.facetTerms && termCounts) {
      const missingOnly = new Map(
        chosen.map(({ attributeId }, s) => {
          const bits = base.slice();
          chosen.forEach((other, o) => o !== s && intersect(bits, other.bits));
          return [attributeId, bits] as const;
        }),
      );
      for (const [termId, attributeId] of q.facetTerms) {
        const termBits = group.terms[this.bitOfTerm.get(termId) ?? -1];
        if (!termBits) continue;
        const count = countShared(termBits, missingOnly.get(attributeId) ?? matching);
        if (count > 0) termCounts.set(termId, count);
      }
    }

    const total = countMembers(matching);
    const ids: number[] = [];
    let skipped = 0;
    for (let i = 0; i < order.length && ids.length < q.limit; i++) {
      const place = order[descending ? order.length - 1 - i : i]!;
      if (!hasMember(matching, place)) continue;
      if (skipped < q.offset) skipped += 1;
      else ids.push(this.ids[members[place]!]!);
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
    const [rows, lexemes, sizeRows] = await Promise.all([
      this.db
        .select({
          id: products.id,
          price: products.pricePence,
          popularity: products.popularity,
          created: products.createdAt,
          newArrival: products.isNewArrival,
          featured: products.featured,
          onSale: products.onSale,
          tradeOnly: products.tradeOnly,
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
      // The sizes refreshProductPrices takes the "From" price from: samples only when a
      // product has no other size. Kept here so a buyer's card is priced without a query.
      queryRows<{
        product_id: number;
        id: number;
        price_pence: number;
        regular_price_pence: number | null;
      }>(
        this.db,
        sql`SELECT v.product_id, v.id, v.price_pence, v.regular_price_pence
            FROM variations v JOIN ${products} p ON p.id = v.product_id
            WHERE p.status = 'publish' AND (v.option !~* 'sample' OR NOT EXISTS (
              SELECT 1 FROM variations w WHERE w.product_id = v.product_id AND w.option !~* 'sample'))`,
      ),
    ]);
    const cardSizes = new Map<number, CardSize[]>();
    for (const row of sizeRows) {
      const sizes = cardSizes.get(row.product_id) ?? [];
      sizes.push({
        id: row.id,
        pricePence: row.price_pence,
        regularPricePence: row.regular_price_pence,
      });
      cardSizes.set(row.product_id, sizes);
    }
    return new ListingSnapshot(
      rows.map((row) => ({ ...row, created: row.created.getTime() })),
      lexemes.map((row) => ({ lexeme: row.lexeme, ids: row.ids, nameIds: row.name_ids ?? [] })),
      cardSizes,
    );
  }
}
