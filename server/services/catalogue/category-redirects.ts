import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';

/**
 * A category takes `slug` (created or renamed) and, when renamed, leaves a redirect from its old
 * slug (replacing one that led elsewhere); the slug it takes stops redirecting anywhere.
 */
export async function recordCategorySlug(
  tx: Database,
  categoryId: number,
  slug: string,
  oldSlug: string | null,
): Promise<void> {
  await tx.execute(sql`DELETE FROM category_slug_redirects WHERE old_slug = ${slug}`);
  if (oldSlug === null || oldSlug === slug) return;
  await tx.execute(sql`INSERT INTO category_slug_redirects (old_slug, category_id)
    VALUES (${oldSlug}, ${categoryId})
    ON CONFLICT (old_slug) DO UPDATE SET category_id = excluded.category_id, created_at = now()`);
}

/** The current slug of the category that had `oldSlug` before, or null. */
export async function categoryRenamedTo(db: Database, oldSlug: string): Promise<string | null> {
  const [row] = await queryRows<{ slug: string }>(
    db,
    sql`SELECT c.slug FROM category_slug_redirects r JOIN categories c ON c.id = r.category_id
      WHERE r.old_slug = ${oldSlug}`,
  );
  return row?.slug ?? null;
}
