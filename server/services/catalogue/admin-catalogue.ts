import type { Database } from '#db/client.ts';
import { AdminBulkEdits } from './admin-bulk-edits.ts';
import { AdminImages } from './admin-images.ts';
import { AdminProductList } from './admin-product-list.ts';
import { AdminProducts } from './admin-products.ts';
import { AdminTaxonomyEdits } from './admin-taxonomy.ts';
import { ProductLifecycle } from './product-lifecycle.ts';

/**
 * The catalogue's write side for staff, one module per resource: the product list, the editor
 * (admin-products.ts), the sizes grid (admin-size-grid.ts), bulk edits with an undo, categories
 * and terms, images. Routes write through staffWrite (server/http/staff-write.ts), which
 * announces a 'catalogue' change after each write so every cache drops what it made stale.
 */
export class AdminCatalogue {
  readonly list: AdminProductList;
  readonly products: AdminProducts;
  readonly bulk: AdminBulkEdits;
  readonly taxonomy: AdminTaxonomyEdits;
  readonly images: AdminImages;
  /** Archive, duplicate, delete (product-lifecycle.ts). */
  readonly lifecycle: ProductLifecycle;

  constructor(db: Database) {
    this.list = new AdminProductList(db);
    this.products = new AdminProducts(db);
    this.bulk = new AdminBulkEdits(db);
    this.taxonomy = new AdminTaxonomyEdits(db);
    this.images = new AdminImages(db);
    this.lifecycle = new ProductLifecycle(db);
  }

  invalidate(): void {
    this.list.invalidate();
  }
}
