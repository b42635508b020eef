import { asc } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import type { MenuNodeJson } from '#domain/api-types.ts';
import { menuNodes } from '#db/schema/index.ts';

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

  private async load(): Promise<MenuNodeJson[]> {
    const rows = await this.db
      .select()
      .from(menuNodes)
      .orderBy(asc(menuNodes.position), asc(menuNodes.id));
    const children = new Map<number | null, typeof rows>();
    for (const row of rows)
      children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
    const build = (parentId: number | null): MenuNodeJson[] =>
      (children.get(parentId) ?? []).map((row) => ({ title: row.title, children: build(row.id) }));
    return build(null);
  }
}
