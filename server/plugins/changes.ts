import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Listener } from '#db/client.ts';

/** What changed: each kind clears the caches that show it. */
/** 'prices': a customer group, its price list, or a customer's group (the price caches drop). */
/** 'sessions': shoppers' sessions ended (sign-out, password change): kept sessions drop. */
export const SHOP_CHANGES = [
  'catalogue',
  'content',
  'menu',
  'home',
  'settings',
  'prices',
  'sessions',
] as const;
export type ShopChange = (typeof SHOP_CHANGES)[number];

type ChangeListener = (change: ShopChange) => void;

/**
 * The PostgreSQL channel every instance listens on. The payload is the change's kind, followed by
 * `@` and the announcing instance's id when an instance sent it: an instance has already
 * delivered its own changes, so it skips their echo, and still hears a bare kind sent by hand.
 */
export const CHANGES_CHANNEL = 'tessera_changes';

/** What a payload says: the kind, and the instance that sent it (null: sent by hand). */
export function readChangePayload(
  payload: string,
): { change: ShopChange; from: string | null } | null {
  const at = payload.indexOf('@');
  const kind = at === -1 ? payload : payload.slice(0, at);
  return isShopChange(kind)
    ? { change: kind, from: at === -1 ? null : payload.slice(at + 1) }
    : null;
}

/**
 * While the LISTEN connection is down, every cache is cleared this often, so a shopper never
 * sees a change later than this (plus the database's own time) even without notifications.
 */
export const FALLBACK_CLEAR_MS = 2_000;

const isShopChange = (value: string): value is ShopChange =>
  (SHOP_CHANGES as readonly string[]).includes(value);

/**
 * Tells every cache of the shop that something staff saved has changed. A back-office write
 * calls `publish` after its transaction commits: this instance's listeners (the services'
 * caches, the response cache, the page cache) drop what the change makes stale at once, and on
 * PostgreSQL a `NOTIFY tessera_changes, '<kind>'` reaches every other instance sharing the
 * database, which delivers it to its own listeners.
 */
export class ShopChanges {
  private readonly listeners = new Set<ChangeListener>();
  /** Sends a change to the other instances (PostgreSQL); absent on PGlite (one process). */
  broadcast: ((change: ShopChange) => Promise<void>) | null = null;

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a committed change, here and on every instance. */
  async publish(change: ShopChange): Promise<void> {
    this.deliver(change);
    await this.broadcast?.(change);
  }

  /** Runs this instance's listeners for a change (its own, or one another instance announced). */
  deliver(change: ShopChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Clears everything: after a manual database change, or when notifications may be lost. */
  deliverAll(): void {
    for (const change of SHOP_CHANGES) this.deliver(change);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ShopChanges;
  }
}

/**
 * On PostgreSQL every instance LISTENs on a dedicated connection; a lost connection is made
 * again (after a database restart, say), everything is cleared once it is back (notifications
 * sent meanwhile are lost), and until then caches are cleared every FALLBACK_CLEAR_MS.
 */
export const changesPlugin = fp(async (app: FastifyInstance) => {
  const changes = new ShopChanges();
  app.decorate('changes', changes);
  changes.on((change) => {
    if (change === 'catalogue' || change === 'menu') app.services.invalidateCatalogue();
    // A page renamed or unpublished moves or drops the menu entries pointed at it.
    if (change === 'content') app.services.menu.invalidate();
    if (change === 'prices') app.services.buyers.invalidate();
    if (change === 'settings') {
      app.services.checkout.invalidateRules();
      app.services.vat.invalidate();
      app.services.shop.invalidate();
    }
  });

  const { database } = app;
  if (!database.listen || !database.notify) return;
  const notify = database.notify;
  const instance = randomUUID();
  changes.broadcast = async (change) => {
    try {
      await notify(CHANGES_CHANNEL, `${change}@${instance}`);
    } catch (error) {
      // The change is saved; the other instances' fallback timer clears their caches.
      app.log.warn({ err: error, change }, 'could not announce a change to other instances');
    }
  };

  let fallback: NodeJS.Timeout | null = null;
  const startFallback = () => {
    if (fallback) return;
    fallback = setInterval(() => changes.deliverAll(), FALLBACK_CLEAR_MS);
    fallback.unref();
  };
  const stopFallback = () => {
    if (fallback) clearInterval(fallback);
    fallback = null;
  };
  let everUp = false;
  let listening = false;
  // Until the first LISTEN answers, changes may be missed: the timer bounds staleness.
  startFallback();
  const listener: Listener = database.listen(CHANGES_CHANNEL, {
    onMessage: (payload) => {
      const heard = readChangePayload(payload);
      if (heard && heard.from !== instance) changes.deliver(heard.change);
    },
    onUp: () => {
      listening = true;
      stopFallback();
      if (everUp) {
        changes.deliverAll();
        app.log.info('listening for changes again');
      }
      everUp = true;
    },
    onDown: (error) => {
      startFallback();
      changes.deliverAll();
      if (listening) {
        app.log.warn({ err: error }, 'change notifications lost; clearing caches on a timer');
      }
      listening = false;
    },
  });
  app.decorate('changesListener', listener);
  app.addHook('onClose', async () => {
    stopFallback();
    await listener.close();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The LISTEN connection on PostgreSQL (absent on PGlite). */
    changesListener?: Listener;
  }
}
