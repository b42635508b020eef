import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What changed: each kind clears the caches that show it. */
export type ShopChange = 'catalogue' | 'content' | 'menu' | 'home';

type Listener = (change: ShopChange) => void;

/**
 * Tells every cache of the shop that something staff saved has changed. A back-office write
 * calls `publish` after its transaction commits; listeners (the services' caches, the response
 * cache, the page cache) drop what the change makes stale.
 */
export class ShopChanges {
  private readonly listeners = new Set<Listener>();

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a committed change. */
  async publish(change: ShopChange): Promise<void> {
    this.deliver(change);
  }

  /** Runs this instance's listeners for a change (its own, or one another instance announced). */
  deliver(change: ShopChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ShopChanges;
  }
}

export const changesPlugin = fp(async (app: FastifyInstance) => {
  const changes = new ShopChanges();
  app.decorate('changes', changes);
  changes.on((change) => {
    if (change === 'catalogue' || change === 'menu') app.services.invalidateCatalogue();
  });
});
