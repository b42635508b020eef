import { sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { idArray } from '#db/sql-arrays.ts';
import { IMAGE_MESSAGES, uploadedImageUrl, type ProductImagesInput } from '#domain/admin-images.ts';
import { type AdminProductJson } from '#domain/admin-catalogue.ts';
import { badRequest } from '../../http/errors.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimVersion, versionedSave } from '../staff-write.ts';
import { productTarget, readAdminProduct } from './admin-products.ts';

/** A product's images: uploads added, order and alt text saved. */
export class AdminImages {
  constructor(private readonly db: Database) {}

  /** Adds an uploaded image to the end of the product's images. */
  async add(
    productId: number,
    uploadedId: number,
    alt: string,
    who: AuditActor,
  ): Promise<AdminProductJson> {
    return this.db.transaction(async (tx) => {
      // An addition loses nothing: it counts as a save without a check.
      const version = await claimVersion(tx, productTarget(productId), undefined);
      const src = uploadedImageUrl(uploadedId);
      await tx.execute(sql`INSERT INTO product_images (product_id, position, src, alt)
        SELECT ${productId}, coalesce(max(position) + 1, 0), ${src}, ${alt}
        FROM product_images WHERE product_id = ${productId}`);
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      await audit(tx, who, {
        action: 'product.image_add',
        entity: 'product',
        entityId: productId,
        after: { src, alt, version },
      });
      return (await readAdminProduct(tx, productId))!;
    });
  }

  /** The product's images in the order given, with their alt text; those left out go. */
  async save(
    productId: number,
    input: ProductImagesInput,
    who: AuditActor,
  ): Promise<AdminProductJson> {
    const { images } = input;
    const spec = {
      target: productTarget(productId),
      loaded: input.version,
      action: 'product.images',
    };
    return versionedSave(this.db, who, spec, async (tx) => {
      const before = (await readAdminProduct(tx, productId))!;
      const own = new Set(before.images.map((i) => i.id));
      const fields: Record<string, string> = {};
      images.forEach((image, index) => {
        if (!own.has(image.id)) fields[`images.${index}.id`] = IMAGE_MESSAGES.unknownImage;
      });
      const first = Object.values(fields)[0];
      if (first) throw badRequest(first, fields);
      await tx.execute(sql`DELETE FROM product_images WHERE product_id = ${productId}
        AND NOT (id = ANY(${idArray(images.map((i) => i.id))}))`);
      for (const [position, image] of images.entries()) {
        await tx.execute(sql`UPDATE product_images SET alt = ${image.alt}, position = ${position}
          WHERE id = ${image.id}`);
      }
      await tx.execute(sql`UPDATE products SET updated_at = now() WHERE id = ${productId}`);
      const after = (await readAdminProduct(tx, productId))!;
      return { before: { images: before.images }, after: { images: after.images }, result: after };
    });
  }
}
