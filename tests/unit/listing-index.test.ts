import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ListingSnapshot, type IndexQuery } from '#server/services/catalogue/listing-index.ts';

// Three attributes over 70 terms: masks span three 32-bit words.
const ATTRIBUTE_OF = new Map(Array.from({ length: 70 }, (_, t) => [t + 1, (t % 3) + 1]));

// Lexemes as PostgreSQL's English analysis makes them: stems, some sharing a beginning.
const LEXEMES = ['marbl', 'marble-effect', 'til', 'tile', 'hone', 'grey', 'greyish'];

const entry = fc
  .record({
    price: fc.integer({ min: 100, max: 120 }),
    popularity: fc.integer({ min: 0, max: 5 }),
    created: fc.integer({ min: 0, max: 3 }),
    newArrival: fc.boolean(),
    featured: fc.boolean(),
    onSale: fc.boolean(),
    tradeOnly: fc.boolean(),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
    termIds: fc.uniqueArray(fc.integer({ min: 1, max: 70 }), { maxLength: 8 }),
    lexemes: fc.uniqueArray(fc.constantFrom(...LEXEMES), { maxLength: 4 }),
    inName: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  })
  .map(({ inName, ...row }) => ({
    ...row,
    nameLexemes: row.lexemes.filter((_, i) => inName[i]),
  }));

const query = fc.record({
  categoryId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  newArrivals: fc.option(fc.constant(true), { nil: undefined }),
  featured: fc.option(fc.boolean(), { nil: undefined }),
  onSale: fc.option(fc.boolean(), { nil: undefined }),
  tradeOnly: fc.option(fc.boolean(), { nil: undefined }),
  selections: fc.array(
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.uniqueArray(fc.integer({ min: 1, max: 72 }))),
    { maxLength: 3 },
  ),
  search: fc.option(
    fc.array(
      fc.record({
        lexeme: fc.constantFrom('mar', 'marbl', 'til', 'tile', 'hone', 'grey', 'zz'),
        prefix: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    { nil: undefined },
  ),
  by: fc.constantFrom('popularity', 'date', 'price', 'id', 'relevance'),
  direction: fc.constantFrom('asc', 'desc'),
  offset: fc.integer({ min: 0, max: 10 }),
});

type Entry = ConstructorParameters<typeof ListingSnapshot>[0][number] & {
  lexemes: readonly string[];
  nameLexemes: readonly string[];
};

/** The products' words as the database groups them: per lexeme, who has it and in the name. */
function snapshotOf(entries: Entry[]): ListingSnapshot {
  const postings = LEXEMES.map((lexeme) => ({
    lexeme,
    ids: entries.filter((e) => e.lexemes.includes(lexeme)).map((e) => e.id),
    nameIds: entries.filter((e) => e.nameLexemes.includes(lexeme)).map((e) => e.id),
  }));
  return new ListingSnapshot(entries, postings);
}

/** Per search term, the best place it is found: 1 in the name, 0.4 in the description. */
function termWeights(e: Entry, search: IndexQuery['search']): number[] {
  return (search ?? []).map((term) =>
    Math.max(
      0,
      ...e.lexemes
        .filter((l) => (term.prefix ? l.startsWith(term.lexeme) : l === term.lexeme))
        .map((l) => (e.nameLexemes.includes(l) ? 1 : 0.4)),
    ),
  );
}

const relevance = (e: Entry, q: IndexQuery) =>
  termWeights(e, q.search).reduce((sum, w) => sum + w, 0);

/** The rules written plainly: what the index must agree with. */
function reference(entries: Entry[], q: IndexQuery) {
  const inBase = entries.filter(
    (e) =>
      (q.categoryId === undefined || e.categoryIds.includes(q.categoryId!)) &&
      (!q.newArrivals || e.newArrival) &&
      (q.featured === undefined || e.featured === q.featured) &&
      (q.onSale === undefined || e.onSale === q.onSale) &&
      (q.tradeOnly === undefined || e.tradeOnly === q.tradeOnly) &&
      termWeights(e, q.search).every((w) => w > 0),
  );
  const hits = (e: Entry, attributeId: number) =>
    e.termIds.some((t) => q.selections.get(attributeId)!.has(t));
  const matching = inBase.filter((e) => [...q.selections.keys()].every((a) => hits(e, a)));
  if (q.sort.by === 'relevance') {
    // Best matches first, then the most popular, then the newest id.
    matching.sort(
      (a, b) =>
        Math.fround(relevance(b, q)) - Math.fround(relevance(a, q)) ||
        b.popularity - a.popularity ||
        b.id - a.id,
    );
  } else {
    const key = { popularity: 'popularity', date: 'created', price: 'price', id: 'id' } as const;
    const k = key[q.sort.by];
    const sign = q.sort.direction === 'asc' ? 1 : -1;
    matching.sort((a, b) => sign * (a[k] - b[k] || a.id - b.id));
  }
  const termCounts = new Map<number, number>();
  for (const e of inBase) {
    for (const t of e.termIds) {
      const attributeId = ATTRIBUTE_OF.get(t)!;
      if ([...q.selections.keys()].every((a) => a === attributeId || hits(e, a))) {
        termCounts.set(t, (termCounts.get(t) ?? 0) + 1);
      }
    }
  }
  return {
    total: matching.length,
    ids: matching.slice(q.offset, q.offset + q.limit).map((e) => e.id),
    termCounts,
  };
}

describe('ListingSnapshot', () => {
  it('agrees with the plain rules on totals, pages and facet counts', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 100 }), query, (rows, raw) => {
        const entries = rows.map((row, i) => ({ ...row, id: i + 1 }));
        const q: IndexQuery = {
          categoryId: raw.categoryId,
          newArrivals: raw.newArrivals,
          featured: raw.featured,
          onSale: raw.onSale,
          tradeOnly: raw.tradeOnly,
          selections: new Map(raw.selections.map(([a, terms]) => [a, new Set(terms)])),
          search: raw.search,
          sort: { by: raw.by, direction: raw.direction },
          offset: raw.offset,
          limit: 5,
          facetTerms: ATTRIBUTE_OF,
        };
        expect(snapshotOf(entries).query(q)).toEqual(reference(entries, q));
      }),
      { numRuns: 500, seed: 20261122 },
    );
  });

  it('ranks search matches found in the name first, then by popularity', () => {
    const search = fc.array(
      fc.record({
        lexeme: fc.constantFrom('mar', 'marbl', 'til', 'grey'),
        prefix: fc.boolean(),
      }),
      { minLength: 1, maxLength: 2 },
    );
    fc.assert(
      fc.property(fc.array(entry, { minLength: 5, maxLength: 40 }), search, (rows, terms) => {
        const entries = rows.map((row, i) => ({ ...row, id: i + 1 }));
        const q: IndexQuery = {
          selections: new Map(),
          search: terms,
          sort: { by: 'relevance', direction: 'desc' },
          offset: 0,
          limit: 40,
        };
        const { total, ids } = reference(entries, q);
        expect(snapshotOf(entries).query(q)).toEqual({ total, ids });
      }),
      { numRuns: 300, seed: 20261122 },
    );
  });

  it('finds nothing in a category that does not exist', () => {
    const snapshot = new ListingSnapshot([]);
    expect(
      snapshot.query({
        categoryId: null,
        selections: new Map(),
        sort: { by: 'id', direction: 'asc' },
        offset: 0,
        limit: 12,
      }),
    ).toEqual({ total: 0, ids: [], termCounts: undefined });
  });
});
