import { asc } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { attributes, attributeTerms, categories } from '#db/schema/index.ts';

export interface TermRow {
  id: number;
  attributeId: number;
  slug: string;
  name: string;
  position: number;
}
export interface AttributeRow {
  id: number;
  name: string;
  slug: string;
  position: number;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  position: number;
}

export interface Taxonomy {
  attributes: AttributeRow[];
  categories: CategoryRow[];
  /** id → category */
  categoryById: Map<number, CategoryRow>;
  terms: TermRow[];
  /** `${attributeId}:${slug}` → term */
  bySlug: Map<string, TermRow>;
  /** term id → term */
  termById: Map<number, TermRow>;
  /** term id → its attribute's id */
  attributeOfTerm: Map<number, number>;
  /** category slug → id */
  categoryIds: Map<string, number>;
}

/** How long the catalogue's in-process copies (taxonomy, listing index) live before a reload. */
export const CATALOGUE_CACHE_TTL_MS = 60_000;

/**
 * Attributes, terms and categories change only when the catalogue does, and every listing needs them:
 * they are read once a minute per process, not once per request.
 */
export class TaxonomyCache {
  private value: Promise<Taxonomy> | null = null;
  private loadedAt = 0;

  constructor(private readonly db: Database) {}

  get(): Promise<Taxonomy> {
    if (!this.value || Date.now() - this.loadedAt > CATALOGUE_CACHE_TTL_MS) {
      this.loadedAt = Date.now();
      this.value = this.load().catch((error: unknown) => {
        this.value = null;
        throw error;
      });
    }
    return this.value;
  }

  invalidate(): void {
    this.value = null;
  }

  private async load(): Promise<Taxonomy> {
    const attributeRows = await this.db.select().from(attributes).orderBy(asc(attributes.position));
    const terms = await this.db
      .select()
      .from(attributeTerms)
      .orderBy(
        asc(attributeTerms.attributeId),
        asc(attributeTerms.position),
        asc(attributeTerms.id),
      );
    const categoryRows = await this.db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        position: categories.position,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id));
    return {
      attributes: attributeRows,
      categories: categoryRows,
      categoryById: new Map(categoryRows.map((c) => [c.id, c])),
      terms,
      bySlug: new Map(terms.map((term) => [`${term.attributeId}:${term.slug}`, term])),
      termById: new Map(terms.map((term) => [term.id, term])),
      attributeOfTerm: new Map(terms.map((term) => [term.id, term.attributeId])),
      categoryIds: new Map(categoryRows.map((c) => [c.slug, c.id])),
    };
  }
}
