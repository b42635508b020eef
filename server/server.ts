import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '#db/client.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './first-start.ts';
import { loggerOptions } from './http/logging.ts';
import { isDatabaseUnavailable } from './plugins/errors.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // The pool may report a lost idle connection before the app (and its logger) exists.
  const logged: { app?: FastifyInstance } = {};
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
    onPoolError: (error) =>
      logged.app
        ? logged.app.log.warn({ err: error }, 'idle database connection lost')
        : console.warn('idle database connection lost', error.message),
  });
  const firstStart = await prepareDatabase(database, {
    seedOnEmpty: config.seedOnEmpty,
    env: process.env,
  });
  if (firstStart.seeded) console.warn(`Seeded the demo shop: ${JSON.stringify(firstStart.seeded)}`);
  if (firstStart.ownerCreated) console.warn('Created the first owner from ADMIN_EMAIL');
  const app = await buildApp({
    config,
    database,
    buildDir: resolve(process.env.BUILD_DIR ?? 'build'),
    logger: loggerOptions(config.logLevel),
  });
  logged.app = app;
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `Tessera is serving http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests before exit');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => {
    // A lost database connection surfaces here sometimes; it must not take the process down.
    if (isDatabaseUnavailable(reason)) app.log.warn({ err: reason }, 'database unavailable');
    else app.log.error({ err: reason }, 'unhandled rejection');
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
