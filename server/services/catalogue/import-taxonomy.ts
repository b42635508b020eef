import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { ATTRIBUTES } from '#domain/catalogue.ts';
import { slugify } from '#domain/slug.ts';

/** The shop's categories and terms, looked up by slug or name while a batch is applied. */
export class ImportTaxonomy {
  private categories = new Map<string, number>();
  private terms = new Map<string, number>();

  static async load(tx: Database): Promise<ImportTaxonomy> {
    const taxonomy = new ImportTaxonomy();
    const [categories, terms] = await Promise.all([
      // A renamed category's old slug still names it, as its old listing link does.
      queryRows<{ id: number; slug: string; name: string }>(
        tx,
        sql`SELECT id, slug, name, true AS current FROM categories
          UNION ALL SELECT r.category_id, r.old_slug, c.name, false FROM category_slug_redirects r
            JOIN categories c ON c.id = r.category_id
          ORDER BY current DESC`,
      ),
      queryRows<{ id: number; attribute_id: number; slug: string; name: string }>(
        tx,
        sql`SELECT id, attribute_id, slug, name FROM attribute_terms`,
      ),
    ]);
    for (const c of categories) {
      taxonomy.categories.set(`name:${c.name.toLowerCase()}`, c.id);
      // A current slug wins over a former one (they come first).
      if (!taxonomy.categories.has(`slug:${c.slug}`)) {
        taxonomy.categories.set(`slug:${c.slug}`, c.id);
      }
    }
    for (const t of terms) {
      taxonomy.terms.set(`${t.attribute_id}:name:${t.name.toLowerCase()}`, t.id);
      taxonomy.terms.set(`${t.attribute_id}:slug:${t.slug}`, t.id);
    }
    return taxonomy;
  }

  /** The category's id; one the shop lacks is added at the end of its section. */
  async category(tx: Database, c: { name: string; slug: string; section: string }) {
    const known =
      this.categories.get(`slug:${c.slug}`) ?? this.categories.get(`name:${c.name.toLowerCase()}`);
    if (known !== undefined) return known;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO categories (name, slug, section, position)
        SELECT ${c.name}, ${c.slug}, ${c.section}, coalesce(max(position) + 1, 0) FROM categories
        RETURNING id`,
    );
    this.categories.set(`slug:${c.slug}`, row!.id);
    this.categories.set(`name:${c.name.toLowerCase()}`, row!.id);
    return row!.id;
  }

  /** The term's id; one the attribute lacks is added after its others. */
  async term(tx: Database, attributeId: number, name: string) {
    const slug = slugify(name);
    const known =
      this.terms.get(`${attributeId}:slug:${slug}`) ??
      this.terms.get(`${attributeId}:name:${name.toLowerCase()}`);
    if (known !== undefined) return known;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO attribute_terms (attribute_id, name, slug, position)
        SELECT ${attributeId}, ${name}, ${slug}, coalesce(max(position) + 1, 0)
        FROM attribute_terms WHERE attribute_id = ${attributeId}
        RETURNING id`,
    );
    this.terms.set(`${attributeId}:slug:${slug}`, row!.id);
    this.terms.set(`${attributeId}:name:${name.toLowerCase()}`, row!.id);
    return row!.id;
  }
}

/**
 * The four attributes are fixed (spec ids): an empty database gets them first, within the
 * batch's transaction so that a dry run on an empty shop checks its terms and writes nothing.
 */
export async function ensureAttributes(tx: Database): Promise<void> {
  const values = sql.join(
    ATTRIBUTES.map((a, i) => sql`(${a.id}, ${a.name}, ${a.slug}, ${i})`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO attributes (id, name, slug, position) VALUES ${values}
    ON CONFLICT (id) DO NOTHING`);
}
