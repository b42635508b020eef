import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#db/client.ts';
import { refreshListingArraysOf } from '#db/listing-arrays.ts';
import { CATEGORY_DELETE_MESSAGES, type CategoryDeleted } from '#domain/admin-product-lifecycle.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimVersion } from '../staff-write.ts';

interface CategoryRow {
  id: number;
  slug: string;
  name: string;
  section: string;
}

/**
 * Deletes a category, keeping its shoppers and products: its products join `targetId` (those
 * that already belong there stay once), its listing address and any former one answer 301 to the
 * target's listing, and the sitemap no longer lists it. A category that others name as their
 * section is refused until they are moved: deleting it would orphan their breadcrumbs.
 */
export function deleteCategory(
  db: Database,
  id: number,
  targetId: number,
  loaded: number | undefined,
  who: AuditActor,
): Promise<CategoryDeleted> {
  return db.transaction(async (tx) => {
    const target = { table: 'categories', id, entity: 'category', missing: 'Category not found' };
    await claimVersion(tx, target as Parameters<typeof claimVersion>[1], loaded);
    if (targetId === id) {
      throw badRequest(CATEGORY_DELETE_MESSAGES.targetSelf, {
        target: CATEGORY_DELETE_MESSAGES.targetSelf,
      });
    }
    const rows = await queryRows<CategoryRow>(
      tx,
      sql`SELECT id, slug, name, section FROM categories WHERE id IN (${id}, ${targetId})`,
    );
    const gone = rows.find((r) => r.id === id)!;
    const into = rows.find((r) => r.id === targetId);
    if (!into) {
      throw badRequest(CATEGORY_DELETE_MESSAGES.targetUnknown, {
        target: CATEGORY_DELETE_MESSAGES.targetUnknown,
      });
    }
    const children = await queryRows<{ name: string }>(
      tx,
      sql`SELECT name FROM categories WHERE section = ${gone.slug} AND id <> ${id} ORDER BY name`,
    );
    if (children.length > 0) {
      throw new HttpError(
        409,
        'category_has_children',
        CATEGORY_DELETE_MESSAGES.hasChildren(children.map((c) => c.name)),
      );
    }
    const members = await queryRows<{ product_id: number }>(
      tx,
      sql`SELECT product_id FROM product_categories WHERE category_id = ${id}`,
    );
    const productIds = members.map((m) => m.product_id);
    await tx.execute(sql`INSERT INTO product_categories (product_id, category_id)
      SELECT product_id, ${targetId} FROM product_categories WHERE category_id = ${id}
      ON CONFLICT DO NOTHING`);
    // Its former slugs lead to the target now, and so does its own.
    await tx.execute(sql`UPDATE category_slug_redirects SET category_id = ${targetId}
      WHERE category_id = ${id}`);
    await tx.execute(sql`INSERT INTO category_slug_redirects (old_slug, category_id)
      VALUES (${gone.slug}, ${targetId})
      ON CONFLICT (old_slug) DO UPDATE SET category_id = excluded.category_id, created_at = now()`);
    await tx.execute(sql`DELETE FROM categories WHERE id = ${id}`);
    await refreshListingArraysOf(tx, productIds);
    await audit(tx, who, {
      action: 'category.delete',
      entity: 'category',
      entityId: id,
      before: gone,
      after: { redirect_to: into.slug, target_id: into.id, moved_products: productIds.length },
    });
    return {
      id,
      deleted: true as const,
      target: { id: into.id, slug: into.slug, name: into.name },
      moved_products: productIds.length,
    };
  });
}
