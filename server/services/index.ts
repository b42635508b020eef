import type { Database } from '#db/client.ts';
import { ProductCatalogue } from './catalogue/products.ts';
import { TaxonomyCache } from './catalogue/terms-cache.ts';
import { SearchVocabulary } from './catalogue/search-vocabulary.ts';
import { TaxonomyService } from './catalogue/taxonomy.ts';
import { MenuService } from './catalogue/menu.ts';

export type Services = ReturnType<typeof createServices>;

/** One instance of each service per app, sharing the database and the in-process caches. */
export function createServices(db: Database) {
  const taxonomyCache = new TaxonomyCache(db);
  const vocabulary = new SearchVocabulary(db);
  const menu = new MenuService(db);
  return {
    db,
    products: new ProductCatalogue(db, taxonomyCache, vocabulary),
    taxonomy: new TaxonomyService(db, taxonomyCache),
    menu,
    /** Call after the catalogue changes (seed, import) so caches reload. */
    invalidateCatalogue() {
      taxonomyCache.invalidate();
      vocabulary.invalidate();
      menu.invalidate();
    },
  };
}
