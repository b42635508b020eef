import type { Database } from '#db/client.ts';
import type { MenuNodeJson } from '#domain/api-types.ts';
import { readMenuTree } from '../content/menu-tree.ts';

const TTL_MS = 60_000;

/** Retail buyers' tree leaves out entries to trade-only products; trade buyers' keeps them. */
type View = 'retail' | 'trade';

/** The mega-menu tree, read at every header load: kept in process for a minute, per view. */
export class MenuService {
  private readonly trees = new Map<View, { tree: Promise<MenuNodeJson[]>; loadedAt: number }>();

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.trees.clear();
  }

  /** The tree as a buyer who does (`tradeOnlyOpen`) or does not see trade-only products. */
  get(tradeOnlyOpen = false): Promise<MenuNodeJson[]> {
    const view: View = tradeOnlyOpen ? 'trade' : 'retail';
    const kept = this.trees.get(view);
    if (kept && Date.now() - kept.loadedAt <= TTL_MS) return kept.tree;
    const tree = readMenuTree(this.db, { retail: view === 'retail' }).catch((error: unknown) => {
      this.trees.delete(view);
      throw error;
    });
    this.trees.set(view, { tree, loadedAt: Date.now() });
    return tree;
  }
}
