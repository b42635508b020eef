import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { applySaleSchedules, nextSaleBoundary } from '../services/catalogue/sale-schedule.ts';

/** A timer never waits longer than this, so a clock change or a lost wake-up costs at most it. */
export const SALE_SWEEP_MAX_WAIT_MS = 15 * 60_000;

/**
 * Starts and ends scheduled sales on time. At start-up, at each sale's start or end instant and
 * after every catalogue change (a save may set new dates), the stored prices are brought up to
 * date and, when any moved, a catalogue change is announced: every cache of every instance
 * showing the old price is dropped at the boundary, not when its lifetime runs out.
 */
export const saleSchedulePlugin = fp(
  async (app: FastifyInstance, options: { enabled: boolean }) => {
    if (!options.enabled) return;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const sweep = async () => {
      if (closed) return;
      clearTimeout(timer);
      try {
        const now = new Date();
        const moved = await applySaleSchedules(app.database.db, now);
        if (moved.length > 0) {
          app.log.info({ products: moved }, 'scheduled sales started or ended');
          await app.changes.publish('catalogue');
        }
        const next = await nextSaleBoundary(app.database.db, now);
        const wait = next === null ? SALE_SWEEP_MAX_WAIT_MS : next.getTime() - Date.now();
        arm(Math.min(Math.max(wait, 0), SALE_SWEEP_MAX_WAIT_MS));
      } catch (error) {
        app.log.warn({ err: error }, 'sale schedule sweep failed; retrying shortly');
        arm(60_000);
      }
    };
    const arm = (ms: number) => {
      if (closed) return;
      clearTimeout(timer);
      timer = setTimeout(() => void sweep(), ms);
      timer.unref();
    };
    const off = app.changes.on((change) => {
      if (change === 'catalogue') arm(0);
    });
    app.addHook('onReady', sweep);
    app.addHook('onClose', async () => {
      closed = true;
      off();
      clearTimeout(timer);
    });
  },
);
