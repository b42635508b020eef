import type { FastifyInstance } from 'fastify';

/** /healthz: the process answers. /readyz: it can also reach its database. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await app.database.ping();
      return { status: 'ready', database: app.database.kind };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      reply.header('retry-after', '5');
      return reply.status(503).send({
        code: 'service_unavailable',
        message: 'Database unavailable',
        error: 'Database unavailable',
      });
    }
  });
}
