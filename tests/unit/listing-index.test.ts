import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ListingSnapshot, type IndexQuery } from '#server/services/catalogue/listing-index.ts';

// Three attributes over 70 terms: masks span three 32-bit words.
const ATTRIBUTE_OF = new Map(Array.from({ length: 70 }, (_, t) => [t + 1, (t % 3) + 1]));

const entry = fc.record({
  price: fc.integer({ min: 100, max: 120 }),
  popularity: fc.integer({ min: 0, max: 5 }),
  created: fc.integer({ min: 0, max: 3 }),
  newArrival: fc.boolean(),
  featured: fc.boolean(),
  onSale: fc.boolean(),
  categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
  termIds: fc.uniqueArray(fc.integer({ min: 1, max: 70 }), { maxLength: 8 }),
});

const query = fc.record({
  categoryId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  newArrivals: fc.option(fc.constant(true), { nil: undefined }),
  onSale: fc.option(fc.boolean(), { nil: undefined }),
  selections: fc.array(
    fc.tuple(fc.integer({ min: 1, max: 3 }), fc.uniqueArray(fc.integer({ min: 1, max: 72 }))),
    { maxLength: 3 },
  ),
  by: fc.constantFrom('popularity', 'date', 'price', 'id'),
  direction: fc.constantFrom('asc', 'desc'),
  offset: fc.integer({ min: 0, max: 10 }),
});

type Entry = ConstructorParameters<typeof ListingSnapshot>[0][number];

/** The rules written plainly: what the index must agree with. */
function reference(entries: Entry[], q: IndexQuery) {
  const inBase = entries.filter(
    (e) =>
      (q.categoryId === undefined || e.categoryIds.includes(q.categoryId!)) &&
      (!q.newArrivals || e.newArrival) &&
      (q.onSale === undefined || e.onSale === q.onSale),
  );
  const hits = (e: Entry, attributeId: number) =>
    e.termIds.some((t) => q.selections.get(attributeId)!.has(t));
  const matching = inBase.filter((e) => [...q.selections.keys()].every((a) => hits(e, a)));
  const key = { popularity: 'popularity', date: 'created', price: 'price', id: 'id' } as const;
  const k = key[q.sort.by];
  const sign = q.sort.direction === 'asc' ? 1 : -1;
  matching.sort((a, b) => sign * (a[k] - b[k] || a.id - b.id));
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
      fc.property(fc.array(entry, { maxLength: 60 }), query, (rows, raw) => {
        const entries = rows.map((row, i) => ({ ...row, id: i + 1 }));
        const q: IndexQuery = {
          categoryId: raw.categoryId,
          newArrivals: raw.newArrivals,
          onSale: raw.onSale,
          selections: new Map(raw.selections.map(([a, terms]) => [a, new Set(terms)])),
          sort: { by: raw.by, direction: raw.direction },
          offset: raw.offset,
          limit: 5,
          facetTerms: ATTRIBUTE_OF,
        };
        expect(new ListingSnapshot(entries).query(q)).toEqual(reference(entries, q));
      }),
      { numRuns: 500, seed: 20261122 },
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
