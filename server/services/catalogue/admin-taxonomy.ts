import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { TAXONOMY_MESSAGES, type CategoryEdit, type TermEdit } from '#domain/admin-taxonomy.ts';
import { type AdminTaxonomy } from '#domain/admin-catalogue.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimVersion, type VersionTarget } from '../staff-write.ts';
import { recordCategorySlug } from './category-redirects.ts';

/** Categories and attribute terms for staff. */
export class AdminTaxonomyEdits {
  constructor(private readonly db: Database) {}

  /** Categories and the four attributes' terms, for the editor's pickers. */
  async taxonomy() {
    const [categories, terms] = await Promise.all([
      queryRows<AdminTaxonomy['categories'][number]>(
        this.db,
        sql`SELECT id, name, slug, section, position, version FROM categories
          ORDER BY section, position, name`,
      ),
      queryRows<AdminTaxonomy['terms'][number]>(
        this.db,
        sql`SELECT t.id, t.attribute_id, a.name AS attribute, t.name, t.slug, t.position, t.version
          FROM attribute_terms t JOIN attributes a ON a.id = t.attribute_id
          ORDER BY a.position, t.position, t.name`,
      ),
    ]);
    return { categories, terms };
  }

  /** Creates (id undefined) or changes a category; a slug in use answers the field's message. */
  async saveCategory(id: number | undefined, input: CategoryEdit, who: AuditActor) {
    return this.db.transaction(async (tx) => {
      const taken = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM categories WHERE slug = ${input.slug} AND id <> ${id ?? 0}`,
      );
      if (taken.length > 0) {
        throw badRequest(TAXONOMY_MESSAGES.slugTaken, { slug: TAXONOMY_MESSAGES.slugTaken });
      }
      if (id !== undefined) {
        const target = {
          table: 'categories',
          id,
          entity: 'category',
          missing: 'Category not found',
        };
        await claimVersion(tx, target as VersionTarget, input.version);
      }
      const [before] =
        id === undefined
          ? [undefined]
          : await queryRows<Record<string, unknown>>(
              tx,
              sql`SELECT * FROM categories WHERE id = ${id}`,
            );
      const [row] = await queryRows<{
        id: number;
        name: string;
        slug: string;
        section: string;
        position: number;
        version: number;
      }>(
        tx,
        id === undefined
          ? sql`INSERT INTO categories (name, slug, section, position)
              VALUES (${input.name}, ${input.slug}, ${input.section}, ${input.position})
              RETURNING id, name, slug, section, position, version`
          : sql`UPDATE categories SET name = ${input.name}, slug = ${input.slug},
                section = ${input.section}, position = ${input.position}
              WHERE id = ${id} RETURNING id, name, slug, section, position, version`,
      );
      // A renamed category's old listing link redirects to the new one, as products' do.
      await recordCategorySlug(tx, row!.id, row!.slug, before ? String(before.slug) : null);
      await audit(tx, who, {
        action: id === undefined ? 'category.create' : 'category.save',
        entity: 'category',
        entityId: row!.id,
        before: before ?? null,
        after: row,
      });
      return row!;
    });
  }

  /** Creates a term of an attribute (attributeId) or changes one (termId). */
  async saveTerm(
    target: { attributeId: number } | { termId: number },
    input: TermEdit,
    who: AuditActor,
  ) {
    return this.db.transaction(async (tx) => {
      let attributeId: number;
      let before: Record<string, unknown> | undefined;
      if ('termId' in target) {
        const versioned = {
          table: 'attribute_terms',
          id: target.termId,
          entity: 'attribute_term',
          missing: 'Term not found',
        };
        await claimVersion(tx, versioned as VersionTarget, input.version);
        [before] = await queryRows<Record<string, unknown>>(
          tx,
          sql`SELECT * FROM attribute_terms WHERE id = ${target.termId}`,
        );
        attributeId = Number(before!.attribute_id);
      } else {
        const found = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id FROM attributes WHERE id = ${target.attributeId}`,
        );
        if (found.length === 0) throw notFound('Attribute not found');
        attributeId = target.attributeId;
      }
      const taken = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM attribute_terms WHERE attribute_id = ${attributeId}
          AND slug = ${input.slug} AND id <> ${'termId' in target ? target.termId : 0}`,
      );
      if (taken.length > 0) {
        throw badRequest(TAXONOMY_MESSAGES.slugTaken, { slug: TAXONOMY_MESSAGES.slugTaken });
      }
      const [row] = await queryRows<{
        id: number;
        attribute_id: number;
        name: string;
        slug: string;
        position: number;
        version: number;
      }>(
        tx,
        'termId' in target
          ? sql`UPDATE attribute_terms SET name = ${input.name}, slug = ${input.slug},
                position = ${input.position}
              WHERE id = ${target.termId} RETURNING id, attribute_id, name, slug, position, version`
          : sql`INSERT INTO attribute_terms (attribute_id, name, slug, position)
              VALUES (${attributeId}, ${input.name}, ${input.slug}, ${input.position})
              RETURNING id, attribute_id, name, slug, position, version`,
      );
      await audit(tx, who, {
        action: before ? 'term.save' : 'term.create',
        entity: 'attribute_term',
        entityId: row!.id,
        before: before ?? null,
        after: row,
      });
      return row!;
    });
  }
}
