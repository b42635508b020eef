import type { FastifyInstance } from 'fastify';
import { catalogueApi } from './catalogue.ts';
import { postsApi } from './posts.ts';
import { homeApi } from './home.ts';
import { cartApi } from './cart.ts';
import { samplesApi } from './samples.ts';
import { newsletterApi } from './newsletter.ts';
import { enquiriesApi } from './enquiries.ts';
import { authApi } from './auth.ts';
import { accountApi } from './account.ts';
import { addressesApi } from './addresses.ts';
import { checkoutApi } from './checkout.ts';
import { payApi } from './pay.ts';
import { deliveryApi } from './delivery.ts';
import { ordersApi } from './orders.ts';
import { returnsApi } from './returns.ts';
import { adminApi } from './admin/index.ts';
import { paymentsApi } from './payments.ts';
import { openApiRoute } from './openapi.ts';
import { shopApi } from './shop.ts';
import { quotesApi } from './quotes.ts';

/** Every /api module; each registers its own routes through `route`. */
export async function api(app: FastifyInstance) {
  await app.register(catalogueApi);
  await app.register(postsApi);
  await app.register(homeApi);
  await app.register(shopApi);
  await app.register(cartApi);
  await app.register(samplesApi);
  await app.register(newsletterApi);
  await app.register(enquiriesApi);
  await app.register(authApi);
  await app.register(accountApi);
  await app.register(addressesApi);
  await app.register(checkoutApi);
  await app.register(payApi);
  await app.register(deliveryApi);
  await app.register(ordersApi);
  await app.register(returnsApi);
  await app.register(quotesApi);
  await app.register(adminApi);
  await app.register(paymentsApi);
  await app.register(openApiRoute);
}
