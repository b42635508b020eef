import type { FastifyInstance } from 'fastify';
import { adminAuthApi } from './auth.ts';
import { adminCatalogueApi } from './catalogue.ts';
import { adminCatalogueTasksApi } from './catalogue-tasks.ts';
import { adminCacheApi } from './cache.ts';
import { adminContentApi } from './content.ts';
import { adminContentMediaApi } from './content-media.ts';
import { adminCustomersApi } from './customers.ts';
import { adminDiscountCodesApi } from './discount-codes.ts';
import { adminImportsApi } from './imports.ts';
import { adminOrderDocumentsApi } from './order-documents.ts';
import { adminOrdersApi } from './orders.ts';
import { adminProductFactsApi } from './product-facts.ts';
import { adminOrderTasksApi } from './order-tasks.ts';
import { adminOrderMailsApi } from './order-mails.ts';
import { adminQuotesApi } from './quotes.ts';
import { adminReportsApi } from './reports.ts';
import { adminReturnsApi } from './returns.ts';
import { adminSettingsApi } from './settings.ts';
import { adminDeliverySettingsApi } from './settings-delivery.ts';
import { adminStaffApi } from './staff.ts';

/** The back office's API: every route checks the staff member's role on the server. */
export async function adminApi(app: FastifyInstance) {
  await app.register(adminAuthApi);
  await app.register(adminStaffApi);
  await app.register(adminOrdersApi);
  await app.register(adminOrderTasksApi);
  await app.register(adminQuotesApi);
  await app.register(adminOrderDocumentsApi);
  await app.register(adminOrderMailsApi);
  await app.register(adminReturnsApi);
  await app.register(adminCatalogueApi);
  await app.register(adminProductFactsApi);
  await app.register(adminCatalogueTasksApi);
  await app.register(adminContentApi);
  await app.register(adminContentMediaApi);
  await app.register(adminCustomersApi);
  await app.register(adminDiscountCodesApi);
  await app.register(adminCacheApi);
  await app.register(adminImportsApi);
  await app.register(adminReportsApi);
  await app.register(adminSettingsApi);
  await app.register(adminDeliverySettingsApi);
}
