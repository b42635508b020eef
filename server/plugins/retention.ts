import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RETENTION_ACTOR, sweepGuestData } from '../services/privacy/retention.ts';

/**
 * Erases guest personal data past its retention period, once shortly after start and then every
 * `everyMs` on every instance; the sweep's advisory lock lets one instance at a time do it.
 */
export const retentionPlugin = fp(
  async (app: FastifyInstance, options: { everyMs: number; days: number }) => {
    if (options.everyMs <= 0) return;
    const sweep = async () => {
      try {
        const counts = await sweepGuestData(app.services.db, options.days, RETENTION_ACTOR);
        if (counts && Object.values(counts).some((n) => n > 0)) {
          app.log.info({ counts }, 'guest personal data past its retention period erased');
        }
      } catch (error) {
        app.log.warn({ err: error }, 'retention sweep failed; the next one retries');
      }
    };
    const first = setTimeout(() => void sweep(), 60_000);
    first.unref();
    const timer = setInterval(() => void sweep(), options.everyMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  },
);
