import type { Database } from '#db/client.ts';
import { ProductCatalogue } from './catalogue/products.ts';
import { CATALOGUE_CACHE_TTL_MS, TaxonomyCache } from './catalogue/terms-cache.ts';
import { AdminCatalogue } from './catalogue/admin-catalogue.ts';
import { ListingIndex } from './catalogue/listing-index.ts';
import { TaxonomyService } from './catalogue/taxonomy.ts';
import { MenuService } from './catalogue/menu.ts';
import { OrderService } from './orders/orders.ts';
import { CheckoutService } from './orders/checkout.ts';
import { DEFAULT_HOLDING_LIMITS } from '#domain/rate-limits.ts';
import type { Config } from '../config.ts';
import { DEFAULT_ORDER_LIMITS } from '#domain/limits.ts';
import { SHOP_EMAIL } from '#domain/company.ts';
import { Throttle } from './throttle.ts';
import { readHoldingLimits } from './settings/limits-section.ts';
import { ShopDetailsCache } from './settings/shop-details.ts';
import { VatRatesCache } from './orders/vat-now.ts';
import { BuyerService } from './buyers/buyers.ts';
import { PaymentRegistry } from './payments/registry.ts';

/** What the selling services need of the configuration. */
export type SellingOptions = Pick<
  Config,
  | 'orderPaymentDays'
  | 'stripe'
  | 'smtpUrl'
  | 'mailFrom'
  | 'dataDir'
  | 'publicOrigin'
  | 'orderLimits'
  | 'shopOrdersEmail'
> &
  Partial<Pick<Config, 'holdingLimits'>>;

export type Services = ReturnType<typeof createServices>;

/** One instance of each service per app, sharing the database and the in-process caches. */
export function createServices(db: Database, contentDb: Database = db, selling?: SellingOptions) {
  const taxonomyCache = new TaxonomyCache(db);
  const menu = new MenuService(db);
  const listingIndex = new ListingIndex(db, CATALOGUE_CACHE_TTL_MS);
  const products = new ProductCatalogue(db, taxonomyCache, listingIndex);
  const adminCatalogue = new AdminCatalogue(db);
  const payments = new PaymentRegistry({ db, config: { stripe: selling?.stripe } });
  const paymentDays = selling?.orderPaymentDays ?? 7;
  const shop = new ShopDetailsCache(db, { paymentDays });
  const vat = new VatRatesCache(db);
  const buyers = new BuyerService(db);
  return {
    db,
    /** For pages and posts only (see DatabaseHandle.contentDb). */
    contentDb,
    products,
    /** The catalogue's write side for staff. */
    adminCatalogue,
    taxonomy: new TaxonomyService(db, taxonomyCache),
    menu,
    /** Rate limits and throttles, counted in the database every instance shares. */
    throttle: new Throttle(db),
    /** Days an unpaid order waits for its payment until the owner saves some (ORDER_PAYMENT_DAYS). */
    paymentDays,
    /** The shop's identity and bank details, kept until the owner saves (a `settings` change). */
    shop,
    /** The VAT rates, kept until the owner saves (a `settings` change). */
    vat,
    /** Who is buying: retail, or a customer group with its price list (a `prices` change). */
    buyers,
    /** The ways of paying, as configured (payments/registry.ts). */
    payments,
    orders: new OrderService(db, { paymentDays, publicOrigin: selling?.publicOrigin, shop }),
    checkout: new CheckoutService(db, {
      shop,
      payments,
      limits: selling?.orderLimits ?? DEFAULT_ORDER_LIMITS,
      // The owner's caps, read per order: a save reaches every instance at once.
      holding: () => readHoldingLimits(db, selling?.holdingLimits ?? DEFAULT_HOLDING_LIMITS),
      shopOrdersEmail: selling?.shopOrdersEmail ?? SHOP_EMAIL,
      vat,
      buyers,
    }),
    /** Call after the catalogue changes (seed, import) so caches reload. */
    invalidateCatalogue() {
      taxonomyCache.invalidate();
      menu.invalidate();
      listingIndex.invalidate();
      products.invalidate();
      adminCatalogue.invalidate();
    },
  };
}
