import type { Database } from '#db/client.ts';
import { ProductCatalogue } from './catalogue/products.ts';
import { CATALOGUE_CACHE_TTL_MS, TaxonomyCache } from './catalogue/terms-cache.ts';
import { ListingIndex } from './catalogue/listing-index.ts';
import { TaxonomyService } from './catalogue/taxonomy.ts';
import { MenuService } from './catalogue/menu.ts';

export type Services = ReturnType<typeof createServices>;

/** One instance of each service per app, sharing the database and the in-process caches. */
export function createServices(db: Database, contentDb: Database = db) {
  const taxonomyCache = new TaxonomyCache(db);
  const menu = new MenuService(db);
  const listingIndex = new ListingIndex(db, CATALOGUE_CACHE_TTL_MS);
  const products = new ProductCatalogue(db, taxonomyCache, listingIndex);
  return {
    db,
    /** For pages and posts only (see DatabaseHandle.contentDb). */
    contentDb,
    products,
    taxonomy: new TaxonomyService(db, taxonomyCache),
    menu,
    /** Call after the catalogue changes (seed, import) so caches reload. */
    invalidateCatalogue() {
      taxonomyCache.invalidate();
      menu.invalidate();
      listingIndex.invalidate();
      products.invalidate();
    },
  };
}
