import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import type { DatabaseHandle } from '#db/client.ts';
import type { Config } from './config.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { changesPlugin } from './plugins/changes.ts';
import { notFound } from './http/errors.ts';
import { API_CSP, securityPlugin } from './plugins/security.ts';
import { healthRoutes } from './plugins/health.ts';
import { orderExpiryPlugin } from './plugins/order-expiry.ts';
import { mailOutboxPlugin } from './plugins/mail-outbox.ts';
import { saleSchedulePlugin } from './plugins/sale-schedule.ts';
import { retentionPlugin } from './plugins/retention.ts';
import { sessionPlugin } from './plugins/session.ts';
import { staffSessionPlugin } from './plugins/staff-session.ts';
import { responseCachePlugin } from './plugins/response-cache.ts';
import { mediaRoutes } from './plugins/media.ts';
import { pages } from './plugins/pages.ts';
import { sitemapRoutes } from './plugins/sitemap.ts';
import { api } from './api/index.ts';
import { benchApi } from './api/bench.ts';
import { wpApi } from './api/wp/index.ts';
import { createServices, type Services } from './services/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    services: Services;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Directory of the storefront build; pages are not served when absent (API tests). */
  buildDir?: string;
  logger?: FastifyServerOptions['logger'];
}

function jsonNotFound(scope: FastifyInstance) {
  scope.all('/*', async (request) => {
    throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
  });
}

/** Composes the shop: plugins, then the APIs, then the pages. Listening is server.ts's job. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestTimeout: 30_000,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
  });
  // A text/plain body is a simple request a foreign page can send without a preflight.
  app.removeContentTypeParser('text/plain');
  app.decorate('database', options.database);
  app.decorate('services', createServices(options.database.db, options.database.contentDb, config));
  app.decorate('config', config);
  // While draining, answers close their connection, so keep-alive clients do not hold the
  // shutdown open once their in-flight request is done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(changesPlugin);
  await app.register(securityPlugin, {
    production: config.env === 'production',
    publicOrigin: config.publicOrigin,
  });
  await app.register(responseCachePlugin, { ttlMs: config.responseCacheTtlMs });
  // After the response cache, so the cache stores and tags uncompressed bodies.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyCookie);
  await app.register(sessionPlugin, { production: config.secureCookies });
  await app.register(staffSessionPlugin, { production: config.secureCookies });
  await app.register(healthRoutes);
  await app.register(orderExpiryPlugin, { everyMs: config.orderExpirySweepMs });
  await app.register(mailOutboxPlugin, { mail: config });
  await app.register(saleSchedulePlugin, { enabled: config.saleScheduleSweep });
  await app.register(retentionPlugin, {
    everyMs: config.retentionSweepMs,
    days: config.guestDataRetentionDays,
  });
  await app.register(mediaRoutes, {
    dataDir: config.dataDir,
    maxCacheBytes: config.mediaCacheBytes,
    renderConcurrency: config.mediaRenderConcurrency,
    renderQueueLength: config.mediaRenderQueue,
    renderMaxWaitMs: config.mediaRenderMaxWaitMs,
  });
  await app.register(
    async (scope) => {
      scope.addHook('onSend', async (_request, reply) => {
        reply.header('content-security-policy', API_CSP);
      });
      await scope.register(api);
      if (config.benchRoutes) await scope.register(benchApi);
      jsonNotFound(scope);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (scope) => {
      await scope.register(wpApi);
      jsonNotFound(scope);
    },
    { prefix: '/wp-json' },
  );
  await app.register(sitemapRoutes, { config });
  if (options.buildDir) await app.register(pages, { buildDir: options.buildDir, config });
  return app;
}
