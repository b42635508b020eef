import type { Database } from '#db/client.ts';
import type { MenuNodeJson } from '#domain/api-types.ts';
import { readMenuTree } from '../content/menu-tree.ts';

const TTL_MS = 60_000;

/** The mega-menu tree, read at every header load: kept in process for a minute. */
export class MenuService {
  private tree: Promise<MenuNodeJson[]> | null = null;
  private loadedAt = 0;

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.tree = null;
  }

  get(): Promise<MenuNodeJson[]> {
    if (!this.tree || Date.now() - this.loadedAt > TTL_MS) {
      this.loadedAt = Date.now();
      this.tree = this.load().catch((error: unknown) => {
        this.tree = null;
        throw error;
      });
    }
    return this.tree;
  }

  private load(): Promise<MenuNodeJson[]> {
    return readMenuTree(this.db);
  }
}
