import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Expires unpaid orders whose payment window has passed, every `everyMs`, on every instance
 * (each sweep takes only the rows no other instance holds). Their stock goes back on sale.
 */
export const orderExpiryPlugin = fp(async (app: FastifyInstance, options: { everyMs: number }) => {
  if (options.everyMs <= 0) return;
  const sweep = async () => {
    try {
      const expired = await app.services.orders.expireOverdue();
      if (expired.length > 0) app.log.info({ orders: expired }, 'unpaid orders expired');
    } catch (error) {
      app.log.warn({ err: error }, 'order expiry sweep failed; the next one retries');
    }
  };
  const timer = setInterval(() => void sweep(), options.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
